import FolioGeometry

/// An axial gradient as `CAGradientLayer` draws it: colours at locations along start → end,
/// both points in the layer's unit coordinate space (0…1 across its bounds).
public struct Gradient: Hashable, Sendable {
    /// The colours, in order along the axis.
    public var colors: [Color]
    /// Positions 0…1 of each colour along the axis; nil spreads them evenly.
    public var locations: [Double]?
    /// The axis start in unit coordinates (default top centre, as in Core Animation).
    public var startPoint: Point
    /// The axis end in unit coordinates (default bottom centre).
    public var endPoint: Point

    /// Creates an axial gradient.
    public init(colors: [Color], locations: [Double]? = nil,
                startPoint: Point = Point(x: 0.5, y: 0), endPoint: Point = Point(x: 0.5, y: 1)) {
        self.colors = colors; self.locations = locations
        self.startPoint = startPoint; self.endPoint = endPoint
    }

    /// The colour at a unit-space point: projected onto the axis, clamped to its ends and
    /// interpolated linearly (straight alpha) between neighbouring stops.
    public func color(atUnitPoint p: Point) -> Color {
        guard let first = colors.first else { return .clear }
        guard colors.count > 1 else { return first }
        let ax = endPoint.x - startPoint.x, ay = endPoint.y - startPoint.y
        let lengthSquared = ax * ax + ay * ay
        var t = lengthSquared > 0 ? ((p.x - startPoint.x) * ax + (p.y - startPoint.y) * ay) / lengthSquared : 0
        t = min(max(t, 0), 1)
        let n = colors.count
        func location(_ i: Int) -> Double {
            if let locations, i < locations.count { return locations[i] }
            return Double(i) / Double(n - 1)
        }
        if t <= location(0) { return colors[0] }
        for i in 1..<n where t <= location(i) {
            let a = location(i - 1), b = location(i)
            let f = b > a ? (t - a) / (b - a) : 1
            let c0 = colors[i - 1], c1 = colors[i]
            return Color(red: c0.red + (c1.red - c0.red) * f, green: c0.green + (c1.green - c0.green) * f,
                         blue: c0.blue + (c1.blue - c0.blue) * f, alpha: c0.alpha + (c1.alpha - c0.alpha) * f)
        }
        return colors[n - 1]
    }
}
