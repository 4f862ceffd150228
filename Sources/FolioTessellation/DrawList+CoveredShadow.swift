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


    /// Starts leaving out of the page-plane pass being written what the opaque items from
    /// `item` on cover fully: gathers, once for the pass, the covers worth a cut (their
    /// outline's box at least `coverCut.minimumCoverSize` across) with their boxes, and the box of them
    /// all. (The cut first looked at every later item's outline for every polygon of the pass:
    /// ~3,000 polygons × every patch of the leaves drawn after them in the lit curl riffle.)
    package mutating func beginCoverCut(from item: Int) {
        castShadow.coverCut.firstItem = item
        castShadow.coverCut.covers.removeAll(keepingCapacity: true)
        castShadow.coverCut.laterCovers = 0
        var all = (x0: Double.infinity, y0: Double.infinity, x1: -Double.infinity, y1: -Double.infinity)
        if item < items.count {
            for j in item..<items.count where !items[j].cover.isEmpty {
                castShadow.coverCut.laterCovers += 1
                let b = bounds(items[j].corners)
                let least = castShadow.coverCut.minimumCoverSize
                guard b.maxX - b.minX >= least, b.maxY - b.minY >= least else { continue }
                castShadow.coverCut.covers.append((j, (b.minX, b.minY, b.maxX, b.maxY)))
                all = (min(all.x0, b.minX), min(all.y0, b.minY), max(all.x1, b.maxX), max(all.y1, b.maxY))
            }
        }
        castShadow.coverCut.coversBox = all
    }

    /// Writes the convex polygon `castShadow.clip.polygon` (a shadow triangle clipped to a
    /// receiver on the page plane) as triangles, less the fully covered interiors of the covers
    /// gathered for the pass (`beginCoverCut`).
    package mutating func emitUncoveredShadowPolygon() {
        castShadow.coverCut.start(with: castShadow.clip.polygon)
        var box = (x0: Double.infinity, y0: Double.infinity, x1: -Double.infinity, y1: -Double.infinity)
        for p in castShadow.clip.polygon {
            box = (min(box.x0, p.x), min(box.y0, p.y), max(box.x1, p.x), max(box.y1, p.y))
        }
        // Only a cover whose outline's box (which holds its interior) meets the polygon's is
        // worth the cut; none is when the box of them all misses it.
        let all = castShadow.coverCut.coversBox
        castShadow.coverCut.ungatheredBoxTests += castShadow.coverCut.laterCovers
        if all.x0 < box.x1, all.x1 > box.x0, all.y0 < box.y1, all.y1 > box.y0 {
            var k = 0
            while k < castShadow.coverCut.covers.count {
                let (j, other) = castShadow.coverCut.covers[k]
                k += 1
                castShadow.coverCut.boxTests += 1
                guard other.x0 < box.x1, other.x1 > box.x0, other.y0 < box.y1, other.y1 > box.y0 else { continue }
                guard subtractCover(items[j].cover) else { break }
                if castShadow.coverCut.pieces.isEmpty { return }
            }
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
