import FolioGeometry

/// A velocity tracker for a `Double` (one coordinate, a transition's progress).
public typealias VelocityTracker = GenericVelocityTracker<Double>

/// Estimates a pointer's velocity from its recent samples, as gesture recognisers do: a
/// least-squares slope over the last `window` seconds, from a fixed ring of samples (no
/// allocation after creation). For a vector value (a `Point`) each component gets its own
/// slope; the fit is the same linear formula on every component.
public struct GenericVelocityTracker<Value: VectorArithmetic>: Sendable {
    /// How far back samples count, in seconds.
    public let window: Double
    private var times: [Double], values: [Value]
    private var next = 0, count = 0

    /// A tracker keeping up to `capacity` samples over the last `window` seconds.
    public init(window: Double = 0.1, capacity: Int = 32) {
        self.window = window > 0 && window.isFinite ? window : 0.1
        let n = max(2, capacity)
        times = Array(repeating: 0, count: n); values = Array(repeating: .zero, count: n)
    }

    /// Forgets every sample (a new gesture).
    public mutating func reset() { next = 0; count = 0 }

    /// Records `value` at time `time` (seconds); non-finite samples are ignored.
    public mutating func add(_ value: Value, at time: Double) {
        guard value.isFinite, time.isFinite else { return }
        times[next] = time; values[next] = value
        next = (next + 1) % times.count
        count = min(count + 1, times.count)
    }

    /// The velocity in value units per second; 0 with fewer than two recent samples.
    public var velocity: Value {
        guard count >= 2 else { return .zero }
        let newest = (next - 1 + times.count) % times.count
        let now = times[newest]
        var n = 0.0, st = 0.0, stt = 0.0
        var sv = Value.zero, stv = Value.zero
        for k in 0..<count {
            let i = (newest - k + times.count) % times.count
            let t = times[i] - now
            guard t >= -window else { break }
            n += 1; st += t; sv = sv + values[i]; stt += t * t; stv = stv + values[i].scaled(by: t)
        }
        let denominator = n * stt - st * st
        guard n >= 2, denominator > 1e-18 else { return .zero }
        return (stv.scaled(by: n) - sv.scaled(by: st)).divided(by: denominator)
    }
}
