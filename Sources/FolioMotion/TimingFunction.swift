/// A `CAMediaTimingFunction`: a cubic Bézier from (0,0) to (1,1) with two control points,
/// mapping normalised time x ∈ 0…1 to progress y.
public struct TimingFunction: Hashable, Sendable {
    /// First control point (x in 0…1).
    public let c1x: Double, c1y: Double
    /// Second control point (x in 0…1).
    public let c2x: Double, c2y: Double

    /// Creates a curve; control x values must lie in 0…1 (so x is monotone) and y be finite.
    public init(_ c1x: Double, _ c1y: Double, _ c2x: Double, _ c2y: Double) throws(MotionError) {
        for (name, v) in [("c1x", c1x), ("c2x", c2x)] where !(v >= 0 && v <= 1) {
            throw .invalidControlPoint(name: name, value: v)
        }
        for (name, v) in [("c1y", c1y), ("c2y", c2y)] where !v.isFinite {
            throw .invalidControlPoint(name: name, value: v)
        }
        self.init(unchecked: c1x, c1y, c2x, c2y)
    }

    init(unchecked c1x: Double, _ c1y: Double, _ c2x: Double, _ c2y: Double) {
        self.c1x = c1x; self.c1y = c1y; self.c2x = c2x; self.c2y = c2y
    }

    /// Constant speed.
    public static let linear = TimingFunction(unchecked: 0, 0, 1, 1)
    /// Starts slowly (0.42, 0, 1, 1).
    public static let easeIn = TimingFunction(unchecked: 0.42, 0, 1, 1)
    /// Ends slowly (0, 0, 0.58, 1).
    public static let easeOut = TimingFunction(unchecked: 0, 0, 0.58, 1)
    /// Starts and ends slowly (0.42, 0, 0.58, 1).
    public static let easeInEaseOut = TimingFunction(unchecked: 0.42, 0, 0.58, 1)
    /// Core Animation's default curve (0.25, 0.1, 0.25, 1).
    public static let `default` = TimingFunction(unchecked: 0.25, 0.1, 0.25, 1)

    /// The progress at normalised time `x`: exactly 0 at x ≤ 0 and 1 at x ≥ 1, never NaN
    /// (NaN in gives 0). Solves the curve's x(t) = x by Newton steps with a bisection fallback.
    @inlinable
    public func value(at x: Double) -> Double {
        guard x > 0 else { return 0 }
        guard x < 1 else { return 1 }
        let t = parameter(forX: x)
        return Self.bezier(t, c1y, c2y)
    }

    /// The curve's slope dy/dx at normalised time `x` (progress per unit of normalised time):
    /// `y′(s)/x′(s)` at the Bézier parameter s of x, exact to the solve's rounding (no finite
    /// difference). The one-sided slope at the ends (x ≤ 0 uses s = 0, x ≥ 1 uses s = 1); 0
    /// where the curve's x stalls (a control point at x = 0 or 1 at that end) or for NaN.
    public func slope(at x: Double) -> Double {
        guard !x.isNaN else { return 0 }
        let s = x <= 0 ? 0 : (x >= 1 ? 1 : parameter(forX: x))
        let dx = Self.derivative(s, c1x, c2x), dy = Self.derivative(s, c1y, c2y)
        guard abs(dx) > 1e-12 else { return 0 }
        let slope = dy / dx
        return slope.isFinite ? slope : 0
    }

    /// The Bézier parameter t whose x(t) equals `x` (0 < x < 1).
    @inlinable
    func parameter(forX x: Double) -> Double {
        var t = x
        for _ in 0..<8 {
            let error = Self.bezier(t, c1x, c2x) - x
            if abs(error) < 1e-14 { return t }
            let slope = Self.derivative(t, c1x, c2x)
            if abs(slope) < 1e-9 { break }
            let next = t - error / slope
            if !(next >= 0 && next <= 1) { break }
            t = next
        }
        // Bisection: x(t) is monotone because both control x values lie in 0…1.
        var lo = 0.0, hi = 1.0
        t = x
        for _ in 0..<64 {
            let v = Self.bezier(t, c1x, c2x)
            if abs(v - x) < 1e-15 { break }
            if v < x { lo = t } else { hi = t }
            t = (lo + hi) / 2
        }
        return t
    }

    /// One coordinate of the Bézier with end values 0 and 1 and control values a, b.
    @inlinable
    static func bezier(_ t: Double, _ a: Double, _ b: Double) -> Double {
        let u = 1 - t
        return 3 * u * u * t * a + 3 * u * t * t * b + t * t * t
    }

    @inlinable
    static func derivative(_ t: Double, _ a: Double, _ b: Double) -> Double {
        let u = 1 - t
        return 3 * u * u * a + 6 * u * t * (b - a) + 3 * t * t * (1 - b)
    }
}
