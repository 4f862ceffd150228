import FolioGeometry

/// The accordion's overhang.
extension AccordionTransition {
    /// How far the panels reach past the view over the whole 0…1 progress (the alternating
    /// poses of ``setProgress(_:)``; angles of ``setPanelAngles(_:)`` are the app's own and
    /// not covered).
    ///
    /// Sampled, but from the creases' closed form rather than the layers, so the pose is not
    /// touched: at progress `p` panel `i` tilts `φᵢ = (−1)ⁱ·90°·p`, so crease `k` lies at
    /// `xₖ = Σᵢ₍ᵢ<ₖ₎ wᵢ·cos φᵢ` across and `zₖ = Σᵢ₍ᵢ<ₖ₎ wᵢ·sin φᵢ` toward the viewer, and is
    /// seen through `w = 1 + m34·zₖ` about the view's centre. Panels that rise toward the
    /// viewer grow past the view's edges (along the creases, and past the leading edge near
    /// the end when the first panel stands up); the reach has no simple closed form over `p`
    /// for any widths, so it is taken at 257 progress values and padded as
    /// ``Transition/sampledOverhang(steps:)`` is.
    public func overhang() -> TransitionInsets {
        let extent = isVertical ? size.height : size.width, along = isVertical ? size.width : size.height
        let centreAcross = extent / 2, centreAlong = along / 2
        var lowAcross = 0.0, highAcross = extent, lowAlong = 0.0, highAlong = along
        let steps = 256
        for step in 0...steps {
            let (s, c) = Angle.sinCos(degrees: 90 * Double(step) / Double(steps))
            var x = 0.0, z = 0.0
            for k in 0...panelWidths.count {
                if k > 0 {
                    let w = panelWidths[k - 1]
                    x += w * c
                    z += (k - 1) % 2 == 0 ? w * s : -w * s
                }
                let inverse = 1 / (1 + m34 * z)
                guard inverse.isFinite, inverse > 0 else { continue }
                let across = centreAcross + (x - centreAcross) * inverse
                let a0 = centreAlong - centreAlong * inverse, a1 = centreAlong + (along - centreAlong) * inverse
                lowAcross = min(lowAcross, across); highAcross = max(highAcross, across)
                lowAlong = min(lowAlong, a0, a1); highAlong = max(highAlong, a0, a1)
            }
        }
        let low = isVertical ? Point(x: lowAlong, y: lowAcross) : Point(x: lowAcross, y: lowAlong)
        let high = isVertical ? Point(x: highAlong, y: highAcross) : Point(x: highAcross, y: highAlong)
        return TransitionInsets(reachOf: low, high, view: size, pad: Self.samplingPad(size))
    }
}
