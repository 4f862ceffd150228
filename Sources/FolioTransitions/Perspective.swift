/// The effects' perspective: `m34 = −1/d` with the eye `d` points above the page.
public enum Perspective {
    /// The reference eye distance, in half-extents: `d = 4.666667 · L/2`.
    public static let eyeDistanceFactor = 4.666667

    /// The default `m34` for a view whose extent across the hinge is `extent` points.
    public static func defaultM34(extent: Double) -> Double {
        -1 / (eyeDistanceFactor * extent / 2)
    }

    /// Checks that `m34` keeps `w = 1 + m34·z` safely positive for every depth in `depths`
    /// (points) that the effect's panels reach: the eye (at `z = −1/m34`) must be outside the
    /// page with room to spare (`w > 0.01`), and the perspective no stronger than a 100×
    /// shrink (`w ≤ 100`).
    ///
    /// - Throws: `TransitionError.invalidPerspective` naming `m34` and the reason.
    public static func validate(_ m34: Double, depths: ClosedRange<Double>) throws(TransitionError) {
        guard m34.isFinite else { throw .invalidPerspective(m34: m34, reason: "must be finite") }
        let wLow = min(1 + m34 * depths.lowerBound, 1 + m34 * depths.upperBound)
        if !(wLow > 0.01) {
            let eye = m34 == 0 ? Double.infinity : -1 / m34
            throw .invalidPerspective(
                m34: m34,
                reason: "it puts the eye at z = \(eye) points, at or inside the page, which reaches z = \(depths.lowerBound)…\(depths.upperBound)")
        }
        let wHigh = max(1 + m34 * depths.lowerBound, 1 + m34 * depths.upperBound)
        if !(wHigh <= 100) {
            throw .invalidPerspective(m34: m34, reason: "it is so strong that the page shrinks over 100× at depth \(depths.lowerBound)…\(depths.upperBound) points")
        }
    }
}
