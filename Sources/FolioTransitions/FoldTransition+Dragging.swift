import FolioGeometry

/// Mapping a drag to fold progress: an outer hinge follows the pointer. The top hinge (between
/// A and B) moves `u − u·cosθ` toward the crease, the bottom hinge (between C and D)
/// `l − l·cosθ`; a pointer holding either moves it exactly along the fold axis.
extension FoldTransition {
    /// How far the top hinge has moved from its resting place toward the crease, in points
    /// (`u − u·cosθ`; the hinge stays at z = 0, so this is also its on-screen distance).
    public var hingeOffset: Double {
        let u = split.leading
        return u - u * Angle.sinCos(degrees: angle).cos
    }

    /// How far the bottom hinge (the far end of C, where D hangs) has moved from its resting
    /// place toward the crease, in points (`l − l·cosθ`). With an even split that hinge stays at
    /// z = 0 and this is its on-screen distance; an odd split leaves it at most one pixel off
    /// the plane, and its perspective then moves it on screen by a fraction of that pixel.
    public var trailingHingeOffset: Double {
        let l = split.trailing
        return l - l * Angle.sinCos(degrees: angle).cos
    }

    /// The progress at which the top hinge sits `offset` points from its resting place
    /// (clamped to 0…u), so a pointer dragging the hinge moves it exactly.
    public func progress(forHingeOffset offset: Double) -> Double {
        progress(forOffset: offset, of: split.leading)
    }

    /// The progress at which the bottom hinge sits `offset` points from its resting place
    /// (clamped to 0…l): the drag of the fold's far half.
    public func progress(forTrailingHingeOffset offset: Double) -> Double {
        progress(forOffset: offset, of: split.trailing)
    }

    /// The progress at which a hinge `length` points from the crease has moved `offset`
    /// toward it: `cosθ = 1 − offset / length`.
    private func progress(forOffset offset: Double, of length: Double) -> Double {
        guard length > 0, !offset.isNaN else { return progress }
        let d = min(length, max(0, offset))
        let theta = acos(min(1, max(-1, 1 - d / length))) * 180 / .pi
        let p = theta / 90
        return min(1, max(0, style.contains(.unfold) ? 1 - p : p))
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
