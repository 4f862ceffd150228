import FolioGeometry

/// A page-plane shadow pass leaves out what an opaque item drawn after it covers fully
/// (docs/performance.md, "the lit flip's page-plane passes"). In a riffle the leaves in flight
/// are drawn over the page's shadows (`appendFlatCastShadow` puts those passes right after the
/// last polygon on the page plane), and much of each shadow lies under them; llvmpipe paid for
/// every such pixel twice (the darkness into alpha, then the multiplying draw) only for the
/// leaf to paint it over.
///
/// A cover's fully covered interior (`DrawItem.cover`, `DrawList+Occlusion.swift`) is where
/// every pixel centre shows the cover alone: an opaque source drawn with coverage 1 ignores the
/// destination, so the shadow under it never shows. The pass's triangles (each clipped to
/// its receiver) are cut by those lines moved `cutInset` further in — the same margin the
/// occlusion cut keeps, which also keeps a multisampled pixel's samples inside — and the
/// part inside is dropped (`CoveredShadowCut`: the pieces share their vertices along every
/// edge, with no T-junction, so no sample between two of them is missed). What is drawn keeps
/// its vertices' attributes (points made on a cut are perspective-correct, `Point2.toward`)
/// and the carried edges, so every pixel left is darkened as before, up to the float rounding
/// of the new vertices. Both of the renderer's steps draw the same triangles, and destination
/// alpha under a skipped pixel stays as it was (1, an opaque page), which the cover's own
/// draw then writes over.
extension DrawList {
    /// The most pieces one shadow polygon is cut into; a cover that would make more is not
    /// applied to it, nor any after it (drawing more than needed is always right: the blend
    /// keeps the darkest).
    package static let maximumCoveredShadowPieces = 256

    /// Writes the convex polygon `castShadow.clip.polygon` (a shadow triangle clipped to a
    /// receiver on the page plane) as triangles, less the fully covered interiors of the opaque
    /// items from `castShadow.coverCut.firstItem` on.
    package mutating func emitUncoveredShadowPolygon() {
        castShadow.coverCut.start(with: castShadow.clip.polygon)
        var box = (x0: Double.infinity, y0: Double.infinity, x1: -Double.infinity, y1: -Double.infinity)
        for p in castShadow.clip.polygon {
            box = (min(box.x0, p.x), min(box.y0, p.y), max(box.x1, p.x), max(box.y1, p.y))
        }
        for j in castShadow.coverCut.firstItem..<items.count where !items[j].cover.isEmpty {
            // Only a cover whose outline's box (which holds its interior) meets the polygon's
            // is worth the cut.
            let other = bounds(items[j].corners)
            guard other.minX < box.x1, other.maxX > box.x0, other.minY < box.y1, other.maxY > box.y0 else { continue }
            guard subtractCover(items[j].cover) else { break }
            if castShadow.coverCut.pieces.isEmpty { return }
        }
        for piece in castShadow.coverCut.pieces where piece.count >= 3 {
            let p0 = castShadow.coverCut.points[piece.lowerBound]
            for i in (piece.lowerBound + 1)..<(piece.upperBound - 1) {
                appendShadowVertex(p0)
                appendShadowVertex(castShadow.coverCut.points[i])
                appendShadowVertex(castShadow.coverCut.points[i + 1])
            }
        }
    }

    /// Cuts every piece of `castShadow.coverCut` by the region inside the cover lines `cover`
    /// moved `cutInset` in, and drops what lies in it (`CoveredShadowCut.subtract`). False,
    /// with the pieces left as they were, when that would make more than
    /// `maximumCoveredShadowPieces`.
    @discardableResult
    package mutating func subtractCover(_ cover: Range<Int>) -> Bool {
        castShadow.coverCut.subtract(occlusion.coverLines[cover], inset: Self.cutInset, maximumPieces: Self.maximumCoveredShadowPieces)
    }
}
