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
/// part inside is dropped. What is drawn keeps its vertices' attributes (points made on a cut
/// are perspective-correct, `Point2.toward`) and the carried edges, so every pixel left is
/// darkened as before, up to the float rounding of the new vertices. Both of the renderer's
/// steps draw the same triangles, and destination alpha under a skipped pixel stays as it was
/// (1, an opaque page), which the cover's own draw then writes over.
extension DrawList {
    /// The most pieces one shadow polygon is cut into; past that the remaining covers are not
    /// applied (drawing more than needed is always right: the blend keeps the darkest).
    package static let maximumCoveredShadowPieces = 64

    /// Writes the convex polygon `castShadow.clip.polygon` (a shadow triangle clipped to a
    /// receiver on the page plane) as triangles, less the fully covered interiors of the opaque
    /// items from `castShadow.coverCut.firstItem` on.
    package mutating func emitUncoveredShadowPolygon() {
        castShadow.coverCut.points.removeAll(keepingCapacity: true)
        castShadow.coverCut.pieces.removeAll(keepingCapacity: true)
        castShadow.coverCut.points.append(contentsOf: castShadow.clip.polygon)
        castShadow.coverCut.pieces.append(0..<castShadow.coverCut.points.count)
        var box = (x0: Double.infinity, y0: Double.infinity, x1: -Double.infinity, y1: -Double.infinity)
        for p in castShadow.clip.polygon {
            box = (min(box.x0, p.x), min(box.y0, p.y), max(box.x1, p.x), max(box.y1, p.y))
        }
        for j in castShadow.coverCut.firstItem..<items.count where !items[j].cover.isEmpty {
            let other = bounds(items[j].corners)
            // Only a cover whose interior can take a pixel of the polygon is worth the cut.
            guard other.minX + Self.cutInset < box.x1, other.maxX - Self.cutInset > box.x0,
                  other.minY + Self.cutInset < box.y1, other.maxY - Self.cutInset > box.y0 else { continue }
            subtractCover(items[j].cover)
            if castShadow.coverCut.pieces.isEmpty { return }
            if castShadow.coverCut.pieces.count > Self.maximumCoveredShadowPieces { break }
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

    /// Cuts every piece of `castShadow.coverCut` by the cover lines `cover` moved `cutInset`
    /// in: per line, the part outside it is kept as a piece and the rest goes on to the next
    /// line; what is inside them all is dropped. Each crossing is computed once, from the same
    /// two corners in the same order, for both parts, so the pieces meet exactly.
    package mutating func subtractCover(_ cover: Range<Int>) {
        castShadow.coverCut.nextPoints.removeAll(keepingCapacity: true)
        castShadow.coverCut.nextPieces.removeAll(keepingCapacity: true)
        for piece in castShadow.coverCut.pieces {
            castShadow.coverCut.rest.removeAll(keepingCapacity: true)
            castShadow.coverCut.rest.append(contentsOf: castShadow.coverCut.points[piece])
            for l in cover {
                var line = occlusion.coverLines[l]
                line.c -= Self.cutInset
                let rest = castShadow.coverCut.rest
                var inside = 0
                for p in rest where line.distance(p.x, p.y) >= 0 { inside += 1 }
                if inside == rest.count { continue }
                let start = castShadow.coverCut.nextPoints.count
                castShadow.coverCut.restNext.removeAll(keepingCapacity: true)
                for i in rest.indices {
                    let s = rest[i], t = rest[i + 1 == rest.count ? 0 : i + 1]
                    let ds = line.distance(s.x, s.y), dt = line.distance(t.x, t.y)
                    if ds < 0 { castShadow.coverCut.nextPoints.append(s) } else { castShadow.coverCut.restNext.append(s) }
                    if (ds < 0) != (dt < 0) {
                        let crossing = s.toward(t, ds / (ds - dt))
                        castShadow.coverCut.nextPoints.append(crossing)
                        castShadow.coverCut.restNext.append(crossing)
                    }
                }
                castShadow.coverCut.nextPieces.append(start..<castShadow.coverCut.nextPoints.count)
                swap(&castShadow.coverCut.rest, &castShadow.coverCut.restNext)
                // Wholly outside this line: nothing is left to cut.
                if castShadow.coverCut.rest.count < 3 { break }
            }
        }
        swap(&castShadow.coverCut.points, &castShadow.coverCut.nextPoints)
        swap(&castShadow.coverCut.pieces, &castShadow.coverCut.nextPieces)
    }
}
