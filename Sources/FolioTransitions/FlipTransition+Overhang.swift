import FolioGeometry

/// The flip's overhang, exact: the leaf's reach has a closed form.
extension FlipTransition {
    /// How far the turning leaf reaches past the view over the whole turn, exactly (no
    /// sampling, no pad).
    ///
    /// A leaf point `r` from the spine at angle φ sits at depth `z = r·sinφ`, seen through
    /// `w = 1 + m34·z` about the pivot `(spine, viewpoint·E)`:
    /// - across the spine it projects `r·cosφ / w` from it. Under the default perspective
    ///   (`m34 < 0`, `k = |m34|·r < 1`) that peaks at `sinφ = k` with `r / √(1 − k²)`: the leaf
    ///   first grows past the view's edge, by `L·(1/√(1 − k²) − 1)` for the half of length `L`
    ///   (the leading half on the leading side, the trailing half on the trailing side);
    /// - along the spine a point at `y` projects to `pivot + (y − pivot)/w`, extreme at the
    ///   page's ends and at `z = 0` or the leaf's highest point `max(u, l)` (edge-on, φ = 90°):
    ///   the edge-on leaf is taller than the page.
    /// Reverse perspective (`m34 > 0`) shrinks what rises, so only the along-axis terms with
    /// the pivot outside the page can reach out.
    public func overhang() -> TransitionInsets {
        let vertical = style.contains(.vertical)
        let (u, l) = (split.leading, split.trailing)
        func across(_ length: Double) -> Double {
            guard m34 < 0 else { return 0 }
            let k = -m34 * length
            return length * (1 / (1 - k * k).squareRoot() - 1)
        }
        let along = vertical ? size.width : size.height
        let pivot = viewpoint * along
        // 1/w at rest and at the leaf's highest point; Y is linear in 1/w and in y.
        let inverses = [1.0, 1 / (1 + m34 * max(u, l))]
        var lowAlong = 0.0, highAlong = along
        for inverse in inverses {
            for y in [0, along] {
                let projected = pivot + (y - pivot) * inverse
                lowAlong = min(lowAlong, projected); highAlong = max(highAlong, projected)
            }
        }
        let leadingAcross = across(u), trailingAcross = across(l)
        func reach(_ d: Double) -> Double { d > 1e-9 ? d : 0 }
        let before = reach(-lowAlong), after = reach(highAlong - along)
        return vertical
            ? TransitionInsets(top: reach(leadingAcross), left: before, bottom: reach(trailingAcross), right: after)
            : TransitionInsets(top: before, left: reach(leadingAcross), bottom: after, right: reach(trailingAcross))
    }
}
