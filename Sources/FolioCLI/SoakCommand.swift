import ArgumentParser
import Foundation
import FolioCLISupport
import FolioGeometry
import FolioLayers
import FolioRender
import FolioTransitions

/// `folio soak`: renders many frames offscreen and checks that memory stays flat.
public struct SoakCommand: ParsableCommand {
    /// The command's name, summary and help.
    public static let configuration = CommandConfiguration(
        commandName: "soak",
        abstract: "Render many offscreen frames (fold and flip, every AA mode) and report resident memory.",
        discussion: "Exits 1 if resident memory grows by more than --limit MiB after the warm-up. Needs an X display; headless: 'xvfb-run -a'."
    )

    @Option(help: "Frames to render.")
    var frames: Int = 100_000

    @Option(help: "Allowed growth of resident memory after the warm-up, in MiB.")
    var limit: Double = 8

    @Option(parsing: .unconditional, help: "Frame size in points, WxH.")
    var size: String = "96x128"

    @Flag(help: "Print the figures as JSON.")
    var json = false

    /// Creates the command with its defaults (ArgumentParser fills in the options).
    public init() {}

    /// Checks the options before running (usage errors, exit 64).
    public func validate() throws {
        guard frames >= 100 else { throw ValidationError("--frames \(frames) must be at least 100") }
        guard limit > 0, limit.isFinite else { throw ValidationError("--limit \(limit) must be a positive number of MiB") }
        _ = try EffectOptions.parseSize(size)
    }

    /// The figures, as printed with `--json`.
    public struct Report: Encodable, Sendable {
        var frames: Int
        var seconds: Double
        /// Frames rendered before the first sample (`warmUpFrames(for:)`).
        var warmUpFrames: Int
        /// Frames rendered after it, over which the growth is measured.
        var measuredFrames: Int
        /// Resident MiB after the warm-up, at each later tenth of the frames, and at the end.
        var residentMiB: [Double]
        var growthMiB: Double
    }

    /// The warm-up for a run of `frames`: a tenth of them, at least 1,000, while that leaves
    /// at least as many frames to measure; half of a shorter run. (Always 1,000 or more, it
    /// left runs of 100…999 frames nothing to measure, and they passed with a growth of 0.)
    /// The poses the soak cycles through: progress k / 96 for k in 0..<97 (a prime, so that
    /// the effects and antialiasing modes, which change every frame and every other frame,
    /// meet each pose in turn).
    static let poseCycle = 97

    static func warmUpFrames(for frames: Int) -> Int {
        frames >= 2000 ? max(1000, frames / 10) : frames / 2
    }

    /// Renders the frames and samples resident memory.
    @MainActor public func report() throws -> Report {
        let viewSize = try EffectOptions.parseSize(size)
        let (a, b) = (ContentHandle(1), ContentHandle(2))
        // The transitions check the view size first (NaN, negative, absurd), then the pixel
        // size is checked against the device and the memory before any page is drawn.
        let effects: [any Transition]
        do {
            effects = [
                try FoldTransition(size: viewSize, style: .cubic, source: a, destination: b),
                try FlipTransition(size: viewSize, source: a, destination: b),
            ]
        } catch { throw CommandFailure(error) }
        let (w, h) = try RenderLimits.pixelSize(viewSize, scale: 1)
        let offscreen = try OffscreenRenderer()
        // Every AA mode is used, msaa included.
        let msaaSamples = min(4, offscreen.limits.maximumSamples)
        try offscreen.limits.checkTarget(width: w, height: h, samples: msaaSamples)
        let pages = try RenderCommand.plannedPages(from: nil, to: nil, width: w, height: h, limits: offscreen.limits)
        try RenderLimits.checkMemory(pages.bytes + RenderLimits.frameBytes(width: w, height: h, samples: msaaSamples),
                                     for: "soaking at \(w)x\(h) pixels")
        let (pageA, pageB) = try pages.load()
        try offscreen.renderer.setImage(pageA, for: a)
        try offscreen.renderer.setImage(pageB, for: b)
        let modes = AntialiasingMode.allCases
        // Before the count, every pose of the cycle below in every antialiasing mode, once: the
        // renderer compiles a shader variant the first time a draw needs it, and under llvmpipe
        // its compiled code takes megabytes (one variant first needed after a short run's
        // warm-up read as 13–15 MiB of growth). Then the warm-up: the driver settles its caches.
        for effect in effects {
            for step in 0..<Self.poseCycle {
                try effect.setProgress(Double(step) / Double(Self.poseCycle - 1))
                for mode in modes { try offscreen.draw(effect.root, size: viewSize, scale: 1, antialiasing: mode) }
            }
            offscreen.finish()
        }
        let warmUp = Self.warmUpFrames(for: frames)
        var samples: [Double] = []
        let start = Date()
        for frame in 0..<frames {
            let effect = effects[frame % 2]
            try effect.setProgress(Double(frame % Self.poseCycle) / Double(Self.poseCycle - 1))
            try offscreen.draw(effect.root, size: viewSize, scale: 1, antialiasing: modes[(frame / 2) % modes.count])
            if frame % 64 == 0 { offscreen.finish() }
            let done = frame + 1
            if done == warmUp || (done > warmUp && (done % max(1, frames / 10) == 0 || done == frames)) {
                offscreen.finish()
                samples.append(ProcessMemory.residentMiB())
            }
        }
        offscreen.finish()
        let growth = (samples.last ?? 0) - (samples.first ?? 0)
        return Report(frames: frames, seconds: Date().timeIntervalSince(start), warmUpFrames: warmUp, measuredFrames: frames - warmUp,
                      residentMiB: samples, growthMiB: growth)
    }

    /// Runs the command; errors print one line on stderr.
    public func run() throws {
        let r: Report
        nonisolated(unsafe) let command = self // GL is main-thread only, and `run` is called there
        do { r = try MainActor.assumeIsolated { try command.report() } } catch let error as RenderError {
            throw CommandFailure(error)
        } catch let error as TransitionError {
            throw CommandFailure(error)
        }
        if json {
            print(try JSONOutput.string(r))
        } else {
            let list = r.residentMiB.map { String(format: "%.1f", $0) }.joined(separator: " ")
            print("soak: \(r.frames) frames in \(String(format: "%.1f", r.seconds)) s; resident MiB after warm-up, then each tenth: \(list)")
            print("soak: growth after warm-up \(String(format: "%.2f", r.growthMiB)) MiB over \(r.measuredFrames) frames after a warm-up of \(r.warmUpFrames) (limit \(limit))")
        }
        guard r.growthMiB <= limit else {
            throw CommandFailure(message: "soak: resident memory grew by \(r.growthMiB) MiB over \(r.frames) frames (limit \(limit) MiB)")
        }
    }
}
