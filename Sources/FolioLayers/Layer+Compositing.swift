import FolioGeometry

// Core Animation's compositing properties as values a renderer can use directly. The rules
// (docs/compositing.md has the whole model):
//
// - Drawing order inside a flattening layer's own plane: background colour, then `contents`
//   (or a gradient layer's gradient), in one pass; then the sublayers, depth-sorted; then the
//   border, over all of them.
// - Rounded corners (`effectiveCornerRadius` > 0) always round the background and the border.
//   They clip `contents`, a gradient and the sublayers only with `masksToBounds`.
// - The border lies inside `bounds`: the band between the (rounded) bounds and the same
//   rectangle inset by `effectiveBorderWidth`, whose corner radius is
//   `max(effectiveCornerRadius − effectiveBorderWidth, 0)`.
// - `masksToBounds` with a zero (or non-finite) width or height shows nothing of the
//   sublayers, as Core Animation (its mask has no area).

extension Layer {
    /// The opacity as composited: clamped to 0…1, NaN as 0 (draws as transparent).
    @inlinable public final var clampedOpacity: Double { opacity >= 0 ? min(opacity, 1) : 0 }

    /// The corner radius as drawn, in points: `cornerRadius` clamped to 0…half the shorter
    /// side of `bounds` (NaN and empty bounds give 0).
    public final var effectiveCornerRadius: Double {
        let limit = min(bounds.width, bounds.height) / 2
        guard cornerRadius > 0, limit > 0 else { return 0 }
        return min(cornerRadius, limit)
    }

    /// The border width as drawn, in points: `borderWidth` clamped to 0…half the shorter side
    /// (a wider border fills the whole rectangle; NaN and empty bounds give 0).
    public final var effectiveBorderWidth: Double {
        let limit = min(bounds.width, bounds.height) / 2
        guard borderWidth > 0, limit > 0 else { return 0 }
        return min(borderWidth, limit)
    }

    /// Whether the layer draws a border: a positive effective width and a colour that is not
    /// fully transparent. Transform layers draw nothing of their own, border included.
    public final var drawsBorder: Bool {
        kind != .transform && effectiveBorderWidth > 0 && borderColor.alpha > 0
    }

    /// Whether `masksToBounds` hides every sublayer: it is set and `bounds` has a zero or
    /// non-finite width or height, so the mask has no area (Core Animation then shows nothing
    /// of the subtree). Only flattening layers mask.
    public final var masksAllSublayers: Bool {
        masksToBounds && flattens && bounds.isEmpty
    }

    /// The scale the layer is rasterized at when `shouldRasterize` is set, in pixels per point
    /// of its own coordinates: `rasterizationScale`, or 1 when that is not positive and finite.
    public final var effectiveRasterizationScale: Double {
        rasterizationScale > 0 && rasterizationScale.isFinite ? rasterizationScale : 1
    }
}
