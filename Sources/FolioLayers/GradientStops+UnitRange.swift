/// The stops a renderer uploads when it computes in `Float` (issue #31: stops at ±1e39 are
/// infinite as floats and drew a hole; stops at ±3.4e38 are finite but their distance is not).
extension GradientStops {
    /// Calls `body(i, location, colour)` for each of `count` stops, given in increasing order
    /// of location (as `GradientStops` holds them), with those outside 0…1 moved onto its ends:
    /// a stop before 0 becomes the colour at 0 at location 0, one past 1 the colour at 1 at
    /// location 1; the others keep their place and clamped colour.
    ///
    /// Over 0…1 — all of the axis a layer shows, as the axis parameter is clamped to it — the
    /// moved stops give exactly the colours of the given ones by the rule of the type's notes
    /// (the spans that cross 0 or 1 are linear, so cutting them there changes no colour), and
    /// their count and order are unchanged; but every location lies in 0…1, so no span's
    /// width or fraction can overflow a `Float`, whatever finite locations were given. The
    /// colours at 0 and 1 are computed in `Double`, where `interpolate` is overflow-safe too.
    /// Allocates nothing.
    public static func forEachStopInUnitRange(count n: Int, location: (Int) -> Double, color: (Int) -> Color,
                                              _ body: (Int, Double, Color) -> Void) {
        guard n > 0 else { return }
        let atStart = interpolate(0, count: n, location: location, color: color)
        let atEnd = interpolate(1, count: n, location: location, color: color)
        for i in 0..<n {
            let l = location(i)
            if l < 0 {
                body(i, 0, atStart)
            } else if l > 1 {
                body(i, 1, atEnd)
            } else {
                body(i, l, clamped(color(i)))
            }
        }
    }
}
