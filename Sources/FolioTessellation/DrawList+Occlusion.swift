import FolioGeometry
import FolioLayers

/// Not drawing what a later opaque polygon covers: the static page under the flip's turning
/// leaf, for instance, which would otherwise be shaded and then painted over in full.
///
/// ## What may be cut
///
/// A **cover** is an item whose every pixel is opaque — opacity exactly 1 and a texture known
/// opaque at upload or an opaque background under whatever it draws — drawn after the item
/// being cut. Only its **fully covered interior** is cut away: the region `R` at least a pixel
/// box's reach (plus float tolerance) inside its silhouette edges, where its coverage is exactly
/// 1, and a hair (`ε`) inside its other edges, where the rasterizer's tie rules decide. Every
/// pixel centre there shows the cover and nothing under it, so no pixel changes: in 8-bit
/// targets the blend of an opaque source ignores the destination.
///
/// Border mode's coverage is a ramp in texture space: it is exactly 1 where the local point lies
/// at least half a content texel inside the layer's bounds. There `R` is also bounded by the
/// image of those bounds inset by half a texel (plus tolerance), and the item being cut is its
/// grown outline (one texel past its bounds, as `triangulateBordered` draws it), split into
/// plain pieces: the ramp is computed per pixel from the local point, whatever the triangles.
///
/// ## How
///
/// The item's polygon is split by `R`'s edge lines one after another: each split keeps the part
/// outside the line as a piece and goes on with the rest; what is left at the end, `K`, lies in
/// `R` and is dropped. The pieces are then drawn like whole polygons (footprint, interior and
/// band) with the item's own silhouette edges. Three rules keep every pixel as it was:
///
/// - **No T-junctions.** Where a later split crosses an earlier piece's chord, the crossing point
///   is inserted into that piece too, so the pieces share their vertices exactly.
/// - **Seams stay whole.** A seam (an edge shared with another polygon) is never split: lines
///   that keep a seam out of `R` go first, so the seam falls into one piece untouched; a seam
///   that `R` crosses cancels the cut.
/// - **Margins meet.** Where a chord meets a silhouette, both pieces step out along the chord's
///   line (`cap(alongSeam:)`), so their antialiasing margins share the boundary; and `K`'s own
///   footprint, margin included, must lie inside `R`, or nothing is cut.
///
/// Each item is cut by at most one cover, the first of the next `coverSearch` items that
/// removes at least `minimumCutArea` square pixels.
///
/// ## Whole items
///
/// An item whose outline a later cover repeats exactly, with no antialiased edge on either, is
/// left out whole (`isHiddenWhole`): the page and the leaves stacked flat on it under a curled
/// leaf, split by the same planes, whose edges are all seams or the view's edge, so that no cut
/// may take them.
extension DrawList {
    /// A line bounding a cover's fully covered interior, in viewport pixels: inside where
    /// `nx·x + ny·y + c ≥ 0`.
    package struct CoverLine {
        package var nx: Double, ny: Double, c: Double

        package func distance(_ x: Double, _ y: Double) -> Double { nx * x + ny * y + c }
    }

    /// Corners one piece may have (insertions included); more cancels the cut.
    package static let pieceCapacity = 24
    /// How many later items are tried as covers for an item.
    package static let coverSearch = 8
    /// The least area, in square pixels, worth cutting away.
    package static let minimumCutArea = 64.0
    /// How far inside a cover's non-silhouette edges its covered interior starts (pixels).
    package static let coverInset = 0.01
    /// How much of the covered interior's rim is drawn anyway (pixels): the cut lines lie this
    /// far inside it, so that pieces along a seam are not slivers whose margins would reach
    /// across their chords.
    package static let cutInset = 2.0

    /// How much farther than its reach a silhouette edge's coverage may still fall short of 1
    /// after float rounding (vertex positions, the shader's distance), in pixels.
    package var coverageTolerance: Double {
        0.02 + 1e-6 * (max(pixelSize.width, pixelSize.height) + abs(origin.x) + abs(origin.y))
    }

    /// Finds, for every item that is opaque everywhere (`isOpaque`), the lines of the region it
    /// covers fully (`DrawItem.cover`).
    package mutating func findCovers(_ frame: Frame, mode: TriangulationMode, isOpaque: (Frame.Polygon) -> Bool,
                             texelsPerPoint: (Frame.Polygon) -> (Double, Double)) {
        occlusion.coverLines.removeAll(keepingCapacity: true)
        let tolerance = coverageTolerance
        let analytic = mode == .inflated
        for j in items.indices where items[j].composite < 0 && items[j].border < 0 && items[j].raster < 0 && isOpaque(frame.polygons[items[j].quadIndex]) {
            let r = items[j].corners
            let sign = winding(r)
            let start = occlusion.coverLines.count
            for k in r {
                guard let (nx, ny) = inwardNormal(k, in: r, winding: sign) else { continue }
                let a = corners[k]
                let inset = analytic && a.fades ? 0.5 * (abs(nx) + abs(ny)) + tolerance : Self.coverInset
                occlusion.coverLines.append(CoverLine(nx: nx, ny: ny, c: -(nx * a.x + ny * a.y) - inset))
            }
            if mode == .bordered {
                let quad = frame.polygons[items[j].quadIndex]
                // A surface patch's texture may be its back contents, whose texel size the
                // closure does not know: such a patch hides nothing in border mode.
                guard quad.surfacePatch < 0, appendRampInterior(quad, bounds: frame.record(of: quad).bounds, texels: texelsPerPoint(quad), tolerance: tolerance) else {
                    occlusion.coverLines.removeSubrange(start...)
                    continue
                }
            }
            items[j].cover = start..<occlusion.coverLines.count
        }
    }

    /// Border mode: appends the lines of the region where `quad`'s texture-space ramp is exactly
    /// 1 — its bounds inset by half a content texel, plus float tolerance, mapped to viewport
    /// pixels and moved `tolerance` pixels further in. False when that region is empty or does
    /// not lie wholly in front of the eye.
    package mutating func appendRampInterior(_ quad: Frame.Polygon, bounds b: Rect, texels: (Double, Double), tolerance: Double) -> Bool {
        guard texels.0 > 0, texels.1 > 0 else { return false }
        // The shader computes the ramp in 32-bit floats from an interpolated local point: a
        // fiftieth of a texel and a few float steps of the coordinates' size cover its rounding.
        let slack = 1e-5 * (abs(b.minX) + abs(b.maxX) + abs(b.minY) + abs(b.maxY))
        let dx = 0.52 / texels.0 + slack, dy = 0.52 / texels.1 + slack
        guard b.width > 2 * dx, b.height > 2 * dy else { return false }
        func corner(_ k: Int) -> (x: Double, y: Double, w: Double) {
            let local = Point(x: k == 0 || k == 3 ? b.minX + dx : b.maxX - dx, y: k < 2 ? b.minY + dy : b.maxY - dy)
            let h = quad.localToView.apply(local)
            return (h.x / h.w * scale, pixelSize.height - h.y / h.w * scale, h.w)
        }
        // The image of a rectangle wholly in front of the eye is convex: its signed area gives
        // the side its inside is on. (Each corner is mapped twice; no array is made per frame.)
        var area = 0.0
        for k in 0..<4 {
            let a = corner(k), e = corner((k + 1) % 4)
            guard a.w > 0, a.x.isFinite, a.y.isFinite else { return false }
            area += a.x * e.y - e.x * a.y
        }
        let sign = area > 0 ? 1.0 : -1.0
        for k in 0..<4 {
            let a = corner(k), e = corner((k + 1) % 4)
            let ex = e.x - a.x, ey = e.y - a.y
            let length = (ex * ex + ey * ey).squareRoot()
            guard length > 0 else { return false }
            let nx = -sign * ey / length, ny = sign * ex / length
            occlusion.coverLines.append(CoverLine(nx: nx, ny: ny, c: -(nx * a.x + ny * a.y) - tolerance))
        }
        return true
    }

    /// Whether a later cover draws every pixel item `i` would, so that `i` needs no triangles:
    /// one of the next `coverSearch` opaque items has `i`'s outline exactly — the same corners,
    /// bit for bit, in the same cyclic order — and the same edges antialiased (in `.inflated`
    /// mode; `.plain` has none, and border mode grows every outline, so it never applies
    /// there). The same corners give the same vertices, hence the same outer edges and
    /// fill-rule decisions whatever the triangulation inside, and the cover's pixels are opaque;
    /// along an antialiased edge both ramp the same pixels by the same line's coverage, so the
    /// cover drawn alone is exact there, where the two drawn one over the other composite
    /// `2a − a²` (stacked sheets are no seam, `markSharedEdges`). `cut` cannot find this case: every edge of such an item is usually a
    /// seam (coplanar pieces of stacked sheets, split by the same planes — the page and the
    /// leaves lying on it under a curled leaf's flat part), and a seam may not be split.
    ///
    /// Without antialiased edges no seam corner splits either item's triangles; a back-facing
    /// surface patch near a contour has its triangles clipped to the contour's band
    /// (`clipToContourBands`), so such a cover is not taken.
    package func isHiddenWhole(_ i: Int, _ frame: Frame, mode: TriangulationMode) -> Bool {
        guard hidesCoincidentItems, mode != .bordered else { return false }
        func clippedToBands(_ k: Int) -> Bool {
            let quad = frame.polygons[items[k].quadIndex]
            return !surface.contours.isEmpty && quad.surfacePatch >= 0 && quad.localToView.showsBack
        }
        let r = items[i].corners
        let first = corners[r.lowerBound]
        for j in (i + 1)..<min(items.count, i + 1 + Self.coverSearch) where !items[j].cover.isEmpty {
            let s = items[j].corners
            guard s.count == r.count, !clippedToBands(j) else { continue }
            guard let offset = s.firstIndex(where: { Self.samePosition(corners[$0], first) }) else { continue }
            let shift = offset - s.lowerBound
            // An antialiased edge of either must be the other's too: the same line ramps the
            // same pixels by the same coverage, which the opaque cover then draws alone.
            if r.indices.allSatisfy({ k in
                let c = corners[s.lowerBound + (k - r.lowerBound + shift) % r.count]
                return Self.samePosition(corners[k], c) && (mode != .inflated || corners[k].fades == c.fades)
            }) {
                return true
            }
        }
        return false
    }

    /// Whether two corners lie at the same viewport position, bit for bit (and so become the
    /// same vertex).
    static func samePosition(_ a: Corner, _ b: Corner) -> Bool { a.x == b.x && a.y == b.y && a.w == b.w }

    /// Triangulates what of item `i` no later cover hides, if a cover hides enough of it;
    /// returns false (and adds nothing) when the item is to be drawn whole.
    package mutating func triangulateUncovered(_ i: Int, _ quad: Frame.Polygon, layerBounds: Rect, mode: TriangulationMode, scale: Double,
                                       texels: (Double, Double), growsWhole: Bool) -> Bool {
        let analytic = mode == .inflated
        var r = items[i].corners
        // Border mode draws a whole layer grown by a texel: that outline is what is cut.
        let grownMark = corners.count
        if growsWhole, let grown = appendGrownOutline(i, quad, bounds: layerBounds, texels: texels) { r = grown }
        var cutSucceeded = false
        defer { if corners.count > grownMark && !cutSucceeded { corners.removeSubrange(grownMark...) } }
        let box = bounds(r)
        for j in (i + 1)..<min(items.count, i + 1 + Self.coverSearch) where !items[j].cover.isEmpty {
            let other = bounds(items[j].corners)
            let overlap = (min(box.maxX, other.maxX) - max(box.minX, other.minX), min(box.maxY, other.maxY) - max(box.minY, other.minY))
            guard overlap.0 > 0, overlap.1 > 0, overlap.0 * overlap.1 >= Self.minimumCutArea else { continue }
            guard cut(r, by: items[j].cover, analytic: analytic, quad, scale: scale) else { continue }
            // Draw the pieces.
            let marks = (corners: corners.count, points: points.count, triangles: triangles.count)
            var conforming = true
            for p in occlusion.pieceLengths.indices where occlusion.pieceLengths[p] >= 3 {
                let start = corners.count
                let base = p * Self.pieceCapacity
                corners.append(contentsOf: occlusion.pieceCorners[base..<(base + occlusion.pieceLengths[p])])
                let piece = start..<corners.count
                guard analytic else { triangulatePlain(piece); continue }
                let outline = appendFootprint(piece, quad, scale: scale)
                // Each piece's margin must stay on its own side of its chords, or it would
                // overlap its neighbour's (a piece under a pixel thick at a corner).
                guard staysOnItsSide(outline, piece) else { conforming = false; break }
                starCut(centre: outline.lowerBound - 1, outline: outline, edges: items[i].edges, polygon: piece)
            }
            if conforming { cutSucceeded = true; return true }
            corners.removeSubrange(marks.corners...)
            points.removeSubrange(marks.points...)
            triangles.removeSubrange(marks.triangles...)
            return false
        }
        return false
    }

    /// Border mode: appends to `corners` the outline `triangulateBordered` draws for item `i`
    /// (its layer's bounds grown by one content texel, mapped to viewport pixels) and returns
    /// its range; nil where that mode draws the item's own corners. Its edges are no seams:
    /// grown outlines overlap their neighbours' by design.
    package mutating func appendGrownOutline(_ i: Int, _ quad: Frame.Polygon, bounds b: Rect, texels: (Double, Double)) -> Range<Int>? {
        guard items[i].corners.count == 4, texels.0 > 0, texels.1 > 0 else { return nil }
        let dx = 1 / texels.0, dy = 1 / texels.1
        let start = corners.count
        for k in 0..<4 {
            let local = Point(x: k == 0 || k == 3 ? b.minX - dx : b.maxX + dx, y: k < 2 ? b.minY - dy : b.maxY + dy)
            let h = quad.localToView.apply(local)
            guard h.w > 0 else { corners.removeSubrange(start...); return nil }
            corners.append(Corner(x: h.x / h.w * scale, y: pixelSize.height - h.y / h.w * scale, w: h.w, local: local, fades: false))
        }
        return start..<corners.count
    }

    /// Whether every point of `outline` (a piece's footprint) lies on the piece's side of each
    /// cut line along its edges (the side of its centre).
    package func staysOnItsSide(_ outline: Range<Int>, _ piece: Range<Int>) -> Bool {
        let centre = points[outline.lowerBound - 1]
        for k in piece where corners[k].cut >= 0 {
            let line = occlusion.coverLines[Int(corners[k].cut)]
            let side = line.distance(centre.x, centre.y) >= 0 ? 1.0 : -1.0
            for p in outline where side * line.distance(points[p].x, points[p].y) < -1e-9 { return false }
        }
        return true
    }

    package func bounds(_ r: Range<Int>) -> (minX: Double, maxX: Double, minY: Double, maxY: Double) {
        var box = (minX: Double.infinity, maxX: -Double.infinity, minY: Double.infinity, maxY: -Double.infinity)
        for k in r {
            box.minX = min(box.minX, corners[k].x); box.maxX = max(box.maxX, corners[k].x)
            box.minY = min(box.minY, corners[k].y); box.maxY = max(box.maxY, corners[k].y)
        }
        return box
    }

    /// Splits the polygon of corners `r` by the cover lines `lines` into pieces (in
    /// `pieceCorners`, `pieceLengths`) and the covered rest `K` (in `rem`). Returns false when
    /// the cut must not or need not happen: a seam would be split, a piece would overflow, `K`
    /// is smaller than `minimumCutArea`, or its footprint leaves the covered interior.
    package mutating func cut(_ r: Range<Int>, by cover: Range<Int>, analytic: Bool, _ quad: Frame.Polygon, scale: Double) -> Bool {
        // The cut follows the covered interior's lines moved `cutInset` further in: it leaves
        // a strip of the hidden part to be drawn, so that no piece is a sliver along a seam.
        let lines = occlusion.coverLines.count..<(occlusion.coverLines.count + cover.count)
        for l in cover {
            var line = occlusion.coverLines[l]
            line.c -= Self.cutInset
            occlusion.coverLines.append(line)
        }
        markCoincidentLines(r, cover: cover, lines: lines, analytic: analytic)
        // Lines that keep a seam out of the covered interior go first; a seam that the
        // interior crosses cannot be kept whole.
        occlusion.cutOrder.removeAll(keepingCapacity: true)
        for k in r where corners[k].shared {
            let a = corners[k], b = corners[k + 1 == r.upperBound ? r.lowerBound : k + 1]
            var separating: Int?
            var inside = true
            for l in lines where !occlusion.coincident[l - lines.lowerBound] {
                let da = occlusion.coverLines[l].distance(a.x, a.y), db = occlusion.coverLines[l].distance(b.x, b.y)
                if da < 0 && db < 0 { separating = l; break }
                if da < 0 || db < 0 { inside = false }
            }
            if let separating {
                if !occlusion.cutOrder.contains(Int32(separating)) { occlusion.cutOrder.append(Int32(separating)) }
            } else if !inside {
                return false
            }
        }
        for l in lines where !occlusion.cutOrder.contains(Int32(l)) && !occlusion.coincident[l - lines.lowerBound] {
            occlusion.cutOrder.append(Int32(l))
        }

        occlusion.rem.removeAll(keepingCapacity: true)
        for k in r {
            var c = corners[k]
            c.owner = -1
            c.cut = -1
            occlusion.rem.append(c)
        }
        occlusion.pieceLengths.removeAll(keepingCapacity: true)
        for l in occlusion.cutOrder {
            guard split(by: Int(l)) else { return false }
            guard occlusion.rem.count >= 3 else { return false } // the interior misses this polygon
        }
        var area = 0.0
        for k in occlusion.rem.indices {
            let a = occlusion.rem[k], b = occlusion.rem[(k + 1) % occlusion.rem.count]
            area += a.x * b.y - b.x * a.y
        }
        guard abs(area) / 2 >= Self.minimumCutArea else { return false }
        guard analytic else { return true }
        // K's footprint (its silhouette margins and caps) must stay where the cover is opaque,
        // as far as it reaches into the viewport (nothing is drawn outside it).
        let cornerMark = corners.count, pointMark = points.count
        corners.append(contentsOf: occlusion.rem)
        let outline = appendFootprint(cornerMark..<corners.count, quad, scale: scale)
        corners.removeSubrange(cornerMark...)
        for p in outline {
            let q = points[p]
            corners.append(Corner(x: q.x, y: q.y, w: q.w, local: q.local, fades: false))
        }
        clipToViewport(cornerMark, width: pixelSize.width, height: pixelSize.height, pad: 0)
        var covered = true
        for k in cornerMark..<corners.count {
            for l in cover where !occlusion.coincident[l - cover.lowerBound]
                && occlusion.coverLines[l].distance(corners[k].x, corners[k].y) < -1e-6 { covered = false }
        }
        points.removeSubrange(pointMark...)
        corners.removeSubrange(cornerMark...)
        return covered
    }

    /// Notes which of `cover`'s lines (in `occlusion.coincident`, by position) lie on one of the
    /// edges of the polygon of corners `r` with the same inside: the cover's silhouette runs
    /// along the polygon's own (a curled leaf's flat part on the page beneath, along their top
    /// and bottom edges), or the cover's seam along the polygon's seam (the same leaf and page
    /// along the spine, both joined to the facing page).
    ///
    /// Each would antialias the common edge, and "over" composites two coverages `a` of the
    /// same part of a pixel as `2a − a²` (0.3 drawn as 0.51). There the cover's coverage of
    /// every pixel is at least the polygon's — both are the same half-plane's, and the cover
    /// is opaque — so the polygon's ramp along that line adds nothing but the error: the cut
    /// does not stop short of such a line but takes the polygon's part up to its own edge
    /// (the polygon's margin there lies under the cover's, so it need not lie inside the
    /// covered interior). Along a common seam both are drawn hard on the same line, so the
    /// cover takes the polygon's pixels there exactly; no strip of the polygon is left along
    /// it (a strip `cutInset` wide would keep its two ramps across the leaf's top and bottom
    /// edges beside the spine). Only in analytic mode, the only one with such ramps.
    package mutating func markCoincidentLines(_ r: Range<Int>, cover: Range<Int>, lines: Range<Int>, analytic: Bool) {
        occlusion.coincident.removeAll(keepingCapacity: true)
        occlusion.coincident.append(contentsOf: repeatElement(false, count: cover.count))
        guard analytic else { return }
        let tolerance = coverageTolerance
        let sign = winding(r)
        // Silhouettes first; then seams, each only where it lies inside every other line of
        // the cut (`lines`: the cover's lines moved in by `cutInset`), so that the hidden part
        // takes it whole (otherwise a line keeps it out, as before).
        for pass in 0..<2 {
            let seams = pass == 1
            for k in r where seams ? corners[k].shared : corners[k].fades && corners[k].edge >= 0 {
                guard let (nx, ny) = inwardNormal(k, in: r, winding: sign) else { continue }
                let a = corners[k], b = corners[k + 1 == r.upperBound ? r.lowerBound : k + 1]
                for (n, l) in cover.enumerated() where !occlusion.coincident[n] {
                    let line = occlusion.coverLines[l]
                    guard nx * line.nx + ny * line.ny > 1 - 1e-9 else { continue }
                    // A silhouette's cover line lies its reach plus the tolerance inside its
                    // edge, a seam's `coverInset` inside.
                    let inset = seams ? Self.coverInset : 0.5 * (abs(line.nx) + abs(line.ny)) + tolerance
                    guard abs(line.distance(a.x, a.y) + inset) < 1e-4 && abs(line.distance(b.x, b.y) + inset) < 1e-4 else { continue }
                    if seams {
                        var inside = true
                        for (m, other) in lines.enumerated() where m != n && !occlusion.coincident[m] {
                            let o = occlusion.coverLines[other]
                            if o.distance(a.x, a.y) < 0 || o.distance(b.x, b.y) < 0 { inside = false; break }
                        }
                        guard inside else { continue }
                    }
                    occlusion.coincident[n] = true
                }
            }
        }
    }

    /// Splits `rem` by cover line `l`: the part outside becomes a new piece, the rest stays in
    /// `rem`. Returns false to cancel the cut (a seam would be split, or a piece overflow).
    package mutating func split(by l: Int) -> Bool {
        let line = occlusion.coverLines[l]
        let piece = occlusion.pieceLengths.count
        let base = piece * Self.pieceCapacity
        if occlusion.pieceCorners.count < base + Self.pieceCapacity {
            occlusion.pieceCorners.append(contentsOf: repeatElement(Corner(x: 0, y: 0, w: 1, local: .zero, fades: false),
                                                          count: base + Self.pieceCapacity - occlusion.pieceCorners.count))
        }
        var length = 0
        occlusion.remNext.removeAll(keepingCapacity: true)
        let n = occlusion.rem.count
        for k in 0..<n {
            let a = occlusion.rem[k], b = occlusion.rem[(k + 1) % n]
            let da = line.distance(a.x, a.y), db = line.distance(b.x, b.y)
            let (aIn, bIn) = (da >= 0, db >= 0)
            if aIn {
                occlusion.remNext.append(a)
            } else {
                guard length < Self.pieceCapacity else { return false }
                occlusion.pieceCorners[base + length] = a
                length += 1
            }
            guard aIn != bIn else { continue }
            if a.shared { return false }
            // The crossing, computed once and used by every polygon that has it.
            let t = da / (da - db)
            var x = a
            let p = t <= 0 ? Self.point(a) : t >= 1 ? Self.point(b) : Self.point(a).toward(Self.point(b), t)
            (x.x, x.y, x.w, x.local) = (p.x, p.y, p.w, p.local)
            if a.owner >= 0 { guard insert(x, into: Int(a.owner), onCut: a.cut) else { return false } }
            var chord = x
            chord.fades = false; chord.shared = false; chord.edge = -1; chord.cut = Int32(l); chord.owner = -1
            var rest = x
            rest.owner = -1
            guard length < Self.pieceCapacity else { return false }
            if aIn {
                // Into the piece's side: in `occlusion.rem` the chord starts here; in the piece the rest
                // of a→b does.
                chord.owner = Int32(piece)
                occlusion.remNext.append(chord)
                occlusion.pieceCorners[base + length] = rest
            } else {
                // Back into `occlusion.rem`'s side: the piece's chord starts here; `occlusion.rem` goes on along a→b.
                occlusion.pieceCorners[base + length] = chord
                occlusion.remNext.append(x)
            }
            length += 1
        }
        occlusion.pieceLengths.append(length >= 3 ? length : 0)
        swap(&occlusion.rem, &occlusion.remNext)
        return true
    }

    /// Inserts crossing `x` into piece `p`'s edge on cut line `cut` that passes through it, so
    /// the piece and what is left of the polygon share the vertex (no T-junction).
    package mutating func insert(_ x: Corner, into p: Int, onCut cut: Int32) -> Bool {
        let length = occlusion.pieceLengths[p]
        guard length > 0 else { return true } // an empty piece has nothing to conform to
        let base = p * Self.pieceCapacity
        for k in 0..<length {
            let u = occlusion.pieceCorners[base + k], v = occlusion.pieceCorners[base + (k + 1) % length]
            guard u.cut == cut else { continue }
            let dx = v.x - u.x, dy = v.y - u.y
            let length2 = dx * dx + dy * dy
            guard length2 > 0 else { continue }
            let t = ((x.x - u.x) * dx + (x.y - u.y) * dy) / length2
            guard t > 0, t < 1 else { continue }
            guard length < Self.pieceCapacity else { return false }
            var k2 = length
            while k2 > k + 1 { occlusion.pieceCorners[base + k2] = occlusion.pieceCorners[base + k2 - 1]; k2 -= 1 }
            var inserted = x
            inserted.fades = false; inserted.shared = false; inserted.edge = -1; inserted.cut = cut; inserted.owner = -1
            occlusion.pieceCorners[base + k + 1] = inserted
            occlusion.pieceLengths[p] = length + 1
            return true
        }
        return true // x is one of the piece's corners already
    }
}
