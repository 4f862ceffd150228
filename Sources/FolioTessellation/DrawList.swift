import FolioGeometry
import FolioLayers
import FolioSurface

/// One polygon ready to submit: window-pixel corners with their edges classified, plus what
/// to shade it with (the layer, and a shadow sublayer merged in as an overlay).
package struct DrawItem {
    package var quadIndex: Int
    package var overlayQuadIndex: Int?
    /// Range in `DrawList.corners`.
    package var corners: Range<Int>
    /// Its silhouette (faded) edges, in `DrawList.edges`, in outline order.
    package var edges: Range<Int> = 0..<0
    /// Neighbours' silhouettes facing its own across a slit, right after `edges` in
    /// `DrawList.edges` (`DrawList+Slits.swift`); their lines are not this item's outline.
    package var slitEdges: Range<Int> = 0..<0
    /// Its outline as a line loop in `DrawList.vertices` (only when outlines are asked for).
    package var outline: Range<Int> = 0..<0
    /// When it is opaque everywhere: the lines bounding what it covers fully, in
    /// `DrawList.coverLines` (see `DrawList+Occlusion.swift`).
    package var cover: Range<Int> = 0..<0
    /// For the picture of a compositing group drawn as one item: its index in the renderer's
    /// group passes (`DrawList+Groups.swift`); −1 for a layer's polygon.
    package var composite: Int32 = -1
    /// For a layer's border drawn after its sublayers: its index in the evaluator's `borders`
    /// (the item's quad is the layer's own polygon); −1 otherwise.
    package var border: Int32 = -1
    /// For a rasterized layer's polygon: its index in the evaluator's `rasterizedLayers` (drawn
    /// from its cached picture); −1 otherwise.
    package var raster: Int32 = -1
    /// For a nearer sheet's patch split at its leaf's spine (`cutNearerSheets`): this is the
    /// part beyond the spine, where no farther sheet lies, so no contour band is cut from it.
    package var beyondSpine = false

    package init(quadIndex: Int, overlayQuadIndex: Int? = nil, corners: Range<Int>, composite: Int32 = -1, border: Int32 = -1, raster: Int32 = -1) {
        self.quadIndex = quadIndex
        self.overlayQuadIndex = overlayQuadIndex
        self.corners = corners
        self.composite = composite
        self.border = border
        self.raster = raster
    }
}

/// A polygon corner in window pixels (origin bottom-left), with the attributes to interpolate
/// and how the edge from it to the next corner is drawn.
package struct Corner {
    package var x: Double, y: Double
    package var w: Double
    package var local: Point
    /// The edge is a silhouette: antialiased (and pushed out by the margin) where the mode does.
    package var fades: Bool
    /// The edge is shared with another polygon (a seam): drawn exactly, never moved or split.
    package var shared = false
    /// For a silhouette edge, its line in `DrawList.edges` (−1: none, or past the item's limit).
    package var edge: Int32 = -1
    /// For an edge made by an occlusion cut, its line in `DrawList.coverLines` (−1: not a cut).
    package var cut: Int32 = -1
    /// While a polygon is being cut: the piece that shares this edge (−1: none).
    package var owner: Int32 = -1

    /// A corner at window pixel (`x`, `y`) with homogeneous `w` and layer point `local`, its
    /// edge a silhouette when `fades`, neither shared, traced nor cut.
    package init(x: Double, y: Double, w: Double, local: Point, fades: Bool) {
        self.x = x; self.y = y; self.w = w; self.local = local; self.fades = fades
    }

    /// The corner `t` (0…1) of the way to `b` on screen, keeping this corner's flags: `w` and
    /// the local point are recovered perspective-correctly (1/w and local/w are affine on
    /// screen).
    package func toward(_ b: Corner, _ t: Double) -> Corner {
        let iw = (1 / w) + ((1 / b.w) - (1 / w)) * t
        let lx = (local.x / w + (b.local.x / b.w - local.x / w) * t) / iw
        let ly = (local.y / w + (b.local.y / b.w - local.y / w) * t) / iw
        return Corner(x: x + (b.x - x) * t, y: y + (b.y - y) * t, w: 1 / iw, local: Point(x: lx, y: ly), fades: fades)
    }
}

/// Turns an evaluation into triangles ready for GL, reusing its storage between frames.
///
/// Seams are made watertight: an edge that another polygon shares (a fold crease, a spine, a
/// BSP cut) gets bit-identical corners on both sides and is never faded or inflated, so the
/// rasterizer covers every pixel along it exactly once.
///
/// Each polygon becomes triangles grouped into batches by the coverage they need
/// (`DrawList+Triangles.swift`): with analytic antialiasing, an interior that no silhouette
/// edge reaches (drawn with no coverage work at all) and a band along the silhouette whose
/// triangles carry, per vertex, just the few edges that reach them.
package struct DrawList {
    /// Consecutive triangles of one item drawn with one program.
    package struct Batch {
        package var item: Int
        package var coverage: TriangleCoverage
        /// Range in `vertices`, three per triangle.
        package var vertices: Range<Int>
    }

    package var items: [DrawItem] = []
    package var batches: [Batch] = []
    package var corners: [Corner] = []
    package var scratch: [Corner] = []
    /// Silhouette edges of all items (`DrawItem.edges`).
    package var edges: [EdgeLine] = []
    /// One item's triangulation before it is written out: points, then triangles over them.
    package var points: [PlanePoint] = []
    package var triangles: [Triangle] = []
    /// Occlusion cuts: the covers' lines and the cutting's working storage
    /// (`DrawList+Occlusion.swift`).
    package var occlusion = OcclusionCuts()
    /// Whether polygons hidden under later opaque ones are cut (off only to measure what it saves).
    package var cutsHiddenParts = true
    /// Whether an item with the same outline as a later opaque one is left out whole
    /// (`isHiddenWhole`; off only to test and measure it).
    package var hidesCoincidentItems = true
    /// The item being written's vertex normals (the paper light's input).
    package var normals = NormalSource()
    /// Surfaces' contours and seam corners found this frame (`DrawList+Surface.swift`,
    /// `DrawList+SeamCorners.swift`).
    package var surface = SurfaceOutline()
    /// The shared-edge hash of `markSharedEdges`.
    package var edgeHash = SharedEdgeHash()
    /// Silhouettes facing each other across slits under a pixel wide (`DrawList+Slits.swift`).
    package var slits = SlitPartners()
    /// Whether slits and nearly straight corners get their own coverage rules
    /// (`DrawList+Slits.swift`; off only to test and measure them).
    package var mendsSlits = true
    /// Whether a flat item's edge under later opaque items leaves its ramp to them
    /// (`DrawList+StackedEdges.swift`; off only to test and measure it).
    package var handsOverStackedEdges = true
    /// Whether an item's edge that a later opaque surface patch's outline crosses is filtered
    /// over what that patch leaves (`DrawList+CrossingEdges.swift`; off only to test and
    /// measure it).
    package var fitsUnderCrossings = true
    /// Whether the pixels round a vertex where a surface's outline turns at a seam's end take
    /// both of its lines there (`DrawList+TurningCorners.swift`; off only to test and measure it).
    package var clipsTurningCorners = true
    /// Whether a surface patch's (and its tiles') own corners between two silhouette edges
    /// take the second edge's line the same way (`DrawList+TurningCorners.swift`; off only to
    /// test and measure it).
    package var clipsOwnTurningCorners = true
    /// Whether a face's shadow is merged into the page details drawn between the face and it,
    /// as well as into the face (`DrawList+DetailOverlays.swift`); off only to measure the
    /// fault it mends.
    package var mergesDetailOverlays = true
    /// Whether a raised receiver's cast-shadow pass is drawn after the page details that follow
    /// it, over them too (`DrawList+RaisedShadow.swift`), and a curved receiver's pass covers
    /// each patch carrying detail pieces once, not the pieces again
    /// (`DrawList+SurfaceReceiverShadow.swift`); off only to measure the faults it mends.
    package var shadesReceiverDetails = true
    /// Interleaved vertex data, `floatsPerVertex` per vertex (see `DrawList+Triangles.swift`).
    package var vertices: [Float] = []
    /// Surface layers' cast shadows, after the batches' vertices (`DrawList+CastShadow.swift`).
    package var castShadow = CastShadowList()

    /// The viewport of the last build: its size in pixels, pixels per view point, and the
    /// framebuffer pixel of its bottom-left corner (`gl_FragCoord` counts from the
    /// framebuffer's corner, the list from the viewport's).
    package var viewport = (pixelSize: (width: 0.0, height: 0.0), scale: 1.0, origin: (x: 0.0, y: 0.0))

    /// The viewport's size in pixels (`viewport.pixelSize`).
    package var pixelSize: (width: Double, height: Double) {
        get { viewport.pixelSize }
        set { viewport.pixelSize = newValue }
    }
    /// Pixels per view point (`viewport.scale`).
    package var scale: Double {
        get { viewport.scale }
        set { viewport.scale = newValue }
    }
    /// The viewport's bottom-left framebuffer pixel (`viewport.origin`).
    package var origin: (x: Double, y: Double) {
        get { viewport.origin }
        set { viewport.origin = newValue }
    }
    /// Whether vertices carry normals for the `LIGHT` variant (`normals.lighting`).
    package var lighting: Bool {
        get { normals.lighting }
        set { normals.lighting = newValue }
    }

    /// How far silhouette edges are pushed out, in pixels (past the 0.71 px a pixel box reaches).
    package static let margin = 1.0

    /// An empty list; its storage grows on the first builds and is reused after.
    package init() {}
    /// The most stops a merged shadow overlay may have: the shader evaluates an overlay's
    /// gradient unrolled (FolioRender's `ShaderVariant.maximumStops` is this).
    package static let maximumOverlayStops = 8

    /// Builds the list for `frame` in a `pixelWidth × pixelHeight` viewport
    /// whose bottom-left corner is framebuffer pixel `origin`; `outlines` adds each item's
    /// outline loop (the debug borders). `isOpaque` says whether a quad's every pixel is opaque
    /// (then what it hides of earlier items is not drawn); `texelsPerPoint`, its content
    /// texels per point (border mode).
    ///
    /// `range` limits the list to those quads (a compositing group's), and each of `composites`
    /// (sorted, disjoint, inside `range`) replaces its quads by one item that draws the group's
    /// picture (`DrawList+Groups.swift`).
    package mutating func build(_ frame: Frame, scale: Double, pixelWidth: Int, pixelHeight: Int,
                        origin: (x: Double, y: Double) = (0, 0), mode: TriangulationMode, outlines: Bool = false,
                        range: Range<Int>? = nil, composites: ArraySlice<CompositeSpan> = [],
                        isOpaque: (Frame.Polygon) -> Bool = { _ in false }, texelsPerPoint: (Frame.Polygon) -> (Double, Double)) {
        items.removeAll(keepingCapacity: true)
        batches.removeAll(keepingCapacity: true)
        corners.removeAll(keepingCapacity: true)
        edges.removeAll(keepingCapacity: true)
        vertices.removeAll(keepingCapacity: true)
        castShadow.reset()
        pixelSize = (Double(pixelWidth), Double(pixelHeight))
        self.scale = scale
        self.origin = origin
        collectItems(frame, range: range, composites: composites, isOpaque: isOpaque)
        markSharedEdges(frame)
        // Surface hook (DrawList+Surface.swift): contours are silhouettes, though shared.
        markContours(frame)
        if mode == .inflated { findSeamCorners(frame) } else { surface.seamCorners.removeAll(keepingCapacity: true) }
        if mendsSlits && mode != .plain {
            findSlits(frame, bordered: mode == .bordered, isOpaque: isOpaque)
            // Later sheets' outlines crossing an item's edge (DrawList+CrossingEdges.swift).
            if mode == .inflated && fitsUnderCrossings { findCrossingEdges(frame, isOpaque: isOpaque) }
            // A surface's outline turning at a seam's end (DrawList+TurningCorners.swift).
            if mode == .inflated && clipsTurningCorners { findTurningCorners(frame) }
        } else {
            slits.partners.removeAll(keepingCapacity: true)
        }
        for i in items.indices { findEdges(i) }
        if mendsSlits && mode == .inflated { markStraightCorners(frame) }
        if cutsHiddenParts {
            findCovers(frame, mode: mode, isOpaque: isOpaque, texelsPerPoint: texelsPerPoint)
        } else {
            occlusion.coverLines.removeAll(keepingCapacity: true)
        }
        for i in items.indices { triangulateItem(i, frame, mode: mode, outlines: outlines, texelsPerPoint: texelsPerPoint) }
    }

    /// The first step of `build`: an item per polygon of `range` that draws (clipped to the
    /// viewport), a group's picture in place of its polygons, borders after their sublayers,
    /// and shadow overlays merged into the page they cover.
    mutating func collectItems(_ frame: Frame, range: Range<Int>?, composites: ArraySlice<CompositeSpan>, isOpaque: (Frame.Polygon) -> Bool) {
        // Containers that paint nothing (a transition's root) are skipped: they would cost a
        // draw and, sharing an outline with a page that fills them, unfade its edges.
        var span = composites.startIndex
        var border = 0
        let borders = frame.borders
        var raster = 0
        let rasters = frame.pictures
        for index in range ?? frame.polygons.indices {
            // Borders drawn after their layers' sublayers (DrawList+Groups.swift).
            if border < borders.count && borders[border].after < index {
                appendBorders(frame, borders, from: &border, before: index, range: range, composites: composites)
            }
            // Compositing groups: their quads are drawn as one picture (DrawList+Groups.swift).
            if span < composites.endIndex, index >= composites[span].quads.lowerBound {
                if index == composites[span].quads.lowerBound { appendComposite(composites[span]) }
                if index + 1 >= composites[span].quads.upperBound { span += 1 }
                continue
            }
            let quad = frame.polygons[index]
            // A rasterized layer's polygon draws its cached picture (QuadRenderer+Rasterization.swift).
            while raster < rasters.count && rasters[raster].quad < index { raster += 1 }
            let rasterized = raster < rasters.count && rasters[raster].quad == index
            let paint = frame.record(of: quad).paint
            guard quad.isVisible && quad.vertices.count >= 3, rasterized || paint.drawsContent || paint.drawsBorder else { continue }
            // A shadow exactly covering the item before it, or the face before its page details
            // (DrawList+DetailOverlays.swift), is drawn inside their passes.
            if !rasterized, let first = overlayBase(for: quad, frame, isOpaque: isOpaque) {
                for j in first..<items.count { items[j].overlayQuadIndex = index }
                continue
            }
            appendClippedItem(DrawItem(quadIndex: index, corners: 0..<0, raster: rasterized ? Int32(raster) : -1), frame)
        }
        if border < borders.count {
            appendBorders(frame, borders, from: &border, before: .max, range: range, composites: composites)
        }
    }

    /// Appends `item` with its polygon's corners in viewport pixels, clipped to the viewport
    /// (plus its pad) and with near-duplicate corners dropped; nothing when fewer than three
    /// corners remain.
    mutating func appendClippedItem(_ item: DrawItem, _ frame: Frame) {
        let height = pixelSize.height
        let start = corners.count
        for v in frame.corners(of: frame.polygons[item.quadIndex]) {
            corners.append(Corner(x: v.point.x * scale, y: height - v.point.y * scale, w: v.clip.w, local: v.local, fades: true))
        }
        clipToViewport(start, width: pixelSize.width, height: height)
        dropNearDuplicates(start)
        guard corners.count - start >= 3 else { corners.removeSubrange(start...); return }
        var item = item
        item.corners = start..<corners.count
        items.append(item)
    }

    /// The last step of `build` for item `i`: its triangles (only what no later opaque item
    /// hides, where the occlusion cut applies), cut at seam corners and contour bands, with
    /// their normals, written out; then its outline when `outlines`.
    mutating func triangulateItem(_ i: Int, _ frame: Frame, mode: TriangulationMode, outlines: Bool,
                                  texelsPerPoint: (Frame.Polygon) -> (Double, Double)) {
        let quad = frame.polygons[items[i].quadIndex]
        points.removeAll(keepingCapacity: true)
        triangles.removeAll(keepingCapacity: true)
        surface.rules = quad.surfacePatch >= 0
        if items[i].composite >= 0 {
            // A group's picture: pixel-aligned and antialiased inside already.
            triangulatePlain(items[i].corners)
            writeTriangles(i, border: false)
            return
        }
        let bounds = frame.record(of: quad).bounds
        // Border mode grows a layer's whole rectangle by a texel. A surface patch, or a piece
        // of a rectangle the depth sort split, is only part of it: grown, it would be drawn
        // whole where the sort put only the piece (over a curled leaf the piece lies behind),
        // so it is drawn as it is.
        let growsWhole = mode == .bordered && quad.surfacePatch < 0 && Self.isWholeRectangle(frame.corners(of: quad), bounds)
        if cutsHiddenParts && isHiddenWhole(i, frame, mode: mode) {
            // A later opaque item draws every pixel it would: nothing to draw.
        } else if cutsHiddenParts && triangulateUncovered(i, quad, layerBounds: bounds, mode: mode, scale: scale,
                                                          texels: mode == .bordered ? texelsPerPoint(quad) : (0, 0), growsWhole: growsWhole) {
            // Only what no later opaque item hides.
        } else {
            switch mode {
            case .inflated: triangulateInflated(i, quad, scale: scale)
            case .bordered where !growsWhole: triangulatePlain(items[i].corners)
            case .bordered: triangulateBordered(i, quad, bounds: bounds, texels: texelsPerPoint(quad), scale: scale)
            case .plain: triangulatePlain(items[i].corners)
            }
        }
        // Surface hook (DrawList+Surface.swift): nothing of a nearer sheet in a contour's band.
        if !surface.seamCorners.isEmpty { splitAtSeamCorners(i) }
        if !surface.contours.isEmpty, let owner = frame.surfaceRecordIndex(of: quad) { clipToContourBands(i, quad, surface: owner) }
        if !items[i].slitEdges.isEmpty {
            if mode == .bordered { fillSlits(i, bounds: bounds, texels: texelsPerPoint(quad)) } else { markSlitEdges(i) }
        }
        // Nothing of a flat item's ramp where later opaque items cover its edge's band.
        if handsOverStackedEdges && cutsHiddenParts && mode == .inflated && quad.surfacePatch < 0 && !items[i].edges.isEmpty {
            dropStackedEdgeBands(i, frame)
        }
        // Later sheets' outlines crossing its edges (DrawList+CrossingEdges.swift), after the
        // hand-over, which finds its stretches on the triangulation as it was.
        if mode == .inflated && !items[i].slitEdges.isEmpty { markCrossingEdges(i) }
        if mode == .inflated && clipsTurningCorners && !items[i].slitEdges.isEmpty { markTurningCorners(i) }
        normals.select(quad, of: frame)
        writeTriangles(i, border: mode == .bordered)
        if outlines { writeOutline(i) }
    }

    /// Whether `corners` (a polygon as the evaluator made it, before any viewport clipping) are
    /// the four corners of `bounds`, its layer's whole rectangle, rather than a piece of it.
    package static func isWholeRectangle(_ corners: ArraySlice<QuadVertex>, _ bounds: Rect) -> Bool {
        guard corners.count == 4 else { return false }
        // Split pieces have corners interpolated along an edge or inside: a millionth of the
        // rectangle's size tells them from its own corners, which the evaluator copies exactly.
        // Each of the four corners must be there once (a piece with a corner a hair from one of
        // the rectangle's is not the rectangle).
        let tx = 1e-6 * max(bounds.width, 1), ty = 1e-6 * max(bounds.height, 1)
        var found = 0
        for v in corners {
            let left = abs(v.local.x - bounds.minX) <= tx, right = abs(v.local.x - bounds.maxX) <= tx
            let top = abs(v.local.y - bounds.minY) <= ty, bottom = abs(v.local.y - bounds.maxY) <= ty
            guard left != right, top != bottom else { return false }
            found |= 1 << ((right ? 1 : 0) + (bottom ? 2 : 0))
        }
        return found == 0b1111
    }

    /// Whether `quad` is a shadow sublayer exactly covering `base`: drawn inside base's pass.
    package static func isOverlay(_ quad: Frame.Polygon, of base: Frame.Polygon, _ frame: Frame) -> Bool {
        let layer = frame.record(of: quad), baseLayer = frame.record(of: base)
        guard layer.superRecord == base.record, layer.paint.contents == nil, !layer.hasSublayers,
              layer.bounds.size == baseLayer.bounds.size,
              layer.kind == .gradient || layer.paint.backgroundColor != nil,
              // A merged overlay's gradient is evaluated unrolled: at most 8 stops.
              (layer.paint.gradient?.colors.count ?? 0) <= Self.maximumOverlayStops,
              quad.vertices.count == base.vertices.count else { return false }
        let a = frame.corners(of: quad), b = frame.corners(of: base)
        for (p, q) in zip(a, b) where p.point.distance(to: q.point) > 1e-9 { return false }
        return true
    }

    /// Removes corners of the polygon at `start…` that sit on the previous one (within 1e-6
    /// px): a near-zero edge has no direction to push an antialiasing margin along.
    package mutating func dropNearDuplicates(_ start: Int) {
        var kept = start
        for i in start..<corners.count {
            let c = corners[i]
            if kept > start {
                let p = corners[kept - 1]
                if abs(c.x - p.x) <= 1e-6 && abs(c.y - p.y) <= 1e-6 { continue }
            }
            corners[kept] = c
            kept += 1
        }
        // The closing edge, last back to first.
        while kept - start > 1 {
            let first = corners[start], last = corners[kept - 1]
            guard abs(first.x - last.x) <= 1e-6 && abs(first.y - last.y) <= 1e-6 else { break }
            kept -= 1
        }
        corners.removeSubrange(kept...)
    }

    /// Cuts the polygon at `start…` to the window plus `pad` pixels, so nothing sent is huge;
    /// the new edges lie off screen and are not faded.
    package mutating func clipToViewport(_ start: Int, width: Double, height: Double, pad: Double = 4) {
        // (axis, sign, bound): keep sign·coordinate ≤ sign·bound.
        for side in 0..<4 {
            let horizontal = side < 2
            let limit = side % 2 == 0 ? -pad : (horizontal ? width : height) + pad
            let keepBelow = side % 2 == 1
            func inside(_ c: Corner) -> Bool {
                let v = horizontal ? c.x : c.y
                return keepBelow ? v <= limit : v >= limit
            }
            let n = corners.count - start
            guard n >= 3 else { return }
            var allInside = true
            for i in start..<corners.count where !inside(corners[i]) { allInside = false; break }
            if allInside { continue }
            scratch.removeAll(keepingCapacity: true)
            // The crossing's `t` is this clip's own formula (not the clipper's), as it always was.
            ConvexPolygonClipper.clip(
                count: n, closingEdge: .last, corner: { corners[start + $0] }, side: { inside($0) ? 1 : -1 }, value: { _ in 0 },
                keep: { scratch.append($0) },
                cross: { a, b, _ in
                    let va = horizontal ? a.x : a.y, vb = horizontal ? b.x : b.y
                    var c = a.toward(b, (limit - va) / (vb - va))
                    // Leaving the window: the edge from the crossing runs along it, not faded.
                    if inside(a) { c.fades = false }
                    scratch.append(c)
                })
            corners.removeSubrange(start...)
            corners.append(contentsOf: scratch)
        }
    }

    /// Finds edges shared by two polygons, unfades them, and snaps the later polygon's corners
    /// onto the earlier one's so both rasterize the same line.
    ///
    /// Edges are bucketed by their midpoint on a 1/256-pixel grid (a reused open hash), and
    /// each edge is compared only with edges of earlier polygons in its 3×3 neighbourhood of
    /// cells, so the cost grows linearly with the number of polygons.
    ///
    /// A seam is an edge with a polygon on **each side**. Two polygons of different layers
    /// that lie on the same side of a common edge (a curled leaf's flat part on the page
    /// beneath it, along their top edge; a detail on its face) are stacked, not joined: both
    /// keep their silhouette there (its antialiasing; drawing it hard would put a one-pixel step
    /// along every such edge off the pixel grid), and the occlusion cut keeps the lower one
    /// from adding its own ramp under the upper one's (`DrawList+Occlusion.swift`). Patches of
    /// one surface on the same side of an edge are a contour (`markContours`) or a stack of
    /// sheets seen without perspective, and stay seams here. `frame` gives each polygon's
    /// layer (nil: every polygon counts as its own layer's).
    package mutating func markSharedEdges(_ frame: Frame? = nil) {
        let tolerance = 1e-6
        func same(_ a: Corner, _ b: Corner) -> Bool { abs(a.x - b.x) < tolerance && abs(a.y - b.y) < tolerance }
        func next(_ a: Int, in r: Range<Int>) -> Int { a + 1 == r.upperBound ? r.lowerBound : a + 1 }
        func cell(_ a: Corner, _ b: Corner) -> (Int, Int) {
            let x = ((a.x + b.x) * 128).rounded(.down), y = ((a.y + b.y) * 128).rounded(.down)
            // Far off-screen midpoints cannot occur (polygons are clipped to the window).
            return (Int(max(-1e15, min(1e15, x))), Int(max(-1e15, min(1e15, y))))
        }
        edgeHash.reset(corners: corners.count)

        for j in items.indices {
            // A border item repeats its layer's outline: not a neighbour sharing its edges.
            if items[j].border >= 0 { continue }
            let rj = items[j].corners
            let record = frame.map { $0.polygons[items[j].quadIndex].record } ?? Int32(-2 - j)
            let counterClockwise = winding(rj) > 0
            for a in rj {
                let b = next(a, in: rj)
                let (cx, cy) = cell(corners[a], corners[b])
                for dy in -1...1 {
                    for dx in -1...1 {
                        edgeHash.forEachEdge(inCell: cx + dx, cy + dy) { c, d in
                            let reversed = same(corners[a], corners[d]) && same(corners[b], corners[c])
                            guard reversed || same(corners[a], corners[c]) && same(corners[b], corners[d]) else { return }
                            // The same side when the edges run the same way in polygons of the
                            // same winding, or opposite ways in polygons of opposite windings.
                            let other = edgeHash.polygon(of: c)
                            let sameSide = reversed != (other.counterClockwise == counterClockwise)
                            if !sameSide || other.record == record {
                                corners[a].fades = false
                                corners[c].fades = false
                                corners[a].shared = true
                                corners[c].shared = true
                            }
                            // Stacked or joined, the two edges become one line, bit for bit.
                            let (ta, tb) = reversed ? (d, c) : (c, d)
                            corners[a].x = corners[ta].x; corners[a].y = corners[ta].y; corners[a].w = corners[ta].w
                            corners[b].x = corners[tb].x; corners[b].y = corners[tb].y; corners[b].w = corners[tb].w
                        }
                    }
                }
            }
            // Only now do this polygon's edges become candidates, for later polygons.
            for a in rj {
                let b = next(a, in: rj)
                let (cx, cy) = cell(corners[a], corners[b])
                edgeHash.insert(a, b, cell: cx, cy, record: record, counterClockwise: counterClockwise)
            }
        }
    }

    /// Where the outline steps out from corner `c` between an edge that stays (a seam, a
    /// viewport cut or an occlusion cut, from `c` toward `other`, outward normal `seamNormal`)
    /// and a silhouette edge pushed out by `margin` (outward normal `fadedNormal`).
    ///
    /// Usually straight out along the silhouette's normal. Where the corner is obtuse that step
    /// would cross the line of the edge that stays — into the polygon on its other side, which
    /// this one would then paint over — so the outline instead runs on along that line, beyond
    /// `c`, to where it meets the pushed-out silhouette (at most 16 margins out: a corner that
    /// flat is nearly a straight edge). An occlusion cut passes its line's direction as `along`
    /// and takes that way at every angle: the two pieces on either side of the cut then compute
    /// the same point, and their margins meet without a gap.
    package static func cap(at c: Corner, from other: Corner, seamNormal: (Double, Double), fadedNormal: (Double, Double),
                    margin m: Double, along line: (Double, Double)? = nil) -> (x: Double, y: Double) {
        let straight = (x: c.x + fadedNormal.0 * m, y: c.y + fadedNormal.1 * m)
        guard line != nil || seamNormal.0 * fadedNormal.0 + seamNormal.1 * fadedNormal.1 > 0 else { return straight }
        let dx = c.x - other.x, dy = c.y - other.y
        var (ux, uy): (Double, Double)
        if let line {
            // The line's own direction, pointed away from `other`.
            (ux, uy) = line.0 * dx + line.1 * dy >= 0 ? line : (-line.0, -line.1)
        } else {
            let length = (dx * dx + dy * dy).squareRoot()
            guard length > 0 else { return straight }
            (ux, uy) = (dx / length, dy / length)
        }
        let along = fadedNormal.0 * ux + fadedNormal.1 * uy // sine of the turn at c
        let s = along > 1.0 / 16 ? m / along : 16 * m
        return (c.x + ux * s, c.y + uy * s)
    }
}
