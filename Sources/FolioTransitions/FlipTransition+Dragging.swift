import FolioGeometry

/// Mapping a pointer to flip progress so the grabbed point of the page follows it on screen.
extension FlipTransition {
    /// The spine's position across the view (x when horizontal, y when vertical), in points.
    public var spinePosition: Double { split.leading }

    /// The turning leaf's length from the spine to its free edge, in points.
    public var leafLength: Double { style.contains(.backward) ? split.leading : split.trailing }

    /// Where a point of the leaf `radius` points from the spine appears at leaf angle `angle`
    /// (degrees), as a signed offset from the spine across the view, after perspective.
    public func projectedOffset(radius: Double, angle: Double) -> Double {
        let (s, c) = Angle.sinCos(degrees: angle)
        let side: Double = style.contains(.backward) ? -1 : 1
        // The leaf point sits at spine + r·cosφ, z = r·sinφ; the perspective pivots on the spine.
        return side * radius * c / (1 + m34 * radius * s)
    }

    /// The distance from the spine of the leaf point under a pointer at `offset` (signed, from
    /// the spine across the view) at the current progress; nil when the pointer is not over
    /// the turning leaf.
    public func leafRadius(underPointerOffset offset: Double) -> Double? {
        let side: Double = style.contains(.backward) ? -1 : 1
        let (s, c) = Angle.sinCos(degrees: angle)
        // offset = side·r·c / (1 + m34·r·s)  ⇒  r = side·offset / (c − side·offset·m34·s).
        let r = side * offset / (c - side * offset * m34 * s)
        guard r.isFinite, r > 0, r <= leafLength * (1 + 1e-9) else { return nil }
        return r
    }

    /// The progress at which the leaf point `radius` points from the spine projects to the
    /// signed pointer `offset` from the spine, continuous and monotone in the pointer.
    ///
    /// Under perspective the projected point first moves *outward* as the leaf lifts toward the
    /// viewer, so no angle puts it just inside its resting place. The solution is exact
    /// wherever one exists on the falling branch of the projection; in the two bands next to
    /// the resting positions (where the leaf lifts or lands) the angle ramps linearly to the
    /// exact solution 10° beyond where the projected point returns to its resting place, so
    /// the page never jumps. Offsets beyond either end give progress 0 or 1.
    public func progress(forPointerOffset offset: Double, radius: Double) -> Double {
        guard offset.isFinite, radius > 0, radius.isFinite else { return progress }
        let side: Double = style.contains(.backward) ? -1 : 1
        let target = side * offset
        let a = -m34 * radius
        /// The projected offset (as if forward) at angle φ: falls on [φ₁, 180 − φ₁].
        func f(_ phi: Double) -> Double {
            let (s, c) = Angle.sinCos(degrees: phi)
            return radius * c / (1 - a * s)
        }
        /// The angle on the falling branch [lo, hi] where f equals `value` (clamped to the branch).
        func solve(_ value: Double, _ lo: Double, _ hi: Double) -> Double {
            if value >= f(lo) { return lo }
            if value <= f(hi) { return hi }
            var lo = lo, hi = hi
            for _ in 0..<60 {
                let mid = (lo + hi) / 2
                if f(mid) > value { lo = mid } else { hi = mid }
            }
            return (lo + hi) / 2
        }
        guard a > 0 && a < 1 else {
            // Reverse perspective (or none): the projection falls over the whole half turn.
            return solve(target, 0, 180) / 180
        }
        let peak = asin(a) * 180 / .pi
        // φ* returns the point to its resting place r; the ramp ends 10° beyond it.
        let rest = solve(radius, peak, 180 - peak)
        let rampEnd = min(90, rest + 10)
        let (high, low) = (f(rampEnd), f(180 - rampEnd))
        let phi: Double
        if target >= radius {
            phi = 0
        } else if target > high {
            phi = rampEnd * (radius - target) / (radius - high)
        } else if target >= low {
            phi = solve(target, rampEnd, 180 - rampEnd)
        } else if target > -radius {
            phi = 180 - rampEnd * (target + radius) / (low + radius)
        } else {
            phi = 180
        }
        return min(1, max(0, phi / 180))
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
