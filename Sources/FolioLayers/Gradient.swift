import FolioGeometry

/// An axial gradient as `CAGradientLayer` draws it: colours at locations along start → end,
/// both points in the layer's unit coordinate space (0…1 across its bounds).
///
/// How it is drawn, where Core Animation documents it and where Folio chose (`GradientStops`
/// is the exact form a renderer uploads):
///
/// - A point's **axis parameter** `t` is its projection onto start → end: 0 at `startPoint`,
///   1 at `endPoint`, clamped to 0…1, so the colour at each end extends beyond it (Core
///   Animation fills the whole layer). Equal start and end points (an axis of zero length):
///   `t = 0` everywhere — chosen; Core Animation leaves this undocumented.
/// - Colours are interpolated **linearly between neighbouring stops, unpremultiplied**
///   (straight RGBA, sRGB values as given), as Core Animation does: white → clear is grey at
///   alpha 0.5 halfway, not white. Components are clamped to 0…1 (NaN as 0).
/// - **Locations**: nil spreads the colours evenly (`i / (n − 1)`). Core Animation requires
///   one location per colour, increasing, within 0…1; for anything else Folio chose: a
///   locations array of another length, or with a non-finite entry, is ignored (evenly
///   spread); unsorted locations are sorted, stops at equal locations keeping their order (a
///   hard edge: at the location itself the first of them, just past it the last); locations
///   outside 0…1 stay where they are, so 0…1 shows only part of the ramp, and beyond the first
///   and last stops the colour is constant.
/// - No colours: nothing is drawn (clear). One colour: a solid fill.
public struct Gradient: Hashable, Sendable {
    /// The colours, in order along the axis.
    public var colors: [Color]
    /// The location of each colour along the axis (0 at `startPoint`, 1 at `endPoint`); nil
    /// spreads them evenly. See the type's notes for unsorted, out-of-range or mismatched values.
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

    /// The stops as drawn: sorted, with clamped colours (see the type's notes).
    public var stops: GradientStops { GradientStops(self) }

    /// The axis parameter of a unit-space point: its projection onto start → end (0 at the
    /// start, 1 at the end), clamped to 0…1; 0 for an axis of zero length or a point that is
    /// not finite.
    public func axisParameter(atUnitPoint p: Point) -> Double {
        let ax = endPoint.x - startPoint.x, ay = endPoint.y - startPoint.y
        let lengthSquared = ax * ax + ay * ay
        guard lengthSquared > 0, lengthSquared.isFinite else { return 0 }
        let t = ((p.x - startPoint.x) * ax + (p.y - startPoint.y) * ay) / lengthSquared
        guard t > 0 else { return 0 } // NaN too
        return min(t, 1)
    }

    /// The colour at a unit-space point (straight alpha): `stops.color(at: axisParameter(…))`.
    ///
    /// Allocates nothing when the locations are usable as given (nil, or one finite location
    /// per colour in increasing order).
    public func color(atUnitPoint p: Point) -> Color {
        let t = axisParameter(atUnitPoint: p)
        let n = colors.count
        if let locations {
            if GradientStops.usesGivenLocations(locations, count: n) {
                return GradientStops.interpolate(t, count: n, location: { locations[$0] }, color: { colors[$0] })
            }
            if locations.count == n && locations.allSatisfy(\.isFinite) { return stops.color(at: t) }
        }
        return GradientStops.interpolate(t, count: n, location: { GradientStops.evenLocation($0, count: n) }, color: { colors[$0] })
    }
}
