import Foundation
import Testing
@testable import FolioCLI
import FolioScene

/// The scene format of docs/command-line.md (the command-line contract's fourth round) through `folio evaluate SCENE --time T`:
/// every field written there — each key path kind, `type` basic | spring | keyframe, from/to/by,
/// keyframe `values` / `keyTimes` / `timingFunctions` / `calculationMode`, the spring's
/// parameters, every CAMediaTiming field and fill mode, named and numeric timing functions,
/// additive and cumulative, and `actions` with and without an animation (a spring beginning
/// from the presentation value and velocity) — evaluated at T = 1 s and compared with values
/// worked out from the formulas in each comment (not from Folio's code), to 1e-9.
@Suite struct SceneAnimationFormatTests {
    /// One 10 × 10 layer per field, named for it, at y = 50 (x as given).
    static func layer(_ name: String, x: Double, _ extra: String) -> String {
        #"{"name":"\#(name)","bounds":[0,0,10,10],"position":[\#(x),50],"backgroundColor":[0.5,0.5,0.5]\#(extra.isEmpty ? "" : ",")\#(extra)}"#
    }

    static let layers: [String] = [
        layer("spring", x: 0, #""animations":[{"keyPath":"position.x","type":"spring","fromValue":0,"toValue":100,"mass":1,"stiffness":100,"damping":10,"initialVelocity":2,"duration":5}]"#),
        layer("paced", x: 0, #""animations":[{"keyPath":"position.x","type":"keyframe","values":[0,10,40],"calculationMode":"paced","duration":2}]"#),
        layer("discrete", x: 0, #""animations":[{"keyPath":"opacity","type":"keyframe","values":[0.2,0.6],"keyTimes":[0,0.5,1],"calculationMode":"discrete","duration":2}]"#),
        layer("keyframes", x: 0, #""animations":[{"keyPath":"position.x","type":"keyframe","values":[0,100,200],"keyTimes":[0,0.25,1],"timingFunctions":["easeIn","linear"],"duration":2}]"#),
        layer("forwards", x: 0, #""animations":[{"keyPath":"opacity","fromValue":0,"toValue":0.4,"beginTime":0.25,"duration":1,"speed":2,"fillMode":"forwards"}]"#),
        layer("backwards", x: 0, #""animations":[{"keyPath":"opacity","fromValue":0.3,"toValue":1,"beginTime":2,"duration":1,"fillMode":"backwards"}]"#),
        layer("both", x: 0, #""animations":[{"keyPath":"opacity","fromValue":0.1,"toValue":0.7,"duration":0.5,"fillMode":"both"}]"#),
        layer("removed", x: 0, #""opacity":0.9,"animations":[{"keyPath":"opacity","fromValue":0.1,"toValue":0.2,"duration":0.5,"fillMode":"removed"}]"#),
        layer("repeats", x: 0, #""animations":[{"keyPath":"opacity","fromValue":0,"toValue":1,"duration":1,"autoreverses":true,"repeatCount":1.5,"timeOffset":0.25}]"#),
        layer("curve", x: 0, #""animations":[{"keyPath":"opacity","fromValue":0,"toValue":1,"duration":2,"timingFunction":[0.42,0,0.58,1]}]"#),
        layer("named", x: 0, #""animations":[{"keyPath":"opacity","fromValue":0,"toValue":1,"duration":2,"timingFunction":"easeOut"}]"#),
        layer("cumulative", x: 300, #""animations":[{"keyPath":"position.x","fromValue":0,"toValue":10,"duration":0.4,"repeatCount":3,"additive":true,"cumulative":true}]"#),
        layer("by", x: 50, #""animations":[{"type":"basic","keyPath":"position.x","byValue":40,"duration":2}]"#),
        layer("turn", x: 200, #""animations":[{"keyPath":"transform.rotation.z","fromValue":0,"toValue":4.71238898038469,"duration":2}]"#),
        layer("matrix", x: 200, #""animations":[{"keyPath":"transform","fromValue":[1,0,0,0,0,1,0,0,0,0,1,0,0,0,0,1],"toValue":[2,0,0,0,0,2,0,0,0,0,1,0,0,0,0,1],"duration":2}]"#),
        layer("bounds", x: 200, #""animations":[{"keyPath":"bounds","fromValue":[0,0,10,10],"toValue":[0,0,30,10],"duration":2}]"#),
        layer("size", x: 200, #""animations":[{"keyPath":"bounds.size","fromValue":[10,10],"toValue":[10,30],"duration":2}]"#),
        layer("anchor", x: 200, #""animations":[{"keyPath":"anchorPoint","fromValue":[0.5,0.5],"toValue":[0,0],"duration":2}]"#),
        layer("point", x: 360, #""animations":[{"keyPath":"position","fromValue":[360,50],"toValue":[360,90],"duration":2}]"#),
        layer("scale", x: 200, #""animations":[{"keyPath":"transform.scale","fromValue":1,"toValue":2,"duration":2}]"#),
        layer("lift", x: 200, #""animations":[{"keyPath":"transform.translation.y","byValue":20,"duration":2}]"#),
        layer("handover", x: 20, #""animations":[{"keyPath":"position.x","fromValue":20,"toValue":70,"duration":1}],"actions":[{"time":0.5,"keyPath":"position.x","value":120,"animation":{"type":"spring","stiffness":100,"damping":20,"duration":3}}]"#),
        layer("set", x: 0, #""actions":[{"time":0.2,"keyPath":"opacity","value":0.5}]"#),
        layer("eased", x: 0, #""actions":[{"time":0.5,"keyPath":"position.y","value":90,"animation":{"duration":1,"timingFunction":"linear"}}]"#),
    ]

    static let scene = """
        {"size":[400,100],"layer":{"name":"root","bounds":[0,0,400,100],"position":[200,50],"sublayers":[\(layers.joined(separator: ","))]}}
        """

    static func report(time: Double) throws -> EvaluateCommand.Report {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("folio-format-\(UUID().uuidString).json").path
        try Data(scene.utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let command = try #require(try FolioCommand.parseAsRoot(["evaluate", path, "--time", "\(time)"]) as? EvaluateCommand)
        return try command.report()
    }

    /// The quad of layer `name`, its centre and size.
    static func quad(_ report: EvaluateCommand.Report, _ name: String) throws -> (q: QuadReport, centre: [Double], size: [Double]) {
        let q = try #require(report.quads.first { $0.name == name }, "no quad named \(name)")
        let xs = q.corners.map { $0[0] }, ys = q.corners.map { $0[1] }
        let centre = [xs.reduce(0, +) / 4, ys.reduce(0, +) / 4]
        return (q, centre, [xs.max()! - xs.min()!, ys.max()! - ys.min()!])
    }

    static func close(_ a: Double, _ b: Double, _ what: String) {
        #expect(abs(a - b) <= 1e-9, "\(what): \(a), expected \(b)")
    }

    @Test func everyFieldOfTheFourthRoundFormatWorksAsWritten() throws {
        let r = try Self.report(time: 1)
        func x(_ name: String) throws -> Double { try Self.quad(r, name).centre[0] }
        func y(_ name: String) throws -> Double { try Self.quad(r, name).centre[1] }
        func opacity(_ name: String) throws -> Double { try Self.quad(r, name).q.opacity ?? 1 }
        // Spring: α = damping / 2m = 5, ω_d = √(k/m − α²) = √75; with x′(0) = v₀ = 2 (fractions
        // per second) the step response is 1 − e^{−αt}(cos ω_d t + ((α − v₀)/ω_d) sin ω_d t).
        let wd = 75.0.squareRoot()
        let step: Double = 1 - exp(-5.0) * (cos(wd) + (3 / wd) * sin(wd))
        Self.close(try x("spring"), 100 * step, "spring")
        // Paced: distances 10 and 30; half-way through the 2 s is half the 40 points: x = 20.
        Self.close(try x("paced"), 20, "paced")
        // Discrete: value 1 (0.6) holds from key time 0.5 on.
        Self.close(try opacity("discrete"), 0.6, "discrete")
        // Linear keyframes: progress 0.5 is a third into the second segment (0.25…1, linear): 100 + 100/3.
        Self.close(try x("keyframes"), 100 + 100.0 / 3, "keyframes")
        // Forwards: (1 − 0.25)·2 = 1.5 s ≥ 1 s: the end value holds.
        Self.close(try opacity("forwards"), 0.4, "forwards fill")
        // Backwards: before beginTime 2 the start value shows.
        Self.close(try opacity("backwards"), 0.3, "backwards fill")
        Self.close(try opacity("both"), 0.7, "both")
        // Removed: after the end the model (0.9) shows.
        Self.close(try opacity("removed"), 0.9, "removed fill")
        // u = 1 + 0.25 = 1.25 s into a 2 s forward-and-back pass: 0.25 s back from the end, 0.75.
        Self.close(try opacity("repeats"), 0.75, "timeOffset, repeatCount, autoreverses")
        // The curve (0.42, 0, 0.58, 1) is symmetric about (½, ½): 0.5 at 0.5.
        Self.close(try opacity("curve"), 0.5, "numeric timing function")
        // easeOut (0, 0, 0.58, 1) at x = ½: solve x(s) = 3·0.58·s²(1 − s) + s³ = ½, then y(s).
        var lo = 0.0, hi = 1.0
        for _ in 0..<200 {
            let s = (lo + hi) / 2
            if 3 * 0.58 * s * s * (1 - s) + s * s * s < 0.5 { lo = s } else { hi = s }
        }
        let s = (lo + hi) / 2
        let easedOut: Double = 3 * s * s * (1 - s) + s * s * s   // y(s) with c1y = 0, c2y = 1
        Self.close(try opacity("named"), easedOut, "named timing function")
        // Cumulative, additive: pass 2 (two passes of 0.4 s done) at half: 5 + 2·10, over the model 300.
        Self.close(try x("cumulative"), 325, "additive, cumulative")
        Self.close(try x("by"), 70, "byValue")
        // transform.rotation.z interpolates the angle: 135° at t = 1 (a matrix blend of 0 → 270°,
        // which is −90°, would be at ±45°). Corner 0 starts at (−5, −5) from the centre: turned by
        // ±135° it lies on an axis at +5√2 (the matrix blend would put it at −5√2).
        let turn = try Self.quad(r, "turn")
        let v = [turn.q.corners[0][0] - turn.centre[0], turn.q.corners[0][1] - turn.centre[1]]
        let r2 = 50.0.squareRoot()
        #expect((abs(v[0] - r2) < 1e-9 && abs(v[1]) < 1e-9) || (abs(v[1] - r2) < 1e-9 && abs(v[0]) < 1e-9), "turn: \(v)")
        // The whole matrix: scale 1 → 2 by decomposition, 1.5 at half: 15 × 15.
        let matrix = try Self.quad(r, "matrix")
        Self.close(matrix.size[0], 15, "transform width"); Self.close(matrix.size[1], 15, "transform height")
        Self.close(try Self.quad(r, "bounds").size[0], 20, "bounds")
        Self.close(try Self.quad(r, "size").size[1], 20, "bounds.size")
        // Anchor (0.25, 0.25) of a 10-point square at (200, 50): its top-left corner at (197.5, 47.5).
        let anchor = try Self.quad(r, "anchor").q.corners[0]
        Self.close(anchor[0], 197.5, "anchorPoint x"); Self.close(anchor[1], 47.5, "anchorPoint y")
        Self.close(try y("point"), 70, "position")
        Self.close(try Self.quad(r, "scale").size[0], 15, "transform.scale")
        Self.close(try y("lift"), 60, "transform.translation.y")
        // The action at 0.5 s: the explicit animation shows 45 moving at 50 points per second; a
        // critically damped spring (ω = 10) from there to 120 with that velocity, 0.5 s on:
        // 120 + (x₀ + (v₀ + ω x₀) t) e^{−ωt}, x₀ = −75, v₀ = 50.
        let x0 = -75.0, v0 = 50.0, omega = 10.0, t = 0.5
        let displacement: Double = (x0 + (v0 + omega * x0) * t) * exp(-omega * t)
        Self.close(try x("handover"), 120 + displacement, "action spring from the presentation velocity")
        Self.close(try opacity("set"), 0.5, "action without animation")
        Self.close(try y("eased"), 70, "action with a basic animation")
    }

    @Test func beforeTheActionsAndAtTimeZeroTheSceneShowsTheStartValues() throws {
        let r = try Self.report(time: 0)
        Self.close(try Self.quad(r, "handover").centre[0], 20, "handover at 0")
        Self.close(try Self.quad(r, "set").q.opacity ?? 1, 1, "set at 0")
        Self.close(try Self.quad(r, "spring").centre[0], 0, "spring at 0")
    }
}
