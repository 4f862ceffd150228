/// What `DrawList.findSlits` found this frame (`DrawList+Slits.swift`): the neighbours'
/// silhouettes each item takes into its coverage across a slit under a pixel wide.
package struct SlitPartners {
    /// A neighbour's silhouette given to `item`: its line, as the neighbour's own edge line
    /// (the same numbers), with the shader's copy scaled by `kind.scale`, and its ends.
    package struct Partner {
        package var item: Int
        package var line: DrawList.EdgeLine
        package var a: (x: Double, y: Double), b: (x: Double, y: Double)
        /// The neighbour's item, and the receiving item's own facing edge (its two corners).
        package var neighbour: Int
        package var own: (Corner, Corner)
    }

    /// How a partner's coverage enters the item's (`EDGE_PARTNERS` in `Shaders/quad.frag`).
    package enum Kind {
        /// Added: the two items' footprints meet on a seam's line, so each pixel is drawn by
        /// one of them, which adds the other's part to its own (the notch at a crease's end).
        case joined
        /// Divided out: the neighbour was drawn before in the same pixels, with its own
        /// coverage `b`; drawing `c / (1 − b)` over it leaves `b + c` (two sheets' edges
        /// facing each other across a gap).
        case under
        /// Filtered over what it leaves: the neighbour is an opaque sheet drawn after the item
        /// whose silhouette crosses the item's edge in the pixel; the item draws its part of
        /// the pixel outside that line over the part outside it, `(b − o) / (1 − c)`, and the
        /// neighbour's `c` over that leaves each its exact share (`DrawList+CrossingEdges.swift`).
        case beneath
        /// Joined in a contour's band: the neighbour is an opaque sheet cut back out of the band
        /// that the item owns (`DrawList+Surface.swift`), so it draws nothing there; the item
        /// covers the union of its own part and the part the neighbour's silhouette, continued
        /// into the band, bounds, `b + c − o` (`DrawList+CrossingEdges.swift`).
        case band
        /// Clipped at a vertex: the item's own outline turns at a seam's end into the
        /// neighbour's edge (a convex vertex), and the pixel's box inside both lines is the
        /// outline's part of it (`DrawList+TurningCorners.swift`).
        case corner
        /// United at a vertex: as `corner` at a reflex vertex, the box inside either line,
        /// `a + u − o` (the band's union, `DrawList+TurningCorners.swift`).
        case notch

        /// The factor the shader's copy of the line is scaled by: the length of its normal,
        /// which tells the shader how to combine it (1 is an item's own edge).
        package var scale: Float {
            switch self {
            case .joined: 2
            case .under: 4
            case .beneath: 16
            case .band: 32
            case .corner: 64
            case .notch: 128
            }
        }

        /// The kind a line of the shader's is read as, from the squared length of its normal
        /// (`scale` squared: 4, 16, 256, 1024, 4096, 16384; the cut-offs lie between them):
        /// nil for an item's own edge, whether plain (length 1) or combined at a slit's corner
        /// (length 8, `DrawList+Slits.swift`).
        package init?(normalLengthSquared squared: Float) {
            switch squared {
            case ..<2: return nil
            case ..<8: self = .joined
            case ..<32: self = .under
            case ..<128: return nil
            case ..<512: self = .beneath
            case ..<2048: self = .band
            case ..<8192: self = .corner
            default: self = .notch
            }
        }
    }

    package var partners: [Partner] = []

    package init() {}
}
