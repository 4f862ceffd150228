#if canImport(Glibc)
import Glibc
#endif

/// What a person looking at a window sees of its frames, over a span of them: wall time per
/// frame and its frame rate, the whole process's CPU time per frame (the driver's threads
/// included: llvmpipe rasterises on worker threads of this process), and the fraction of the
/// window each frame redrew.
///
/// `folio bench --window` and the demo's frame-time readout both count with it, so the two
/// report the same figures. Call ``tick(damagedFraction:)`` once per frame at the same point of
/// the loop; the first tick starts the span. Reading the clocks allocates nothing.
public struct FrameMeter: Sendable {
    /// The figures over a span of frames.
    public struct Figures: Sendable, Equatable {
        /// Frames counted.
        public var frames: Int
        /// Wall milliseconds per frame.
        public var frameMs: Double
        /// Frames per second: 1000 / `frameMs`.
        public var fps: Double { 1000 / frameMs }
        /// Process CPU milliseconds (user + system, every thread) per frame. Above `frameMs`
        /// when the driver's threads rasterise in parallel; work done by other processes (the
        /// X server copying a presented frame) is not in it.
        public var cpuMsPerFrame: Double
        /// The mean, over the frames, of the fraction of the window's pixels each redrew, 0…1.
        public var damagedFraction: Double

        /// Figures as given (a readout of figures measured elsewhere).
        public init(frames: Int, frameMs: Double, cpuMsPerFrame: Double, damagedFraction: Double) {
            self.frames = frames; self.frameMs = frameMs; self.cpuMsPerFrame = cpuMsPerFrame; self.damagedFraction = damagedFraction
        }

        /// "25.90 ms  39 fps  cpu 31.20 ms  damage 1.00": the demo's readout line.
        public var readout: String {
            "\(Self.hundredths(frameMs)) ms  \(Int(fps.rounded())) fps  cpu \(Self.hundredths(cpuMsPerFrame)) ms  damage \(Self.hundredths(damagedFraction))"
        }

        /// `value` with two decimals, without Foundation's formatter.
        static func hundredths(_ value: Double) -> String {
            guard value.isFinite else { return "-" }
            let h = Int((max(0, value) * 100).rounded())
            return "\(h / 100).\(h % 100 < 10 ? "0" : "")\(h % 100)"
        }
    }

    private var start: (wall: Double, cpu: Double)?
    private var last: (wall: Double, cpu: Double) = (0, 0)
    private var frames = 0
    private var damage = 0.0

    /// A meter whose first tick starts its span.
    public init() {}

    /// Marks the end of a frame that redrew `damagedFraction` of the window (clamped to 0…1;
    /// 1 for a renderer that redraws everything — take it from `QuadRenderer.lastFrame`). The
    /// first tick after ``init()`` only starts the span.
    public mutating func tick(damagedFraction: Double = 1) {
        let now = (wall: Self.wallSeconds(), cpu: Self.processCPUSeconds())
        last = now
        guard start != nil else { start = now; return }
        frames += 1
        damage += damagedFraction.isNaN ? 1 : min(1, max(0, damagedFraction))
    }

    /// Starts a new span at the last tick, so that no frame falls between two spans.
    public mutating func restart() {
        start = start == nil ? nil : last
        frames = 0
        damage = 0
    }

    /// The figures since the span started; nil before a frame has ended in it.
    public var figures: Figures? {
        guard let start, frames > 0 else { return nil }
        let n = Double(frames)
        return Figures(frames: frames, frameMs: max(last.wall - start.wall, 1e-9) * 1e3 / n,
                       cpuMsPerFrame: (last.cpu - start.cpu) * 1e3 / n, damagedFraction: damage / n)
    }

    /// Seconds on the monotonic clock.
    public static func wallSeconds() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_MONOTONIC, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
    }

    /// User plus system CPU seconds of the whole process, every thread (`getrusage`).
    public static func processCPUSeconds() -> Double {
        var usage = rusage()
        getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
        func seconds(_ t: timeval) -> Double { Double(t.tv_sec) + Double(t.tv_usec) / 1e6 }
        return seconds(usage.ru_utime) + seconds(usage.ru_stime)
    }
}
