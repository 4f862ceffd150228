import Foundation
import FolioCLISupport
import FolioRender

/// `folio bench --render-only`, and the render table of the full run.
extension RenderBenchmarks {
    /// Runs the rendering measurements alone (five rounds, on the main thread, where GL runs)
    /// and prints them, as a table or as one line of JSON.
    package nonisolated static func command(json: Bool) throws {
        let report = try MainActor.assumeIsolated { try RenderBenchmarks().run(rounds: 5) }
        if json { print(try JSONOutput.string(report)) } else { printTable(report) }
    }

    /// The render table: each effect and mode in ms per frame and as a multiple of the floor.
    nonisolated static func printTable(_ r: Report) {
        func f(_ v: Double?, _ digits: Int = 2) -> String { v.map { String(format: "%.\(digits)f", $0) } ?? "-" }
        print("render \(r.size[0])x\(r.size[1]), medians of \(r.rounds) rounds; floor (bare textured quad) \(f(r.floorMs)) ms/frame")
        print("  --aa        fold ms   ×floor   flip ms   ×floor   curl ms   ×floor   lit curl ms ×floor  lit flip ms ×floor (target for fold and flip ×floor ≤ \(f(r.targets["overFloor"], 1)))")
        for mode in AntialiasingMode.allCases.map(\.rawValue) {
            let cells = effects.map { e in
                f(r.frameMs[e]?[mode]).leftPadded(8) + " " + (f(r.overFloor[e]?[mode]) + "×").leftPadded(8)
            }
            print("  \(mode.padding(toLength: 9, withPad: " ", startingAt: 0))" + cells.map { " " + $0 }.joined())
        }
        let aa = effects.map { "\($0) \(f(r.analyticOverNone[$0]))×" }.joined(separator: ", ")
        print("  analytic ÷ none: \(aa)   (target ≤ \(f(r.targets["analyticOverNone"], 1)))")
        let overdraw = effects.map { e in
            "\(e) \(f(r.overdraw[e]?["analytic"])) (at 0.1: \(f(r.overdraw[e]?["at0.1"])), at 0.9: \(f(r.overdraw[e]?["at0.9"])))"
        }.joined(separator: "; ")
        print("  overdraw, analytic: \(overdraw)")
        let curl = AntialiasingMode.allCases.map { "\($0.rawValue) \(f(r.curlOverFold[$0.rawValue]))×" }.joined(separator: ", ")
        print("  curl ÷ fold: \(curl)   (target ≤ \(f(r.targets["curlOverFold"], 1)))")
        let lit = AntialiasingMode.allCases.map { "\($0.rawValue) \(f(r.litCurlOverFold[$0.rawValue]))×" }.joined(separator: ", ")
        print("  lit curl with its cast shadow ÷ unlit fold: \(lit)   (the light's price; no target)")
        let litFlip = AntialiasingMode.allCases.map { "\($0.rawValue) \(f(r.litFlipOverFlip[$0.rawValue]))×" }.joined(separator: ", ")
        print("  lit flip with its cast shadow ÷ unlit flip: \(litFlip)   (the light's price; no target)")
        let missed = r.met.filter { !$0.value }.keys.sorted()
        print("  targets: " + (missed.isEmpty ? "all met" : "not met: " + missed.joined(separator: ", ")))
    }
}
