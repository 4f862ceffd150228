/// A gradient's stops in the form a renderer draws and uploads: locations in increasing order
/// (stops at equal locations in their given order), each with its colour, straight alpha,
/// components clamped to 0…1. Built from a `Gradient` by the rules in its notes.
///
/// The colour at an axis parameter `t` (already clamped to 0…1 by `Gradient`):
///
/// 1. no stops: clear; one stop: its colour;
/// 2. `t ≤ locations[0]`: `colors[0]`;
/// 3. otherwise the first `i ≥ 1` with `t ≤ locations[i]`: with `a = locations[i − 1]`,
///    `b = locations[i]`, `f = (t − a) / (b − a)` (1 when `b = a`), each straight component
///    is `colors[i − 1] + (colors[i] − colors[i − 1]) · f`;
/// 4. no such `i`: the last colour.
///
/// A renderer that evaluates exactly this, in any precision at least `Float`'s, matches
/// `Gradient.color(atUnitPoint:)` to well under 1/255 with any number of stops; `packed()`
/// is the data to upload.
public struct GradientStops: Hashable, Sendable {
    /// Stop locations along the axis, increasing (equal ones allowed), all finite.
    public let locations: [Double]
    /// The colour of each stop: straight RGBA, each component in 0…1.
    public let colors: [Color]

    /// The stops of `gradient`, as drawn.
    public init(_ gradient: Gradient) {
        let n = gradient.colors.count
        var order = Array(0..<n)
        var given: [Double] = (0..<n).map { Self.evenLocation($0, count: n) }
        if let l = gradient.locations, l.count == n, l.allSatisfy(\.isFinite) {
            given = l
            // Sorted by location, then by given order: stable whatever the sort algorithm.
            order.sort { given[$0] < given[$1] || (given[$0] == given[$1] && $0 < $1) }
        }
        locations = order.map { given[$0] }
        colors = order.map { Self.clamped(gradient.colors[$0]) }
    }

    /// The number of stops.
    public var count: Int { colors.count }

    /// The colour at axis parameter `t` (see the type's notes), straight alpha.
    public func color(at t: Double) -> Color {
        Self.interpolate(t, count: count, location: { locations[$0] }, color: { colors[$0] })
    }

    /// The stops as 32-bit floats, eight per stop: straight red, green, blue, alpha, then the
    /// location and three zeros — two RGBA32F texels per stop, in order, for a texture buffer
    /// or a 1-D float texture of `2 · count` texels.
    public func packed() -> [Float] {
        var out: [Float] = []
        out.reserveCapacity(8 * count)
        for (c, l) in zip(colors, locations) {
            out += [Float(c.red), Float(c.green), Float(c.blue), Float(c.alpha), Float(l), 0, 0, 0]
        }
        return out
    }

    // MARK: Shared with Gradient

    /// Whether `locations` can be used as given: one finite location per colour, non-decreasing.
    static func usesGivenLocations(_ locations: [Double], count: Int) -> Bool {
        guard locations.count == count else { return false }
        var previous = -Double.infinity
        for l in locations {
            guard l.isFinite, l >= previous else { return false }
            previous = l
        }
        return true
    }

    /// The location of stop `i` of `count` spread evenly.
    static func evenLocation(_ i: Int, count: Int) -> Double {
        count > 1 ? Double(i) / Double(count - 1) : 0
    }

    /// A colour with each component clamped to 0…1 (NaN as 0).
    static func clamped(_ c: Color) -> Color {
        func unit(_ x: Double) -> Double { x > 0 ? min(x, 1) : 0 }
        return Color(red: unit(c.red), green: unit(c.green), blue: unit(c.blue), alpha: unit(c.alpha))
    }

    /// How far `t` lies from `a` to `b`: `(t − a) / (b − a)`, 1 when `b ≤ a`. Two finite
    /// locations more than `Double.greatestFiniteMagnitude` apart (±1e308) have an infinite
    /// distance, which would make the fraction 0; halving everything first is exact (powers of
    /// two) and cannot overflow.
    @inline(__always)
    static func fraction(_ t: Double, from a: Double, to b: Double) -> Double {
        guard b > a else { return 1 }
        let width = b - a
        if width.isFinite { return (t - a) / width }
        return (t * 0.5 - a * 0.5) / (b * 0.5 - a * 0.5)
    }

    /// The evaluation rule of the type's notes, over sorted stops given by index.
    @inline(__always)
    static func interpolate(_ t: Double, count n: Int, location: (Int) -> Double, color: (Int) -> Color) -> Color {
        guard n > 0 else { return .clear }
        if n == 1 || t <= location(0) { return clamped(color(0)) }
        for i in 1..<n where t <= location(i) {
            let f = fraction(t, from: location(i - 1), to: location(i))
            let c0 = clamped(color(i - 1)), c1 = clamped(color(i))
            return Color(red: c0.red + (c1.red - c0.red) * f, green: c0.green + (c1.green - c0.green) * f,
                         blue: c0.blue + (c1.blue - c0.blue) * f, alpha: c0.alpha + (c1.alpha - c0.alpha) * f)
        }
        return clamped(color(n - 1))
    }
}
