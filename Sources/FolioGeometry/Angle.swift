#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Sine and cosine helpers; the degree forms are exact at every multiple of 90°.
public enum Angle {
    /// `sin` of an angle in radians.
    @inlinable
    public static func sin(radians: Double) -> Double { _sin(radians) }

    /// `cos` of an angle in radians.
    @inlinable
    public static func cos(radians: Double) -> Double { _cos(radians) }

    /// `(sin, cos)` of an angle in degrees; exactly (0, ±1) or (±1, 0) at multiples of 90°.
    @inlinable
    public static func sinCos(degrees: Double) -> (sin: Double, cos: Double) {
        guard degrees.isFinite else { return (.nan, .nan) }
        // Reduce to [−45°, 45°] about the nearest quadrant so the quadrant swap is exact.
        let turns = (degrees / 90).rounded(.toNearestOrEven)
        let rest = (degrees - turns * 90) * (Double.pi / 180)
        let s = _sin(rest), c = _cos(rest)
        // The quadrant: an integer below 2⁵³ converts exactly (two's complement & 3 is the
        // remainder mod 4 for negative ones too); larger ones are reduced first.
        let quadrant = abs(turns) < 0x1p53 ? Int(turns) & 3 : Int(turns.truncatingRemainder(dividingBy: 4)) & 3
        switch quadrant {
        case 0: return (s, c)
        case 1: return (c, -s)
        case 2: return (-s, -c)
        default: return (-c, s)
        }
    }

    @usableFromInline static func _sin(_ x: Double) -> Double { libmSin(x) }
    @usableFromInline static func _cos(_ x: Double) -> Double { libmCos(x) }
}

// Free functions so the C `sin`/`cos` are not shadowed by `Angle`'s own members.
@usableFromInline func libmSin(_ x: Double) -> Double { sin(x) }
@usableFromInline func libmCos(_ x: Double) -> Double { cos(x) }
