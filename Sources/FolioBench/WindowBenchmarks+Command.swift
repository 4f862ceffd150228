import Foundation
import FolioCLISupport
@_spi(Benchmarks) import FolioRender

/// `folio bench --window`'s output: a table, or JSON under `window`; without a display it says
/// so and succeeds, since there is no window to measure rather than a failure to report.
extension WindowBenchmarks {
    /// `{"window": report}`.
    struct Output: Encodable { var window: Report }
    /// `{"window": {"skipped": reason}}`.
    struct Skipped: Encodable {
        struct Reason: Encodable { var skipped: String }
        var window: Reason
    }

    /// Runs the window benchmark (`quick`: the smoke plan; `leaves`: only these leaf counts of
    /// the full plan, all when empty) and prints it.
    /// With `draws`, profiles the plan's full-redraw frames draw by draw instead of timing frames.
    package nonisolated static func command(quick: Bool, leaves: [Int] = [], draws: Bool = false, json: Bool) throws {
        let report: Report
        do {
            let plan: Plan = quick ? .quick : leaves.isEmpty ? .full() : .full(leaves: leaves)
            if draws {
                let rows = try MainActor.assumeIsolated { try WindowBenchmarks(plan: plan).profileDraws() }
                if json { print(try JSONOutput.string(DrawsOutput(window: .init(draws: rows)))) } else { printDraws(rows) }
                return
            }
            report = try MainActor.assumeIsolated { try WindowBenchmarks(plan: plan).run() }
        } catch let RenderError.noDisplay(reason) {
            let message = "no display, window benchmark skipped (\(reason)); run it under xvfb-run -s \"-screen 0 2600x1700x24\""
            FileHandle.standardError.write(Data("folio bench --window: \(message)\n".utf8))
            if json { print(try JSONOutput.string(Skipped(window: .init(skipped: message)))) }
            return
        }
        if json { print(try JSONOutput.string(Output(window: report))) } else { printTable(report) }
    }

    nonisolated static func printTable(_ r: Report) {
        func f(_ v: Double, _ digits: Int = 1) -> String { String(format: "%.\(digits)f", v) }
        print("machine: \(r.machine) (\(r.build) build)")
        print("renderer: \(r.renderer), --aa \(r.antialiasing)")
        print("window frames: \(r.frame); medians of \(r.rounds) rounds of \(r.framesPerRound) frames")
        print("  size       configuration                  frame ms      fps   cpu ms/frame   damaged   ×floor  cpu ×floor")
        for floor in r.floor {
            let size = "\(floor.size[0])x\(floor.size[1])".padding(toLength: 10, withPad: " ", startingAt: 0)
            let page = "floor (page \(floor.pagePixels[0])x\(floor.pagePixels[1]))".padding(toLength: 30, withPad: " ", startingAt: 0)
            print("  \(size) \(page) \(f(floor.frameMs).leftPadded(8)) \(f(floor.fps).leftPadded(8)) \(f(floor.cpuMsPerFrame).leftPadded(14)) \(f(floor.damagedFraction, 2).leftPadded(9))")
            for row in r.frames where row.size == floor.size {
                let name = Configuration(effect: row.effect, leaves: row.leaves, lit: row.lit, damage: row.damageDriven,
                                         subBuffer: row.presentation == "subBufferCopy").name.padding(toLength: 30, withPad: " ", startingAt: 0)
                print("  \(size) \(name) \(f(row.frameMs).leftPadded(8)) \(f(row.fps).leftPadded(8)) \(f(row.cpuMsPerFrame).leftPadded(14)) \(f(row.damagedFraction, 2).leftPadded(9)) \((f(row.overFloor, 2) + "×").leftPadded(8)) \((f(row.cpuOverFloor, 2) + "×").leftPadded(11))")
            }
        }
        for skipped in r.skippedSizes { print("  skipped \(skipped)") }
    }
}
