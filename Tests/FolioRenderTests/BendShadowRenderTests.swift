import Foundation
import XCTest
@testable import FolioRender
import FolioCLI
import FolioGeometry
import FolioTransitions

/// The cast shadow where the curl's flat part meets its bend (docs/curl.md §8, "Where"): the
/// shadow of the turned part goes on across the axis line onto the bend's low strips instead of
/// ending there in a straight hard cut.
///
/// Each pose is rendered lit by `folio render`, with and without shadows; their ratio is the
/// light the shadow leaves. Along every pixel row crossing the axis line inside the shadow, the
/// ratio may change between adjacent pixels only as fast as the model's own profile allows there
/// (1.5 times its largest step just before the axis, plus `maximumExcess`). Before the bend
/// received the shadow the ratio jumped from about 0.76 to 1 at the axis (0.24 in one pixel at
/// progress 0.7, 45°).
final class BendShadowRenderTests: XCTestCase {
    static let size = (width: 480.0, height: 300.0)
    static let scale = 2.0
    /// How much more the light left may change between adjacent pixels across the axis than
    /// 1.5 times the model's own largest step just before it: rounding to 8 bits (about 0.01 of
    /// the ratio on the darker pages) and the bend strips' steps in height.
    static let maximumExcess = 0.02

    struct Crossing { let row: Int; let x: Double }

    /// The pixel rows crossing the axis line (the mesh's vertices on the page that bound a
    /// lifted triangle), away from its ends, with the axis's x on each row in pixels.
    static func axisCrossings(progress: Double, angle: Double, radius: Double?) throws -> [Crossing] {
        let curl = try CurlTransition(size: Size(width: size.width, height: size.height), scale: scale, startAngle: angle, radius: radius)
        try curl.setProgress(progress)
        let mesh = MeshReport(curl)
        var onAxis = Set<Int>()
        for t in mesh.triangles where t.contains(where: { mesh.vertices[$0].position[2] > 1e-6 }) {
            for v in t where abs(mesh.vertices[v].position[2]) <= 1e-9 { onAxis.insert(v) }
        }
        // The axis's two ends: the pair of its vertices farthest apart on screen.
        let points = onAxis.map { (mesh.vertices[$0].point[0] * scale, mesh.vertices[$0].point[1] * scale) }
        guard points.count >= 2 else { return [] }
        var ends = (points[0], points[1]), best = -1.0
        for a in points { for b in points {
            let d = (a.0 - b.0) * (a.0 - b.0) + (a.1 - b.1) * (a.1 - b.1)
            if d > best { best = d; ends = (a, b) }
        } }
        let (a, b) = ends
        guard abs(b.1 - a.1) > 20 else { return [] }
        var rows: [Crossing] = []
        let y0 = Int(min(a.1, b.1).rounded(.up)) + 10, y1 = Int(max(a.1, b.1).rounded(.down)) - 10
        guard y0 <= y1 else { return [] }
        for y in y0...y1 {
            let t = (Double(y) + 0.5 - a.1) / (b.1 - a.1)
            rows.append(Crossing(row: y, x: a.0 + (b.0 - a.0) * t))
        }
        return rows
    }

    static func image(progress: Double, angle: Double, radius: Double?, shadows: Bool) throws -> Image {
        var arguments = ["--effect", "curl", "--progress", "\(progress)", "--angle", "\(angle)", "--size", "480x300",
                         "--scale", "2", "--light", "--out", "/tmp/folio-bend-shadow.png"]
        if let radius { arguments += ["--radius", "\(radius)"] }
        if !shadows { arguments.append("--no-shadows") }
        let command = try RenderCommand.parse(arguments)
        return try MainActor.assumeIsolated { try command.image() }
    }

    /// The largest excess of a step of the light left across the axis over what the model's
    /// gradient allows (0 when none exceeds it), and the rows measured, at one pose.
    static func largestStep(progress: Double, angle: Double, radius: Double?) throws -> (step: Double, rows: Int, at: String, raw: Double) {
        let lit = try image(progress: progress, angle: angle, radius: radius, shadows: true)
        let bare = try image(progress: progress, angle: angle, radius: radius, shadows: false)
        func ratio(_ x: Int, _ y: Int) -> Double? {
            let b = bare.pixel(x, y)
            guard b.g >= 40 else { return nil }
            return Double(lit.pixel(x, y).g) / Double(b.g)
        }
        var largest = 0.0, rows = 0, at = "", raw = 0.0
        for c in try axisCrossings(progress: progress, angle: angle, radius: radius) {
            let xa = Int(c.x.rounded(.down))
            guard xa - 12 >= 0, xa + 7 < lit.width, c.row >= 0, c.row < lit.height else { continue }
            // Inside the shadow: the flat part just before the axis is darkened.
            guard let before = ratio(xa - 4, c.row), before < 0.97 else { continue }
            // The model's own gradient there, as the renderer draws it on the flat part (where
            // the other shadow tests pin it to the model to 0.56/255): the largest step over
            // the 8 pixels before the window.
            var gradient = 0.0
            for x in (xa - 12)..<(xa - 4) {
                guard let r0 = ratio(x, c.row), let r1 = ratio(x + 1, c.row) else { continue }
                gradient = max(gradient, abs(r1 - r0))
            }
            // Across the axis, on the same surface: the window ends where the unshadowed
            // picture changes hue (another surface's edge — the turned part's silhouette — or a
            // stripe of the page's content), as light and shade scale the channels alike.
            let first = bare.pixel(xa - 4, c.row)
            func hue(_ p: (r: UInt8, g: UInt8, b: UInt8, a: UInt8)) -> (Double, Double) {
                (Double(p.r) / max(1, Double(p.g)), Double(p.b) / max(1, Double(p.g)))
            }
            let h0 = hue(first)
            rows += 1
            for x in (xa - 4)...(xa + 6) {
                let h1 = hue(bare.pixel(x + 1, c.row))
                guard abs(h1.0 - h0.0) <= 0.03, abs(h1.1 - h0.1) <= 0.03,
                      let r0 = ratio(x, c.row), let r1 = ratio(x + 1, c.row) else { break }
                raw = max(raw, abs(r1 - r0))
                let excess = abs(r1 - r0) - (maximumExcess + 1.5 * gradient)
                if excess > largest { largest = excess; at = "(\(x), \(c.row)): step \(abs(r1 - r0)), gradient \(gradient)" }
            }
        }
        return (largest, rows, at, raw)
    }

    /// The leaf's flat part receives the turned part's shadow even where the painter's order
    /// draws a bend strip before it (it covers none of the flat part): at these poses the
    /// shadow lies across the axis line on many rows (0.7, 45°: the reviewer's pose, where the
    /// order draws a bend strip first). Drawn as one pass before the first lifted
    /// patch, the flat part got none.
    func testTheLeafsFlatPartReceivesItsShadowWhateverTheDrawOrder() throws {
        for (progress, angle) in [(0.7, 45.0)] {
            let lit = try Self.image(progress: progress, angle: angle, radius: nil, shadows: true)
            let bare = try Self.image(progress: progress, angle: angle, radius: nil, shadows: false)
            var shadowed = 0
            for c in try Self.axisCrossings(progress: progress, angle: angle, radius: nil) {
                let x = Int(c.x.rounded(.down)) - 4
                guard x >= 0, c.row >= 0, c.row < lit.height else { continue }
                let b = bare.pixel(x, c.row)
                if b.g >= 40 && Double(lit.pixel(x, c.row).g) / Double(b.g) < 0.97 { shadowed += 1 }
            }
            XCTAssertGreaterThan(shadowed, 10, "progress \(progress), angle \(angle): rows shadowed just before the axis")
        }
    }

    func testTheShadowCrossesTheAxisLineWithoutAHardEdge() throws {
        var measured = 0
        for radius in [nil, 6.0] as [Double?] {
            for angle in [0.0, 25, 35, 45, -30] {
                for progress in [0.5, 0.6, 0.7, 0.85] {
                    let (step, rows, at, raw) = try Self.largestStep(progress: progress, angle: angle, radius: radius)
                    print("bend shadow: progress \(progress), angle \(angle), radius \(radius.map { "\($0)" } ?? "default"): \(rows) rows, largest step \(raw), largest excess \(step) at \(at)")
                    XCTAssertLessThanOrEqual(step, 0, "progress \(progress), angle \(angle), radius \(String(describing: radius)) at \(at)")
                    measured += rows
                }
            }
        }
        XCTAssertGreaterThan(measured, 40, "rows crossing the axis inside the shadow")
    }
}
