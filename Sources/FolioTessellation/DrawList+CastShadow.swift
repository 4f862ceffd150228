import FolioGeometry
import FolioLayers
import FolioSurface

/// The soft shadow a curled leaf casts on the flat pages beneath it (docs/curl.md §8), as
/// triangles for the `SHADOW_BLUR` variant.
///
/// For each surface layer, `SurfaceMesh.castShadow` gives every mesh vertex its shadow point on
/// the leaf's plane `z = 0` and its height. The lifted patches' triangles moved to those points
/// cover the shadow. Where the leaf turns away from the light its shadow folds over itself, so
/// the triangles are split into two **sheets** — patches facing the light and patches facing
/// away — and each sheet is a soft shape of its own: a pixel's darkness is
/// `o(h) · F(min over the sheet's edges of 2d/w(h))`, `d` the pixel's distance inside an edge
/// of the sheet's outline, `w` the penumbra and `o` the umbra opacity at the height `h`
/// interpolated there. Overlapping sheets (and overlapping receivers) combine by the maximum
/// darkness: the renderer draws the darkness into destination alpha with `MIN` blending (as
/// the light that is left, `1 − darkness`), then multiplies the colour by it and restores
/// alpha (`QuadRenderer+CastShadow.swift`). Both steps give the same result however often a
/// pixel is drawn, so no pixel is darkened twice.
///
/// The penumbra reaches `w/2` outside an edge: every sheet edge gets a skirt that far out
/// (and as far past its ends, which covers the corners), carrying the same edges. Everything
/// is clipped to the receivers — the opaque flat pages drawn before the leaf's lifted patches —
/// so no shadow falls on the background.
package struct CastShadowList {
    /// One shadow to draw: before batch `beforeBatch`, the triangles `vertices` of the list's
    /// vertex array — first those no edge reaches, then those carrying at most 4 edges, then
    /// at most 8 (`slotRanges`, each drawn with the variant of that many slots) — with the
    /// shadow model's terms in pixels.
    package struct Pass {
        package var beforeBatch: Int
        package var vertices: Range<Int>
        package var slotRanges: (none: Range<Int>, four: Range<Int>, eight: Range<Int>)
        /// `o₀`, `1/h₀` (per point of height), `w₀` in pixels, `2·tan β` in pixels per point.
        /// For a receiver's pass (`casterSlots > 0`): `o₀`, the receiver's share of direct
        /// light, `w₀` in points and `2·tan β` (points per point), all on the receiver's plane.
        package var terms: (Float, Float, Float, Float)
        /// A receiver's pass (`DrawList+RaisedShadow.swift`): how many casters it evaluates in
        /// one draw (1…`maximumReceiverCasters`; 0 for a pass of shadow triangles) and where
        /// their terms lie in `receiverCasters` (`floatsPerReceiverCaster` each). Its
        /// `vertices` are the receiver's polygon (cut to where the shadows can reach) carrying
        /// the receiver's own point, all in `slotRanges.none`.
        package var casterSlots = 0
        package var casters: Range<Int> = 0..<0
        /// A curved receiver's pass (`DrawList+SurfaceReceiverShadow.swift`, the
        /// `RECEIVER_SURFACE` variant): its vertices carry the receiver's 3D point in the
        /// normal's place and its share of direct light in the local point's, and each caster
        /// takes `floatsPerSurfaceCaster` floats.
        package var receiverSurface = false
        /// A region of a curved receiver's pass (`DrawList+SurfaceReceiverRegions.swift`): the
        /// pixels it draws, `lower ≤ p < upper` along `axis` (0: x, 1: y; viewport pixels on
        /// whole framebuffer pixels, either end possibly infinite), the scissor it is drawn
        /// with; nil for a pass drawn whole.
        package var band: (axis: Int, lower: Double, upper: Double)? = nil
    }

    /// The most casters one receiver's pass evaluates (the `RECEIVER_CASTERS` variants 1…8);
    /// more make a second pass over the same receiver.
    package static let maximumReceiverCasters = 8
    /// The most planar pieces one curved receiver's pass evaluates (`RECEIVER_SURFACE` with
    /// `RECEIVER_CASTERS` 1…16): a curled caster is several chords of its bend; all the pieces
    /// of one caster go in one pass (their shadows are summed, `DrawList+SurfaceReceiverShadow.swift`).
    package static let maximumSurfaceReceiverCasters = 16
    /// The floats of one piece in a curved receiver's pass: eight vectors of four — the
    /// distance along the light from the receiver's 3D point to the piece's plane
    /// `(gx, gy, gz, c)`, six edge lines of its outline seen along the light `(gx, gy, gz, c)`
    /// (points inside; a missing edge holds `(0, 0, 0, 1e6)`), then `(1/h₀, sheet, contact, 0)`.
    package static let floatsPerSurfaceCaster = 32
    /// The most sides a piece of a curved receiver's caster has (a leaf's rectangle cut by two
    /// rulings).
    package static let surfaceCasterEdges = 6
    /// The floats of one caster in `receiverCasters`: six vectors of four — its shadow's
    /// height plane `(a, b, c, 1/h₀)` (the caster's height above the receiver at the shadow
    /// point `(x, y)` of the receiver is `a·x + b·y + c`), then five edge lines
    /// `(nx, ny, c, 0)` of its shadow's outline (`nx·x + ny·y + c` points inside; an edge on
    /// the receiver, or a missing one, holds `(0, 0, 1e6)`).
    package static let floatsPerReceiverCaster = 24
    /// The most sides a caster's shadow has on a receiver: a quadrilateral cut by the
    /// receiver's plane.
    package static let receiverCasterEdges = 5

    /// One triangle of a caster's shadow: its corners (indices into `points`) and its sheet.
    package struct Triangle {
        package var a: Int32, b: Int32, c: Int32
        package var sheet: Int8
    }

    /// A shadow point in viewport pixels (y up) with its clip `w` and the caster's height.
    package struct Point2 {
        package var x: Double, y: Double, w: Double, h: Double

        /// The point a fraction `t` of the way to `b` on screen; `w` and `h` perspective-correct.
        package func toward(_ b: Point2, _ t: Double) -> Point2 {
            let iw = 1 / w + (1 / b.w - 1 / w) * t
            let hw = h / w + (b.h / b.w - h / w) * t
            return Point2(x: x + (b.x - x) * t, y: y + (b.y - y) * t, w: 1 / iw, h: hw / iw)
        }
    }

    /// An edge of a sheet's outline: `nx·x + ny·y + c` pixels inside (unit normal), the
    /// sheet it bounds, and the box its penumbra reaches.
    package struct Edge {
        package var nx: Double, ny: Double, c: Double
        package var sheet: Int
        /// Its ends' mesh vertices.
        package var i: Int, j: Int
        /// The penumbra's reach outside it, pixels (half the widest penumbra, plus a pixel).
        package var reach: Double
        package var box: (x0: Double, y0: Double, x1: Double, y1: Double)
        package var a: Point2, b: Point2
    }

    package var passes: [Pass] = []
    /// The casters' terms of the receivers' passes (`Pass.casters`).
    package var receiverCasters: [Float] = []
    package var points: [Point2] = []
    package var edges: [Edge] = []
    package var sheets: [Int8] = []
    /// The side table: key `(min, max, sheet)` per slot (−1 empty) and how many triangles use it.
    package var sides = (keys: [Int64](), counts: [Int32]())
    package var receivers: [Int] = []
    package var carried: [Int] = []
    /// A shadow triangle being clipped to a receiver, and the clip's output (swapped per edge).
    package var clip = (polygon: [Point2](), clipped: [Point2]())
    /// The layers whose shadows this frame already has (a layer the depth sort split is drawn
    /// in several batches, but casts once).
    package var casters: [Int32] = []
    /// The opaque flat layers drawn in this frame (once each): the casters over a receiver
    /// lifted off the page plane (`DrawList+RaisedShadow.swift`).
    package var flatCasters: [Int32] = []
    /// The opaque curled (surface) layers drawn in this frame (once each): the receivers and
    /// casters of `DrawList+SurfaceReceiverShadow.swift`.
    package var surfaceCasters: [Int32] = []
    /// The opaque flat layers drawn in this frame with a corner off their context's plane.
    package var raisedFlatCasters: [Int32] = []
    /// The curved receiver's run being gathered (`DrawList+SurfaceReceiverShadow.swift`): the
    /// axes across the light, the run's box seen along the light (points on those axes), its
    /// lowest point along the light, and the penumbra's terms `w₀`, `2·tan β` (points).
    package var surfaceRun = (e1: Vector3(x: 1, y: 0, z: 0), e2: Vector3(x: 0, y: 1, z: 0),
                              box: (x0: 0.0, y0: 0.0, x1: 0.0, y1: 0.0), low: 0.0, contactWidth: 0.0, spread: 0.0)
    /// The corners of the curved receiver's run seen along the light (`x`, `y` on its axes,
    /// `h` along the light).
    package var surfaceRunPoints: [Point2] = []
    /// The receiver's pass being gathered (`DrawList+RaisedShadow.swift`): where its casters
    /// start in `receiverCasters`, how many it has, and the region of the receiver (its own
    /// points: min x, min y, max x, max y) their shadows can darken.
    package var receiverPass = (first: 0, count: 0, region: (x0: 0.0, y0: 0.0, x1: 0.0, y1: 0.0))
    /// Where each piece of the curved receiver's pass being gathered can darken, in the pass's
    /// order (`DrawList+SurfaceReceiverRegions.swift`): its highest point along the light, its
    /// plane as the distance along the light to it from the point `u·e₁ + v·e₂ + h·L`,
    /// `t = c + a·u + b·v − h` (`(c, a, b)`, points), and how many of `surfacePieceSides` are
    /// its own.
    package var surfacePieces: [(high: Double, plane: (c: Double, a: Double, b: Double), sides: Int)] = []
    /// Per piece of `surfacePieces`, `surfaceCasterEdges` side lines `(mx, my, c)` seen along
    /// the light (`mx·x + my·y + c` points inside; unit normal).
    package var surfacePieceSides: [Double] = []
    /// The screen bands of a curved receiver's pass (`DrawList+SurfaceReceiverRegions.swift`):
    /// the pixels of the pass in each, their box seen along the light, their lowest point
    /// along it, and the pieces that reach it (bit i: piece i).
    package var receiverBands: [(area: Double, box: (x0: Double, y0: Double, x1: Double, y1: Double), low: Double, pieces: UInt32)] = []
    /// The cheapest split of the bands into draws: per band boundary its cost and where its
    /// last draw starts (−1: the band before it is left out).
    package var receiverBandPlan = (cost: [Double](), from: [Int]())
    /// A triangle on screen (screen points, 1/w and their three light coordinates over w), as cut
    /// to a band, and the cut's output.
    package var bandClip = (triangle: [(x: Double, y: Double, iw: Double, u: Double, v: Double, h: Double)](),
                            polygon: [(x: Double, y: Double, iw: Double, u: Double, v: Double, h: Double)](),
                            clipped: [(x: Double, y: Double, iw: Double, u: Double, v: Double, h: Double)]())
    /// The pass's vertices and casters while its regions are written.
    package var regionScratch = (vertices: [Float](), casters: [Float]())
    /// Whether receivers off the page plane take shadows (on; the tests turn it off to see the
    /// page-plane passes alone).
    package var onRaisedReceivers = true
    /// Whether a curved receiver's pass is split into regions that each evaluate only the
    /// pieces reaching them (`DrawList+SurfaceReceiverRegions.swift`; off only to test and
    /// measure it).
    package var splitsSurfaceReceivers = true
    /// The page-plane pass being written leaves out what opaque items drawn after it cover
    /// fully (`DrawList+CoveredShadow.swift`): from which item on (`Int.max`: none, the pass
    /// is drawn whole), and the clipped polygon's pieces while they are cut.
    package var coverCut = CoveredShadowCut()
    /// Which receivers a flat caster's shadow reaches (`DrawList.appendCastShadows`).
    package enum FlatCasterReach: Sendable {
        /// Every receiver: the pages, curled leaves' flat parts and curved parts, flat leaves
        /// in flight (the lit look).
        case everyReceiver
        /// Curled leaves only, their flat part on the page plane and their curved part (the
        /// unlit look: a flip's shadows on the pages and on flat leaves are its tints, and a
        /// curled leaf takes none).
        case onCurledLeaves
    }

    /// Whether a page-plane pass leaves out what later opaque items cover (on; off only to
    /// test and measure it).
    package var skipsCoveredPixels = true
    /// Whether a curl leaf's page passes take that cut too (off: measured, it cost the lit
    /// four-leaf curl's frame 16–39% more CPU than it saved, docs/performance.md).
    package var cutsCurlPagePasses = false
    /// The caster's shadow triangles: corners as indices into `points`, and the sheet.
    package var triangles: [Triangle] = []
    /// The current caster: a flat caster's outline in the receivers' coordinates (clipped to
    /// their plane's lit side), its contact height (points: a point this low touches the page),
    /// and per patch of a curled caster its lowest and highest vertex heights (points).
    package var caster = (outline: [Vector3](), contact: 0.0,
                          patchHeights: [(low: Double, high: Double, lowVertex: Int, highVertex: Int)]())
    /// Per mesh vertex and sheet, up to two sheet edges ending there (−1: none).
    package var vertexEdges: [Int32] = []
    /// Shadow vertices by the edge slots they need (0, 4, 8), before they join the list.
    package var byslots: ([Float], [Float], [Float]) = ([], [], [])
    /// The receiver being written: for one off the page plane (a low strip of the bend), the
    /// pixel translation that carries the plane's shadow to it, its height `h` (heights written
    /// are relative to it) and the share of the page's shadow it takes (its direct light
    /// relative to a flat page's) — `(0, 0, 0, 1)` for the pages on the plane; the lowest
    /// caster height (points) that still casts on it (a caster triangle or edge reaching lower
    /// lies level with or below it); and the receivers' bounding box (pixels, before `shift`).
    package var receiver = (shift: (x: 0.0, y: 0.0, h: 0.0, share: 1.0), floor: -Double.infinity,
                            box: (x0: -Double.infinity, y0: -Double.infinity, x1: Double.infinity, y1: Double.infinity))

    /// How many shadow triangles this frame carried fewer edges than reach them
    /// (`keepNearestCarriedEdges`): for tests and measurement.
    package var truncatedTriangles = 0
    /// The penumbra's width in pixels at height `h` points is `contactWidth + spread·h` (the
    /// current caster's model, `findSheetEdges`).
    package var penumbra = (contactWidth: 0.0, spread: 0.0)

    /// Clears the passes of the last frame (keeping storage).
    package mutating func reset() {
        truncatedTriangles = 0
        coverCut.boxTests = 0
        coverCut.ungatheredBoxTests = 0
        passes.removeAll(keepingCapacity: true)
        receiverCasters.removeAll(keepingCapacity: true)
    }

    /// Back to writing receivers on the page plane.
    package mutating func resetReceiver() {
        receiver.shift = (0, 0, 0, 1)
        receiver.floor = -Double.infinity
        receiver.box = (-Double.infinity, -Double.infinity, Double.infinity, Double.infinity)
    }
}

extension DrawList {
    /// The most sheet edges one shadow triangle carries (the edge slots of a vertex).
    package static let shadowEdgeSlots = TriangleCoverage.maximumEdges
    /// What an unused shadow edge slot holds: a line a million pixels away (`u` clamps to 1).
    package static let unusedShadowEdge: (Float, Float, Float) = (0, 0, 1e6)

    /// Adds the cast shadows of this list's lifted leaves for a light from `light` (unit,
    /// toward the light, in the view's 3D axes): one pass before each caster's first batch,
    /// over the items before it that `isReceiver` accepts (opaque flat pages on the plane
    /// `z = 0` of their 3D rendering context).
    ///
    /// Casters are the surface layers whose lifted patches are drawn (their mesh gives the
    /// shadow) and the opaque flat layers (`isOpaque`) standing off that plane toward the
    /// light (a flip's turning leaf, a hard cover's board), on the receivers `flatCasters`
    /// lets them reach: docs/curl.md §8. In the unlit look (`.onCurledLeaves`: its flips draw
    /// their shadows on pages and flat leaves as tints) curled leaves cast on the pages, on
    /// their own flat part and on curled leaves beneath, and a flat leaf casts only on curled
    /// leaves (which take no tint); no flat receiver off the page plane takes a pass.
    package mutating func appendCastShadows(_ frame: Frame, light: Vector3, ambient: Double = PaperLight.standard.ambient,
                                    flatCasters: CastShadowList.FlatCasterReach = .everyReceiver,
                                    isReceiver: (Frame.Polygon) -> Bool, isOpaque: (Frame.Polygon) -> Bool) {
        castShadow.reset()
        castShadow.resetReceiver()
        castShadow.casters.removeAll(keepingCapacity: true)
        castShadow.raisedFlatCasters.removeAll(keepingCapacity: true)
        for b in batches.indices {
            let item = items[batches[b].item]
            guard item.composite < 0, item.border < 0, item.raster < 0 else { continue }
            let quad = frame.polygons[item.quadIndex]
            if quad.surfacePatch >= 0 {
                guard let mesh = frame.record(of: quad).surface?.mesh else { continue }
                guard quad.surfacePatch < mesh.patches.count, mesh.patches[quad.surfacePatch].region != .flat else { continue }
                let id = quad.record
                if castShadow.casters.contains(id) { continue }
                castShadow.casters.append(id)
                appendCastShadow(of: id, frame, beforeBatch: b, light: light, ambient: ambient, isReceiver: isReceiver)
            } else {
                // A flat layer: only one with a corner off its context's plane can cast (the
                // cheap test that keeps pages and tiles at rest out of the rest).
                guard frame.record(of: quad).kind != .surface, frame.corners(of: quad).contains(where: { $0.depth > Self.liftedDepth }) else { continue }
                let id = quad.record
                guard !castShadow.casters.contains(id), isOpaque(quad) else { continue }
                castShadow.casters.append(id)
                // Casting on curled leaves only, these are also the casters over their curved
                // parts (`appendRaisedReceiverShadows` finds them itself otherwise).
                if flatCasters == .onCurledLeaves { castShadow.raisedFlatCasters.append(id) }
                appendFlatCastShadow(of: id, frame, beforeBatch: b, light: light, onCurledLeavesOnly: flatCasters == .onCurledLeaves,
                                     isReceiver: isReceiver)
            }
        }
        // Receivers off the page plane (leaves in flight, a fold's panels) take the shadows of
        // whatever stands over them, each drawn right after its receiver.
        if castShadow.onRaisedReceivers {
            appendRaisedReceiverShadows(frame, light: light, ambient: ambient, flatCasters: flatCasters, isOpaque: isOpaque)
        }
        // A bend's pass comes later than the next caster's first pass may: the renderer walks
        // the passes in batch order (insertion sort: a handful, already nearly sorted).
        var i = 1
        while i < castShadow.passes.count {
            var j = i
            while j > 0 && castShadow.passes[j - 1].beforeBatch > castShadow.passes[j].beforeBatch {
                castShadow.passes.swapAt(j - 1, j)
                j -= 1
            }
            i += 1
        }
    }

    /// The axis distance (points) over which a landing curl's shadow fades out (its opacity
    /// scaled by `e / landingFade`): twice the contact softness `w₀`, the last frames of a
    /// turn, where the roll's radius is under `w₀`.
    package static let landingFade = 2.0

    /// How far above its context's plane (points) a flat layer's corner must stand for the
    /// layer to cast a shadow: less is contact with the page (as a receiver's corners lie
    /// within 1e-6 of it).
    package static let liftedDepth = 1e-6

    /// The shadow of the surface layer with record `caster`, drawn before batch `b`.
    package mutating func appendCastShadow(of caster: Int32, _ frame: Frame, beforeBatch b: Int, light: Vector3,
                                   ambient: Double, isReceiver: (Frame.Polygon) -> Bool) {
        guard let surface = frame.records[Int(caster)].surface, let curl = surface.curl,
              surface.patchHasArea.count == surface.mesh.patches.count else { return }
        let mesh = surface.mesh
        let across = curl.spine == .left || curl.spine == .right ? curl.size.width : curl.size.height
        // The leaf's plane z = 0 on screen: the flat patch's map (the identity onto the plane).
        guard let flat = mesh.patches.firstIndex(where: { $0.region == .flat }) else { return }
        var toView: Homography?
        for q in frame.polygons where q.surfacePatch == flat && q.record == caster { toView = q.localToView; break }
        guard let toView else { return }
        // The light in the leaf's own axes: a leaf turned or mirrored in the page plane (a
        // book's reading direction) sees the view's light along its local axes' images.
        let ex = Self.unit(toView.x.x, toView.x.y), ey = Self.unit(toView.y.x, toView.y.y)
        let local = Vector3(x: light.x * ex.0 + light.y * ex.1, y: light.x * ey.0 + light.y * ey.1, z: light.z)
        // As the leaf lands, its roll flattening into a fold at the spine, the shadow fades out
        // over the last `landingFade` points of the axis's travel: the contact softness `w₀`
        // keeps the fold's shadow edge a line `o₀·F` dark along the spine whatever the radius
        // (17/255 on the spine's pixel column of `folio render --effect curl --progress
        // 0.99999`), which the landed leaf, a flat page, would drop in one frame.
        let landing = min(1, curl.axisDistance / Self.landingFade)
        guard landing > 0, let model = try? CastShadow(light: local, contactOpacity: landing / 3,
                                                       fadeHeight: max(across, 1e-9) / 2) else { return }
        let firstItem = batches[b].item
        // Receivers: opaque flat pages on the leaf's plane, and the leaf's own flat part.
        func receives(_ i: Int) -> Bool {
            let item = items[i]
            guard item.composite < 0, item.border < 0, item.raster < 0, item.corners.count >= 3 else { return false }
            let quad = frame.polygons[item.quadIndex]
            if quad.surfacePatch >= 0 && !(quad.record == caster && quad.surfacePatch == flat) { return false }
            return isReceiver(quad)
        }
        // The painter's order puts every lifted patch after the receivers it covers, but a patch
        // that covers none of them may come first, and a receiver it does not cover after it
        // (the leaf's flat part after a bend strip). Those drawn before the first lifted patch
        // take one pass there; each one drawn later takes a pass of its own right after it, so
        // a later receiver is never left without its shadow.
        // One scan: the receivers before the first lifted patch, whether any come later, and
        // whether the leaf's flat part receives (the bend's pass continues its shadow across
        // the axis, and only then).
        var later = false, flatReceives = false
        castShadow.receivers.removeAll(keepingCapacity: true)
        for i in items.indices where receives(i) {
            if frame.polygons[items[i].quadIndex].record == caster { flatReceives = true }
            if i < firstItem { castShadow.receivers.append(i) } else { later = true }
        }
        dropContainedReceivers()
        guard !castShadow.receivers.isEmpty || later else { return }

        // Every vertex's shadow, in viewport pixels.
        mesh.castShadow(model)
        let height = pixelSize.height
        castShadow.points.removeAll(keepingCapacity: true)
        for s in mesh.shadow {
            let v = toView.apply(s.point)
            let w = v.w
            guard w > 1e-9, v.x.isFinite, v.y.isFinite else { return }
            castShadow.points.append(CastShadowList.Point2(x: v.x / w * scale, y: height - v.y / w * scale, w: w, h: s.height))
        }
        // Sheets: 0 for patches facing the light, 1 for those facing away; −1 for the flat
        // part (the receiver itself) and patches with no area.
        castShadow.sheets.removeAll(keepingCapacity: true)
        for (k, p) in mesh.patches.enumerated() {
            let lifted = p.region != .flat && frame.patchHasArea(surface, k)
            castShadow.sheets.append(lifted ? (p.plane.normal.dot(model.light) > 0 ? 0 : 1) : -1)
        }
        castShadow.triangles.removeAll(keepingCapacity: true)
        for t in mesh.triangles {
            let sheet = castShadow.sheets[t.patch]
            guard sheet >= 0 else { continue }
            castShadow.triangles.append(CastShadowList.Triangle(a: Int32(t.a), b: Int32(t.b), c: Int32(t.c), sheet: sheet))
        }
        // Every page pass leaves out what the opaque items drawn after it cover fully (the
        // leaf's own lifted patches, the leaves turned further): they paint it over.
        defer { castShadow.coverCut.firstItem = Int.max }
        if !castShadow.receivers.isEmpty {
            if castShadow.skipsCoveredPixels && castShadow.cutsCurlPagePasses { beginCoverCut(from: firstItem) }
            appendShadowPass(beforeBatch: b, model: model, contact: 1e-9 * max(across, 1))
        }
        if later {
            var next = b
            for i in (firstItem + 1)..<items.count where receives(i) {
                // After the receiver's details too (pieces of its patch that follow it), which
                // the pass shades as it shades the patch.
                var last = i
                while last + 1 < items.count, frame.polygons[items[last + 1].quadIndex].surfacePatch == flat,
                      frame.isSurfaceDetail(frame.polygons[items[last + 1].quadIndex]),
                      frame.surfaceRecordIndex(of: frame.polygons[items[last + 1].quadIndex]) == caster { last += 1 }
                while next < batches.count && batches[next].item <= last { next += 1 }
                castShadow.receivers.removeAll(keepingCapacity: true)
                castShadow.receivers.append(i)
                if castShadow.skipsCoveredPixels && castShadow.cutsCurlPagePasses && next < batches.count {
                    beginCoverCut(from: batches[next].item)
                } else {
                    castShadow.coverCut.firstItem = Int.max
                }
                appendShadowPass(beforeBatch: next, model: model, contact: 1e-9 * max(across, 1))
            }
        }
        // The bend's pass is not cut.
        castShadow.coverCut.firstItem = Int.max
        if flatReceives {
            appendBendShadowPass(of: caster, frame, firstLifted: b, flatToView: toView, model: model, ambient: ambient)
        }
    }

    /// The shadow of the flat layer `caster`, whose first batch is `b`, drawn right after the
    /// last polygon on the page plane before it (docs/curl.md §8, flat casters).
    ///
    /// The receivers' plane is that of the first receiver drawn before `b` in the caster's 3D
    /// rendering context; `Layer.transform(toCoordinatesOf:)` places the caster's corners in
    /// that receiver's coordinates, where `z` is their height above the page. The part below
    /// the page (hidden under it) is cut off; the rest is one sheet — a flat leaf's shadow never
    /// folds over itself — whose corners land on their shadow points with their heights, so a
    /// tilted leaf's shadow has a height varying linearly along it and a penumbra widening
    /// with it. Its edges are the outline's sides off the page (not a hinge lying on it).
    ///
    /// With `onCurledLeavesOnly` (the unlit look) the receivers are the flat parts of curled
    /// leaves only, not the pages: the flip's tints shade those. Otherwise they are the pages;
    /// a curled leaf's flat part lying on one takes the pass drawn over the page.
    package mutating func appendFlatCastShadow(of caster: Int32, _ frame: Frame, beforeBatch b: Int, light: Vector3,
                                       onCurledLeavesOnly: Bool = false, isReceiver: (Frame.Polygon) -> Bool) {
        let firstItem = batches[b].item
        castShadow.receivers.removeAll(keepingCapacity: true)
        var plane: (layer: Int32, toView: Homography, casterToPlane: Transform3D)?
        for i in 0..<firstItem {
            let item = items[i]
            guard item.composite < 0, item.border < 0, item.raster < 0, item.corners.count >= 3 else { continue }
            let quad = frame.polygons[item.quadIndex]
            if onCurledLeavesOnly {
                // A curled leaf's flat part (its patch's map is the leaf's own onto the plane).
                guard quad.surfacePatch >= 0, let mesh = frame.record(of: quad).surface?.mesh,
                      quad.surfacePatch < mesh.patches.count, mesh.patches[quad.surfacePatch].region == .flat,
                      !frame.isSurfaceDetail(quad) else { continue }
            } else {
                guard quad.surfacePatch < 0 else { continue }
            }
            guard quad.record != caster, isReceiver(quad) else { continue }
            if let plane {
                // Another page on the same plane: in the same rendering context.
                guard plane.layer == quad.record || frame.transform(from: quad.record, toCoordinatesOf: plane.layer) != nil else { continue }
            } else {
                guard let m = frame.transform(from: caster, toCoordinatesOf: quad.record) else { continue }
                plane = (quad.record, quad.localToView, m)
            }
            castShadow.receivers.append(i)
        }
        // The last polygon drawn on the page plane before the caster — a receiver, or anything
        // lying on a page (its details, a tint): the shadow goes over all of them, under
        // whatever stands off the plane after them.
        var lastOnPlane = castShadow.receivers.last ?? 0
        for i in lastOnPlane..<firstItem where !Self.isRaised(frame.polygons[items[i].quadIndex], frame) { lastOnPlane = i }
        dropContainedReceivers()
        guard let plane, !castShadow.receivers.isEmpty else { return }

        // The light in the receiver's own axes (a mirrored or turned page sees it turned).
        guard let toLocal = frame.records[Int(plane.layer)].orientation.linearPartToRoot.inverted() else { return }
        let l4 = light.applying(toLocal)
        var local = Vector3(x: l4.x, y: l4.y, z: l4.z)
        // Heights count toward the light: a page whose own z points away from the viewer
        // (seen from its back) measures them negated.
        let up: Double = local.z < 0 ? -1 : 1
        local.z *= up

        guard let extent = placeFlatCaster(caster, frame, casterToPlane: plane.casterToPlane, up: up) else { return }
        let contact = 1e-9 * max(extent, 1)
        guard castShadow.caster.outline.contains(where: { $0.z > contact }),
              let model = try? CastShadow(light: local, fadeHeight: min(max(extent, 1e-9) / 2, PageCurl.maximumSide)) else { return }
        clipOutlineToLitSide()
        let count = castShadow.caster.outline.count
        guard count >= 3 else { return }

        let height = pixelSize.height
        castShadow.points.removeAll(keepingCapacity: true)
        for p in castShadow.caster.outline {
            let s = model.shadow(of: p)
            let v = plane.toView.apply(s.point)
            guard v.w > 1e-9, v.x.isFinite, v.y.isFinite else { return }
            castShadow.points.append(CastShadowList.Point2(x: v.x / v.w * scale, y: height - v.y / v.w * scale, w: v.w, h: s.height))
        }
        castShadow.triangles.removeAll(keepingCapacity: true)
        for k in 1..<(count - 1) {
            castShadow.triangles.append(CastShadowList.Triangle(a: 0, b: Int32(k), c: Int32(k + 1), sheet: 0))
        }
        // Drawn right after the last polygon on the page plane, not just before the caster:
        // what lies between (the leaves beneath this one in a riffle) stands over the page and
        // covers its shadow; drawn before the caster, the page's shadow fell on those leaves
        // too, in the page's geometry. Several leaves' page passes then share a batch, and the
        // darkest wins.
        var next = 0
        while next < b && batches[next].item <= lastOnPlane { next += 1 }
        // What the items from that batch on cover fully is not darkened: they paint it over.
        if castShadow.skipsCoveredPixels && next < batches.count { beginCoverCut(from: batches[next].item) }
        defer { castShadow.coverCut.firstItem = Int.max }
        appendShadowPass(beforeBatch: next, model: model, contact: contact)
    }

    /// Fills `castShadow.caster.outline` with the flat layer `caster`'s corners in a
    /// receiver's coordinates (`casterToPlane`), `z` their height above its plane counted
    /// along `up` (±1); returns the caster's extent along its steepest slope (the leaf's length
    /// across its hinge), whose half is the fade height h₀ — nil when a corner does not map.
    package mutating func placeFlatCaster(_ caster: Int32, _ frame: Frame, casterToPlane: Transform3D, up: Double) -> Double? {
        let bounds = frame.records[Int(caster)].bounds
        castShadow.caster.outline.removeAll(keepingCapacity: true)
        // The corners (minX, minY), (maxX, minY), (maxX, maxY), (minX, maxY), without an array
        // literal (which would allocate every frame).
        for k in 0..<4 {
            let x = k == 1 || k == 2 ? bounds.maxX : bounds.minX, y = k >= 2 ? bounds.maxY : bounds.minY
            let p = Vector3(x: x, y: y, z: 0).applying(casterToPlane)
            guard p.w > 0, p.x.isFinite, p.y.isFinite, p.z.isFinite else { return nil }
            castShadow.caster.outline.append(Vector3(x: p.x / p.w, y: p.y / p.w, z: up * p.z / p.w))
        }
        let sideX = castShadow.caster.outline[1] - castShadow.caster.outline[0], sideY = castShadow.caster.outline[3] - castShadow.caster.outline[0]
        return abs(sideX.z) > abs(sideY.z) ? sideX.length : (abs(sideY.z) > abs(sideX.z) ? sideY.length : max(sideX.length, sideY.length))
    }

    /// Cuts `castShadow.caster.outline` (a convex polygon, `z` = height) to `z ≥ 0`: what lies below
    /// the page is under it and casts nothing on it.
    package mutating func clipOutlineToLitSide() {
        guard castShadow.caster.outline.contains(where: { $0.z < 0 }) else { return }
        castShadow.clip.polygon.removeAll(keepingCapacity: true)
        // The clipped outline is built in `polygon`'s storage (x, y, h; w unused), then copied back.
        ConvexPolygonClipper.clip(
            count: castShadow.caster.outline.count, closingEdge: .last, corner: { (i: Int) -> Vector3 in castShadow.caster.outline[i] },
            side: { (p: Vector3) -> Double in p.z >= 0 ? 1 : -1 }, value: { (p: Vector3) -> Double in p.z },
            keep: { (p: Vector3) in castShadow.clip.polygon.append(CastShadowList.Point2(x: p.x, y: p.y, w: 1, h: p.z)) },
            cross: { (s: Vector3, t: Vector3, f: Double) in
                castShadow.clip.polygon.append(CastShadowList.Point2(x: s.x + (t.x - s.x) * f, y: s.y + (t.y - s.y) * f, w: 1, h: 0))
            })
        castShadow.caster.outline.removeAll(keepingCapacity: true)
        for p in castShadow.clip.polygon { castShadow.caster.outline.append(Vector3(x: p.x, y: p.y, z: p.h)) }
    }

    /// Turns `castShadow.points` and `castShadow.triangles` (one caster's shadow) into a pass
    /// drawn before batch `b`: the sheets' edges (sides off the page: a side whose ends are
    /// both within `contact` of it is where the leaf meets the page), the triangles clipped to
    /// the receivers, the skirts, and the model's terms in pixels.
    package mutating func appendShadowPass(beforeBatch b: Int, model: CastShadow, contact: Double) {
        castShadow.caster.contact = contact
        findSheetEdges(contact: contact, model: model, pixelsPerPoint: scale)
        castShadow.byslots.0.removeAll(keepingCapacity: true)
        castShadow.byslots.1.removeAll(keepingCapacity: true)
        castShadow.byslots.2.removeAll(keepingCapacity: true)
        for t in castShadow.triangles {
            emitShadowTriangle(castShadow.points[Int(t.a)], castShadow.points[Int(t.b)], castShadow.points[Int(t.c)], sheet: Int(t.sheet))
        }
        appendSkirts()
        finishShadowPass(beforeBatch: b, model: model)
    }

    /// Moves the shadow vertices written (`byslots`) into the list as a pass drawn before
    /// batch `b`, with `model`'s terms in pixels.
    package mutating func finishShadowPass(beforeBatch b: Int, model: CastShadow) {
        let first = vertexCount
        vertices.append(contentsOf: castShadow.byslots.0)
        let none = first..<vertexCount
        vertices.append(contentsOf: castShadow.byslots.1)
        let four = none.upperBound..<vertexCount
        vertices.append(contentsOf: castShadow.byslots.2)
        let eight = four.upperBound..<vertexCount
        guard vertexCount > first else { return }
        let pixelsPerPoint = scale
        castShadow.passes.append(CastShadowList.Pass(
            beforeBatch: b, vertices: first..<vertexCount, slotRanges: (none, four, eight),
            terms: (Float(model.contactOpacity), Float(1 / model.fadeHeight), Float(model.contactWidth * pixelsPerPoint),
                    Float(2 * Self.tangent(degrees: model.angularRadius) * pixelsPerPoint))))
    }

    /// Drops receivers lying wholly inside another receiver (the leaf's flat part over the
    /// page beneath it): their shadow would be drawn twice over the same pixels.
    package mutating func dropContainedReceivers() {
        var k = 0
        while k < castShadow.receivers.count {
            let inner = items[castShadow.receivers[k]].corners
            var contained = false
            for other in castShadow.receivers where other != castShadow.receivers[k] {
                let outer = items[other].corners
                var area = 0.0
                for a in outer {
                    let b = a + 1 == outer.upperBound ? outer.lowerBound : a + 1
                    area += corners[a].x * corners[b].y - corners[b].x * corners[a].y
                }
                guard area != 0 else { continue }
                var all = true
                for p in inner where all {
                    for a in outer {
                        let b = a + 1 == outer.upperBound ? outer.lowerBound : a + 1
                        let ex = corners[b].x - corners[a].x, ey = corners[b].y - corners[a].y
                        let side = (ex * (corners[p].y - corners[a].y) - ey * (corners[p].x - corners[a].x)) * (area > 0 ? 1 : -1)
                        if side < -1e-6 { all = false; break }
                    }
                }
                if all { contained = true; break }
            }
            if contained { castShadow.receivers.remove(at: k) } else { k += 1 }
        }
    }

    /// The penumbra outside each sheet edge: a band `reach` wide along it. Where the sheet's
    /// outline turns outward at a vertex the gap between the two bands is filled with a wedge;
    /// past an end that no other edge of the sheet continues and that stands off the page, a
    /// square `reach` long carries that end's height (an end on the page, where the leaf
    /// meets it, gets none: the shadow ends there).
    package mutating func appendSkirts() {
        for k in castShadow.edges.indices {
            let edge = castShadow.edges[k]
            let (a, b) = (edge.a, edge.b)
            // An edge reaching down to a raised receiver's height lies level with it or below.
            guard min(a.h, b.h) >= castShadow.receiver.floor else { continue }
            let dx = b.x - a.x, dy = b.y - a.y
            let length = (dx * dx + dy * dy).squareRoot()
            guard length > 1e-9 else { continue }
            let (tx, ty) = (dx / length, dy / length)
            let reach = edge.reach
            let nextA = neighbourEdge(of: k, at: edge.i), nextB = neighbourEdge(of: k, at: edge.j)
            // The band along the edge: straight out from each point of the edge the height is
            // that point's (the caster's height at the nearest point of the shadow's edge).
            let a1 = CastShadowList.Point2(x: a.x - edge.nx * reach, y: a.y - edge.ny * reach, w: a.w, h: a.h)
            let b1 = CastShadowList.Point2(x: b.x - edge.nx * reach, y: b.y - edge.ny * reach, w: b.w, h: b.h)
            emitShadowTriangle(a, b, b1, sheet: edge.sheet)
            emitShadowTriangle(a, b1, a1, sheet: edge.sheet)
            // Past an end that no edge continues, a square at that end's height (stretching the
            // band instead would shift every height along it toward that end) — unless the end
            // touches the page (the hinge of a flip's leaf, the axis of a curl): the shadow ends
            // there, and a square past it would draw the edge's line on beyond its end.
            let contact = castShadow.caster.contact
            if nextA < 0 && a.h > contact {
                let e0 = CastShadowList.Point2(x: a.x - tx * reach, y: a.y - ty * reach, w: a.w, h: a.h)
                let e1 = CastShadowList.Point2(x: e0.x - edge.nx * reach, y: e0.y - edge.ny * reach, w: a.w, h: a.h)
                emitShadowTriangle(e0, a, a1, sheet: edge.sheet)
                emitShadowTriangle(e0, a1, e1, sheet: edge.sheet)
            }
            if nextB < 0 && b.h > contact {
                let e0 = CastShadowList.Point2(x: b.x + tx * reach, y: b.y + ty * reach, w: b.w, h: b.h)
                let e1 = CastShadowList.Point2(x: e0.x - edge.nx * reach, y: e0.y - edge.ny * reach, w: b.w, h: b.h)
                emitShadowTriangle(b, e0, e1, sheet: edge.sheet)
                emitShadowTriangle(b, e1, b1, sheet: edge.sheet)
            }
            // The wedge at each shared end, once per pair, where the outline turns outward.
            for end in 0..<2 {
                let (next, v, p) = end == 0 ? (nextA, edge.i, a) : (nextB, edge.j, b)
                guard next > k else { continue }
                let other = castShadow.edges[next]
                let far = other.i == v ? other.b : other.a
                guard edge.nx * (far.x - p.x) + edge.ny * (far.y - p.y) >= 0 else { continue }
                let r = max(reach, other.reach)
                let p1 = CastShadowList.Point2(x: p.x - edge.nx * r, y: p.y - edge.ny * r, w: p.w, h: p.h)
                let p2 = CastShadowList.Point2(x: p.x - other.nx * r, y: p.y - other.ny * r, w: p.w, h: p.h)
                emitShadowTriangle(p, p1, p2, sheet: edge.sheet)
            }
        }
    }

    /// The other edge of edge `k`'s sheet that ends at mesh vertex `v`, or −1.
    package func neighbourEdge(of k: Int, at v: Int) -> Int {
        let base = 4 * v + 2 * castShadow.edges[k].sheet
        for slot in 0..<2 {
            let e = Int(castShadow.vertexEdges[base + slot])
            if e >= 0 && e != k { return e }
        }
        return -1
    }

    /// `(x, y)` scaled to unit length (`(1, 0)` for a zero vector).
    package static func unit(_ x: Double, _ y: Double) -> (Double, Double) {
        let l = (x * x + y * y).squareRoot()
        return l > 0 && l.isFinite ? (x / l, y / l) : (1, 0)
    }

    package static func tangent(degrees: Double) -> Double {
        let (s, c) = Angle.sinCos(degrees: degrees)
        return s / c
    }

    /// The corners of side `s` (0…2) of triangle `t` and its opposite corner.
    package static func side(_ t: CastShadowList.Triangle, _ s: Int) -> (Int, Int, Int) {
        let (a, b, c) = (Int(t.a), Int(t.b), Int(t.c))
        return s == 0 ? (a, b, c) : (s == 1 ? (b, c, a) : (c, a, b))
    }

    /// The outline edges of each sheet: triangle sides used once within their sheet, except
    /// sides lying on the page (the axis line, where the leaf leaves the page: its shadow is
    /// under the leaf itself). Each edge's normal points into its triangle; its box is grown
    /// by the penumbra's half width (`model`, `pixelsPerPoint`) and a pixel.
    package mutating func findSheetEdges(contact: Double, model: CastShadow, pixelsPerPoint: Double) {
        castShadow.edges.removeAll(keepingCapacity: true)
        castShadow.penumbra = (model.contactWidth * pixelsPerPoint, 2 * Self.tangent(degrees: model.angularRadius) * pixelsPerPoint)
        var size = 16
        while size < 6 * castShadow.triangles.count { size <<= 1 }
        let mask = size - 1
        castShadow.sides.keys.removeAll(keepingCapacity: true)
        castShadow.sides.keys.append(contentsOf: repeatElement(-1, count: size))
        castShadow.sides.counts.removeAll(keepingCapacity: true)
        castShadow.sides.counts.append(contentsOf: repeatElement(0, count: size))
        castShadow.vertexEdges.removeAll(keepingCapacity: true)
        castShadow.vertexEdges.append(contentsOf: repeatElement(-1, count: 4 * castShadow.points.count))
        func key(_ i: Int, _ j: Int, _ sheet: Int) -> Int64 { (Int64(min(i, j)) << 33) | (Int64(max(i, j)) << 1) | Int64(sheet) }
        func slot(_ k: Int64) -> Int {
            var h = Int(truncatingIfNeeded: (k &* -7_046_029_254_386_353_131) >> 20) & mask
            while castShadow.sides.keys[h] != -1 && castShadow.sides.keys[h] != k { h = (h + 1) & mask }
            return h
        }
        for t in castShadow.triangles {
            let sheet = Int(t.sheet)
            for s in 0..<3 {
                let (i, j, _) = Self.side(t, s)
                let k = key(i, j, sheet)
                let h = slot(k)
                castShadow.sides.keys[h] = k
                castShadow.sides.counts[h] += 1
            }
        }
        for t in castShadow.triangles {
            let sheet = Int(t.sheet)
            for s in 0..<3 {
                let (i, j, o) = Self.side(t, s)
                guard castShadow.sides.counts[slot(key(i, j, sheet))] == 1 else { continue }
                let (a, b, c) = (castShadow.points[i], castShadow.points[j], castShadow.points[o])
                if a.h <= contact && b.h <= contact { continue }
                let dx = b.x - a.x, dy = b.y - a.y
                let length = (dx * dx + dy * dy).squareRoot()
                guard length > 1e-6 else { continue }
                var (nx, ny) = (-dy / length, dx / length)
                if nx * (c.x - a.x) + ny * (c.y - a.y) < 0 { (nx, ny) = (-nx, -ny) }
                let reach = model.width(height: max(a.h, b.h)) * pixelsPerPoint / 2 + 1
                let slot = 4 * i + 2 * sheet, other = 4 * j + 2 * sheet
                let index = Int32(castShadow.edges.count)
                if castShadow.vertexEdges[slot] < 0 { castShadow.vertexEdges[slot] = index } else { castShadow.vertexEdges[slot + 1] = index }
                if castShadow.vertexEdges[other] < 0 { castShadow.vertexEdges[other] = index } else { castShadow.vertexEdges[other + 1] = index }
                castShadow.edges.append(CastShadowList.Edge(
                    nx: nx, ny: ny, c: -(nx * a.x + ny * a.y), sheet: sheet, i: i, j: j, reach: reach,
                    box: (min(a.x, b.x) - reach, min(a.y, b.y) - reach, max(a.x, b.x) + reach, max(a.y, b.y) + reach), a: a, b: b))
            }
        }
    }

    /// Writes the shadow triangle `a, b, c` of `sheet`, clipped to every receiver, carrying the
    /// sheet's edges whose penumbra reaches it. A triangle reached by more edges than a vertex
    /// has slots (a long strip beside many short edges of a rolled outline) is split into four
    /// at its midpoints, up to `depth` 4; past that it keeps the edges nearest its centre.
    package mutating func emitShadowTriangle(_ a: CastShadowList.Point2, _ b: CastShadowList.Point2, _ c: CastShadowList.Point2, sheet: Int,
                                     depth: Int = 0) {
        let x0 = min(a.x, b.x, c.x), x1 = max(a.x, b.x, c.x)
        let y0 = min(a.y, b.y, c.y), y1 = max(a.y, b.y, c.y)
        guard x1 > x0 || y1 > y0, x0.isFinite, x1.isFinite, y0.isFinite, y1.isFinite else { return }
        let box = castShadow.receiver.box
        guard box.x0 <= x1, box.x1 >= x0, box.y0 <= y1, box.y1 >= y0 else { return }
        castShadow.carried.removeAll(keepingCapacity: true)
        for k in castShadow.edges.indices {
            let e = castShadow.edges[k]
            guard e.sheet == sheet, e.box.x0 <= x1, e.box.x1 >= x0, e.box.y0 <= y1, e.box.y1 >= y0 else { continue }
            castShadow.carried.append(k)
        }
        // More edges than slots: first drop those that change no pixel of the triangle.
        if castShadow.carried.count > Self.shadowEdgeSlots { dropIdleCarriedEdges(a, b, c) }
        if castShadow.carried.count > Self.shadowEdgeSlots && depth < 4 {
            let ab = a.toward(b, 0.5), bc = b.toward(c, 0.5), ca = c.toward(a, 0.5)
            emitShadowTriangle(a, ab, ca, sheet: sheet, depth: depth + 1)
            emitShadowTriangle(ab, b, bc, sheet: sheet, depth: depth + 1)
            emitShadowTriangle(ca, bc, c, sheet: sheet, depth: depth + 1)
            emitShadowTriangle(ab, bc, ca, sheet: sheet, depth: depth + 1)
            return
        }
        if castShadow.carried.count > Self.shadowEdgeSlots {
            castShadow.truncatedTriangles += 1
            keepNearestCarriedEdges(toCentre: ((a.x + b.x + c.x) / 3, (a.y + b.y + c.y) / 3))
        }
        for r in castShadow.receivers { emitShadowTriangle(a, b, c, clippedTo: r, box: (x0, y0, x1, y1)) }
    }

    /// Drops the carried edges that change no pixel of the shadow triangle `a, b, c`. A pixel
    /// takes `u = min(1, minₖ 2dₖ/w)` over the edges it carries (`dₖ` its distance inside edge
    /// `k`'s line, `w` the penumbra at its height: Shaders/quad.frag, SHADOW_BLUR), and every
    /// `dₖ` is affine over the triangle, so its least and greatest values there are at the
    /// corners. An edge is idle — dropping it leaves `u` exactly as it was at every pixel — when
    ///
    /// - it lies at least half the widest penumbra over the triangle away at every corner
    ///   (`dₖ ≥ w/2` everywhere: its term is clamped to 1, the value with no edge at all); or
    /// - another edge kept lies no farther at every corner (`dⱼ ≤ dₖ` everywhere: `dₖ` is never
    ///   the least; of two equal lines the first is kept).
    ///
    /// Before this, a triangle with more edges than slots kept those nearest its centre, and its
    /// neighbour another set: the lit curl at progress 0.5 (default angle) showed a 19/255 step
    /// along their common side in the shadow of the leaf's rolled corner.
    package mutating func dropIdleCarriedEdges(_ a: CastShadowList.Point2, _ b: CastShadowList.Point2, _ c: CastShadowList.Point2) {
        let half = (castShadow.penumbra.contactWidth + castShadow.penumbra.spread * max(0, a.h, b.h, c.h)) / 2
        func distances(_ k: Int) -> (Double, Double, Double) {
            let e = castShadow.edges[k]
            return (e.nx * a.x + e.ny * a.y + e.c, e.nx * b.x + e.ny * b.y + e.c, e.nx * c.x + e.ny * c.y + e.c)
        }
        // Out of reach.
        var n = 0
        // By index: a `for k in castShadow.carried` loop holds the array while the loop
        // writes into it, and that write copies the whole array (a heap allocation a triangle).
        for m in castShadow.carried.indices {
            let k = castShadow.carried[m]
            let d = distances(k)
            if min(d.0, d.1, d.2) >= half { continue }
            castShadow.carried[n] = k
            n += 1
        }
        castShadow.carried.removeSubrange(n...)
        guard n > Self.shadowEdgeSlots else { return }
        // Never the least: dominated by an edge that stays (domination is transitive, so an
        // edge dominated only by dropped ones is dominated by what dominated those).
        var kept = 0
        for i in 0..<n {
            let di = distances(castShadow.carried[i])
            var idle = false
            for j in 0..<n where j != i {
                let dj = distances(castShadow.carried[j])
                guard dj.0 <= di.0, dj.1 <= di.1, dj.2 <= di.2 else { continue }
                // Equal at every corner: the same line; keep the first.
                if dj.0 == di.0 && dj.1 == di.1 && dj.2 == di.2 && j > i { continue }
                idle = true
                break
            }
            if !idle {
                castShadow.carried[kept] = castShadow.carried[i]
                kept += 1
            }
        }
        castShadow.carried.removeSubrange(kept...)
    }

    /// Keeps the `shadowEdgeSlots` carried edges nearest `centre` (distance to the segment).
    package mutating func keepNearestCarriedEdges(toCentre centre: (x: Double, y: Double)) {
        let (cx, cy) = centre
        func distance(_ k: Int) -> Double {
            let e = castShadow.edges[k]
            let dx = e.b.x - e.a.x, dy = e.b.y - e.a.y
            let l2 = dx * dx + dy * dy
            let t = l2 > 0 ? min(1, max(0, ((cx - e.a.x) * dx + (cy - e.a.y) * dy) / l2)) : 0
            let px = e.a.x + dx * t - cx, py = e.a.y + dy * t - cy
            return px * px + py * py
        }
        for i in 0..<Self.shadowEdgeSlots {
            var best = i
            for j in (i + 1)..<castShadow.carried.count where distance(castShadow.carried[j]) < distance(castShadow.carried[best]) {
                best = j
            }
            castShadow.carried.swapAt(i, best)
        }
        castShadow.carried.removeSubrange(Self.shadowEdgeSlots...)
    }

    /// Writes shadow triangle `a, b, c` (whose box is `box`) clipped to receiver item `r`.
    ///
    /// A raised receiver is met by the plane's shadow moved by `shift`: the triangle is clipped
    /// against the receiver moved back instead, and the vertices move when they are written.
    package mutating func emitShadowTriangle(_ a: CastShadowList.Point2, _ b: CastShadowList.Point2, _ c: CastShadowList.Point2,
                                             clippedTo r: Int, box: (x0: Double, y0: Double, x1: Double, y1: Double)) {
        let (sx, sy) = (castShadow.receiver.shift.x, castShadow.receiver.shift.y)
        let range = items[r].corners
        var rx0 = Double.infinity, rx1 = -Double.infinity, ry0 = Double.infinity, ry1 = -Double.infinity
        var area = 0.0
        for k in range {
            let p = corners[k], q = corners[k + 1 == range.upperBound ? range.lowerBound : k + 1]
            let (px, py, qx, qy) = (p.x - sx, p.y - sy, q.x - sx, q.y - sy)
            rx0 = min(rx0, px); rx1 = max(rx1, px); ry0 = min(ry0, py); ry1 = max(ry1, py)
            area += px * qy - qx * py
        }
        guard rx0 <= box.x1, rx1 >= box.x0, ry0 <= box.y1, ry1 >= box.y0, area != 0 else { return }
        castShadow.clip.polygon.removeAll(keepingCapacity: true)
        castShadow.clip.polygon.append(a); castShadow.clip.polygon.append(b); castShadow.clip.polygon.append(c)
        let sign = area > 0 ? 1.0 : -1.0
        for k in range where castShadow.clip.polygon.count >= 3 {
            let p = corners[k], q = corners[k + 1 == range.upperBound ? range.lowerBound : k + 1]
            let (px, py) = (p.x - sx, p.y - sy)
            // Inside: left of p→q for a counter-clockwise receiver (y up).
            let ex = q.x - p.x, ey = q.y - p.y
            func inside(_ s: CastShadowList.Point2) -> Double { sign * (ex * (s.y - py) - ey * (s.x - px)) }
            castShadow.clip.clipped.removeAll(keepingCapacity: true)
            ConvexPolygonClipper.clip(
                count: castShadow.clip.polygon.count, closingEdge: .last, corner: { castShadow.clip.polygon[$0] },
                side: { inside($0) >= 0 ? 1 : -1 }, value: inside,
                keep: { castShadow.clip.clipped.append($0) },
                cross: { s, t, _ in
                    // From the lexicographically first end, as the draw list's other cuts: the
                    // two shadow triangles that share this side walk it in opposite orders and
                    // must make the same point on the receiver's edge.
                    let (p, q) = (s.x, s.y) < (t.x, t.y) ? (s, t) : (t, s)
                    let (vp, vq) = (inside(p), inside(q))
                    castShadow.clip.clipped.append(p.toward(q, vp / (vp - vq)))
                })
            swap(&castShadow.clip.polygon, &castShadow.clip.clipped)
        }
        let count = castShadow.clip.polygon.count
        guard count >= 3 else { return }
        if castShadow.coverCut.firstItem < items.count && sx == 0 && sy == 0 {
            emitUncoveredShadowPolygon()
            return
        }
        for i in 1..<(count - 1) {
            appendShadowVertex(castShadow.clip.polygon[0])
            appendShadowVertex(castShadow.clip.polygon[i])
            appendShadowVertex(castShadow.clip.polygon[i + 1])
        }
    }

    /// Appends one shadow vertex to the buffer for its carried edges' slot count: clip
    /// position, the height as its local point, the carried edges in framebuffer pixels (then
    /// unused slots), and the height again in the normal's place (`aShadow` in Shaders/quad.vert).
    package mutating func appendShadowVertex(_ p: CastShadowList.Point2) {
        let n = castShadow.carried.count
        // The buffer is moved out while written (no copy, no allocation), so that the edges
        // can be read meanwhile.
        var out: [Float] = []
        if n == 0 { swap(&out, &castShadow.byslots.0) } else if n <= 4 { swap(&out, &castShadow.byslots.1) } else { swap(&out, &castShadow.byslots.2) }
        Self.writeShadowVertex(p, &out, castShadow, origin: origin, size: pixelSize)
        if n == 0 { swap(&out, &castShadow.byslots.0) } else if n <= 4 { swap(&out, &castShadow.byslots.1) } else { swap(&out, &castShadow.byslots.2) }
    }

    /// Writes one shadow vertex (`floatsPerVertex` floats) to `out`.
    package static func writeShadowVertex(_ p: CastShadowList.Point2, _ out: inout [Float], _ list: CastShadowList,
                                  origin: (x: Double, y: Double), size: (width: Double, height: Double)) {
        // A raised receiver (`list.receiver.shift`) takes the plane's shadow moved on screen, heights
        // counted from it, and its share of the darkness (1 − share in the second slot, so
        // that a receiver on the plane writes 0 there).
        let shift = list.receiver.shift
        let (x, y) = (p.x + shift.x, p.y + shift.y)
        let h = max(0, p.h - shift.h)
        out.append(Float((2 * x / size.width - 1) * p.w))
        out.append(Float((2 * y / size.height - 1) * p.w))
        out.append(0)
        out.append(Float(p.w))
        out.append(Float(h))
        out.append(0)
        for k in list.carried {
            let e = list.edges[k]
            out.append(Float(e.nx)); out.append(Float(e.ny))
            out.append(Float(e.c - e.nx * (origin.x + shift.x) - e.ny * (origin.y + shift.y)))
        }
        for _ in list.carried.count..<shadowEdgeSlots {
            out.append(unusedShadowEdge.0); out.append(unusedShadowEdge.1); out.append(unusedShadowEdge.2)
        }
        out.append(Float(h)); out.append(Float(1 - shift.share)); out.append(0)
    }
}
