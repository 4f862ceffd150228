import FolioGeometry

/// Mapping a drag to fold progress: the top hinge (between A and B) follows the pointer.
extension FoldTransition {
    /// How far the top hinge has moved from its resting place toward the crease, in points
    /// (`u − u·cosθ`; the hinge stays at z = 0, so this is also its on-screen distance).
    public var hingeOffset: Double {
        let u = split.leading
        return u - u * Angle.sinCos(degrees: angle).cos
    }

    /// The progress at which the top hinge sits `offset` points from its resting place
    /// (clamped to 0…u), so a pointer dragging the hinge moves it exactly.
    public func progress(forHingeOffset offset: Double) -> Double {
        let u = split.leading
        guard u > 0, !offset.isNaN else { return progress }
        let d = min(u, max(0, offset))
        let theta = acos(min(1, max(-1, 1 - d / u))) * 180 / .pi
        let p = theta / 90
        return min(1, max(0, style.contains(.unfold) ? 1 - p : p))
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
