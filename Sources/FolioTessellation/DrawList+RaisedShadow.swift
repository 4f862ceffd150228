import FolioGeometry
import FolioLayers
import FolioSurface

extension DrawList {
    /// The cast shadows on receivers lifted off the page plane (docs/curl.md §8, "Every
    /// receiver"): a leaf in flight under another, a fold's panel under its sleeve or its
    /// other panel.
    ///
    /// A receiver is an opaque flat polygon with a corner off its context's plane whose
    /// visible side faces the light. Every opaque flat layer of the same 3D rendering context
    /// (`flatCasters`) is placed in the receiver's own coordinates
    /// (`Frame.transform(from:toCoordinatesOf:)`), where `z` is its height above the
    /// receiver's plane counted toward the visible side; the part below that plane is cut off
    /// and the rest casts the model of §8 on the plane, exactly as a flat caster does on the
    /// page: each corner lands at `p − h·L_xy/L_z` (`L` in the receiver's axes), with the
    /// penumbra `w(h)` and opacity `o(h)` of its height above the receiver. The shadow is
    /// clipped to the receiver and drawn right after it — after its page details when they
    /// follow it (`lastDetail(after:)`), over them too — so whatever the painter's order puts
    /// in front of it covers it. A caster point whose shadow lands on the receiver lies on the
    /// segment from there toward the light, so it does hide the light from that point: nothing
    /// else is needed to decide who shades whom.
    ///
    /// The receiver is drawn once more for all its casters (`RECEIVER_CASTERS` in
    /// Shaders/quad.frag, one draw multiplying the colour by the light left): each caster is a
    /// height plane over its shadow and the shadow's edge lines, in the receiver's own points,
    /// and every pixel, knowing its point on the receiver, takes the darkest of them — so a
    /// leaf under three others is drawn over once, not twice per caster, and its penumbrae
    /// are measured on the receiver, not on the screen (exact on a receiver the view
    /// foreshortens). The draw covers the receiver's polygon cut to the box the shadows and
    /// their penumbrae reach. The darkness is scaled by the receiver's share of direct light
    /// `n / D(n)`, `n = N·L / L_z` (the bend's rule: 1 for a page facing the viewer).
    ///
    /// With `flatCasters` `.onCurledLeaves` (the unlit look) no flat layer receives here (a
    /// flat leaf's shadows are its tints), and flat layers in flight cast on curled leaves only.
    package mutating func appendRaisedReceiverShadows(_ frame: Frame, light: Vector3, ambient: Double,
                                                      flatCasters: CastShadowList.FlatCasterReach = .everyReceiver,
                                                      isOpaque: (Frame.Polygon) -> Bool) {
        guard frame.inputs.contains(.castShadows), light.z > 0 else { return }
        // The opaque flat layers drawn, once each, and whether any polygon leaves the page
        // plane (without one there is no raised receiver: a book at rest costs one scan).
        castShadow.flatCasters.removeAll(keepingCapacity: true)
        castShadow.surfaceCasters.removeAll(keepingCapacity: true)
        // Casting on curled leaves only, the flat casters are those the page-plane passes
        // found (`appendCastShadows` keeps them in `raisedFlatCasters`): no second look at
        // every flat polygon.
        if flatCasters == .everyReceiver { castShadow.raisedFlatCasters.removeAll(keepingCapacity: true) }
        var raised = false
        for item in items where item.composite < 0 && item.border < 0 && item.raster < 0 && item.corners.count >= 3 {
            let quad = frame.polygons[item.quadIndex]
            if quad.surfacePatch >= 0 {
                // A curled leaf: a receiver and a caster of its own kind (DrawList+SurfaceReceiverShadow.swift).
                if frame.record(of: quad).surface?.curl != nil, !castShadow.surfaceCasters.contains(quad.record), isOpaque(quad) {
                    castShadow.surfaceCasters.append(quad.record)
                }
                continue
            }
            // Casting on curled leaves only, no flat layer receives: the list stays empty.
            guard flatCasters == .everyReceiver, frame.record(of: quad).kind != .surface else { continue }
            let lifted = Self.isRaised(quad, frame)
            if !raised && lifted { raised = true }
            if !castShadow.flatCasters.contains(quad.record) && isOpaque(quad) {
                castShadow.flatCasters.append(quad.record)
                if lifted { castShadow.raisedFlatCasters.append(quad.record) }
            }
        }
        // Curled leaves under curled or flat leaves in flight.
        appendSurfaceReceiverShadows(frame, light: light, ambient: ambient)
        guard raised, castShadow.flatCasters.count >= 2 else { return }
        let viewLight = light * (1 / light.length)
        for r in items.indices {
            let item = items[r]
            guard item.composite < 0, item.border < 0, item.raster < 0, item.corners.count >= 3 else { continue }
            let quad = frame.polygons[item.quadIndex]
            guard quad.surfacePatch < 0, frame.record(of: quad).kind != .surface, Self.isRaised(quad, frame), isOpaque(quad) else { continue }
            let receiver = quad.record
            let orientation = frame.records[Int(receiver)].orientation
            // The visible side, and its share of direct light; a side facing away from the
            // light is in its own shade and takes no cast shadow.
            let up: Double = quad.localToView.showsBack ? -1 : 1
            let n = up * orientation.frontNormal.dot(viewLight) / viewLight.z
            guard n > 1e-3, n.isFinite else { continue }
            let share = n / (ambient + (1 - ambient) * n)
            // The light in the receiver's axes, heights counted toward its visible side.
            guard let toLocal = orientation.linearPartToRoot.inverted() else { continue }
            let l4 = light.applying(toLocal)
            let local = Vector3(x: l4.x, y: l4.y, z: up * l4.z)
            guard local.z > 0, local.length > 0, local.length.isFinite else { continue }
            // Drawn right after the receiver's last batch, or after its page details when they
            // follow it: they lie in its plane and take its shadow as it does.
            let last = lastDetail(after: r, frame, isOpaque: isOpaque)
            var next = 0
            while next < batches.count && batches[next].item <= last { next += 1 }
            // The casters over this receiver, evaluated together in one draw of it.
            castShadow.receiverPass = (first: castShadow.receiverCasters.count, count: 0,
                                       region: (Double.infinity, Double.infinity, -Double.infinity, -Double.infinity))
            var terms: (Float, Float, Float, Float)?
            for caster in castShadow.flatCasters where caster != receiver {
                guard let m = frame.transform(from: caster, toCoordinatesOf: receiver),
                      let extent = placeFlatCaster(caster, frame, casterToPlane: m, up: up) else { continue }
                let contact = max(1e-9 * max(extent, 1), Self.liftedDepth)
                guard castShadow.caster.outline.contains(where: { $0.z > contact }),
                      let model = try? CastShadow(light: local, fadeHeight: min(max(extent, 1e-9) / 2, PageCurl.maximumSide)) else { continue }
                clipOutlineToLitSide()
                guard castShadow.caster.outline.count >= 3, shadowCoversReceiver(model, frame.records[Int(receiver)].bounds),
                      appendReceiverCaster(model, contact: contact) else { continue }
                // The model's terms on the receiver's plane (points), the same for every caster
                // under one light; the fade height is the caster's own, in its terms.
                let t = (Float(model.contactOpacity), Float(share), Float(model.contactWidth),
                         Float(2 * Self.tangent(degrees: model.angularRadius)))
                terms = t
                if castShadow.receiverPass.count == CastShadowList.maximumReceiverCasters {
                    appendReceiverPass(item: r, plane: quad.localToView, beforeBatch: next, terms: t, overDetails: last > r)
                }
            }
            if let terms, castShadow.receiverPass.count > 0 {
                appendReceiverPass(item: r, plane: quad.localToView, beforeBatch: next, terms: terms, overDetails: last > r)
            }
        }
    }

    /// Appends the terms of the caster whose outline (`castShadow.caster.outline`, in the
    /// receiver's points, `z` its height above the receiver) casts `model`'s shadow on the
    /// receiver's plane to `receiverCasters`: the height plane over its shadow and its shadow's
    /// edges (sides whose ends both lie within `contact` of the plane — a hinge the caster
    /// shares with the receiver — are no edge: the caster covers its own contact). Widens the
    /// pass's region by the shadow's box and its penumbra's reach. False (nothing appended) for
    /// a shadow with no area or more sides than the shader reads.
    package mutating func appendReceiverCaster(_ model: CastShadow, contact: Double) -> Bool {
        let n = castShadow.caster.outline.count
        guard n >= 3, n <= CastShadowList.receiverCasterEdges else { return false }
        castShadow.points.removeAll(keepingCapacity: true)
        var area = 0.0
        for p in castShadow.caster.outline {
            let s = model.shadow(of: p)
            castShadow.points.append(CastShadowList.Point2(x: s.point.x, y: s.point.y, w: 1, h: s.height))
        }
        // The height is affine over the shadow (a plane seen along a fixed direction): solved
        // on the fan triangle of largest area, the best conditioned.
        let p0 = castShadow.points[0]
        var best = (det: 0.0, k: 1)
        for k in 1..<(n - 1) {
            let a = castShadow.points[k], b = castShadow.points[k + 1]
            let det = (a.x - p0.x) * (b.y - p0.y) - (b.x - p0.x) * (a.y - p0.y)
            area += det
            if abs(det) > abs(best.det) { best = (det, k) }
        }
        let size = max(abs(castShadow.points[1].x - p0.x) + abs(castShadow.points[1].y - p0.y), 1e-9)
        guard abs(best.det) > 1e-9 * size * size, abs(area) > 0, area.isFinite else { return false }
        let p1 = castShadow.points[best.k], p2 = castShadow.points[best.k + 1]
        let (x1, y1, h1) = (p1.x - p0.x, p1.y - p0.y, p1.h - p0.h)
        let (x2, y2, h2) = (p2.x - p0.x, p2.y - p0.y, p2.h - p0.h)
        let a = (h1 * y2 - h2 * y1) / best.det, b = (x1 * h2 - x2 * h1) / best.det
        let c = p0.h - a * p0.x - b * p0.y
        castShadow.receiverCasters.append(Float(a)); castShadow.receiverCasters.append(Float(b))
        castShadow.receiverCasters.append(Float(c)); castShadow.receiverCasters.append(Float(1 / model.fadeHeight))
        let inward = area > 0 ? 1.0 : -1.0
        var top = 0.0
        var box = castShadow.receiverPass.region
        for k in 0..<CastShadowList.receiverCasterEdges {
            var line: (Double, Double, Double) = (0, 0, 1e6)
            if k < n {
                let p = castShadow.points[k], q = castShadow.points[k + 1 == n ? 0 : k + 1]
                let dx = q.x - p.x, dy = q.y - p.y
                let length = (dx * dx + dy * dy).squareRoot()
                if length > 1e-9 && !(p.h <= contact && q.h <= contact) {
                    let nx = -dy / length * inward, ny = dx / length * inward
                    line = (nx, ny, -(nx * p.x + ny * p.y))
                }
                top = max(top, p.h)
                box = (min(box.0, p.x), min(box.1, p.y), max(box.2, p.x), max(box.3, p.y))
            }
            castShadow.receiverCasters.append(Float(line.0)); castShadow.receiverCasters.append(Float(line.1))
            castShadow.receiverCasters.append(Float(line.2)); castShadow.receiverCasters.append(0)
        }
        // Where the shadow can darken anything: its box and half its widest penumbra around
        // (the shader measures the penumbra in the receiver's points, so this is exact).
        let reach = model.width(height: top) / 2
        let region = castShadow.receiverPass.region
        castShadow.receiverPass.region = (min(region.x0, box.0 - reach), min(region.y0, box.1 - reach),
                                          max(region.x1, box.2 + reach), max(region.y1, box.3 + reach))
        castShadow.receiverPass.count += 1
        return true
    }

    /// The last of the items right after receiver item `r` that are its page details
    /// (`PageDetailLayers`): sublayers of the receiver's layer with none of their own, opaque
    /// everywhere, with a picture, lying in the receiver's plane inside its bounds (their
    /// points map affinely into the receiver's: `overlayAxis`). `r` itself when none follows
    /// (or `shadesReceiverDetails` is off). A face's shadow or tint (no picture) is no detail:
    /// the pass keeps its place before them, as without details.
    func lastDetail(after r: Int, _ frame: Frame, isOpaque: (Frame.Polygon) -> Bool) -> Int {
        guard shadesReceiverDetails else { return r }
        let receiver = frame.polygons[items[r].quadIndex]
        var last = r
        while last + 1 < items.count {
            let item = items[last + 1]
            let polygon = frame.polygons[item.quadIndex]
            let record = frame.record(of: polygon)
            guard item.composite < 0, item.border < 0, item.raster < 0, polygon.surfacePatch < 0,
                  record.superRecord == receiver.record, !record.hasSublayers, record.paint.contents != nil,
                  isOpaque(polygon), Self.overlayAxis(of: receiver, frame, on: polygon) != nil else { break }
            last += 1
        }
        return last
    }

    /// Writes the receiver pass gathered in `castShadow.receiverPass`: the triangles item `r`
    /// (a receiver whose plane `plane` maps to the view) is drawn with — only its visible
    /// part: the occlusion cuts leave out what later opaque items hide — cut to the item's
    /// polygon (an antialiased edge's strip reaches past it) and to the pass's region, their
    /// corners carrying their points on the receiver, drawn before batch `b` with `terms`; then
    /// starts the next pass over the same receiver. A pass that covers nothing, or a corner
    /// that does not map, leaves the pass and its casters out.
    ///
    /// `overDetails`: the pass is drawn after the receiver's page details (`lastDetail`), over
    /// them and the receiver alike. It then covers the item's whole polygon cut to the region,
    /// not the item's triangles: a detail that is an opaque cover cuts its interior out of
    /// them (`DrawList+Occlusion.swift`), and the pass must shade the detail there. The rest of
    /// what the cuts left out lies under later opaque items, which are drawn after the pass.
    package mutating func appendReceiverPass(item r: Int, plane: Homography, beforeBatch b: Int, terms: (Float, Float, Float, Float),
                                             overDetails: Bool = false) {
        let pass = castShadow.receiverPass
        castShadow.receiverPass = (castShadow.receiverCasters.count, 0, (Double.infinity, Double.infinity, -Double.infinity, -Double.infinity))
        guard pass.count > 0 else { return }
        let first = vertexCount
        // The item's polygon on the receiver, and its orientation.
        let outline = items[r].corners
        if overDetails {
            // The polygon itself (convex, as every item's), cut to the region, as one fan.
            castShadow.clip.polygon.removeAll(keepingCapacity: true)
            for k in outline {
                castShadow.clip.polygon.append(CastShadowList.Point2(x: corners[k].local.x, y: corners[k].local.y, w: 1, h: 0))
            }
            cutClipPolygon(toRegion: pass.region)
            let mapped = writeReceiverPolygon(plane)
            finishReceiverPass(mapped: mapped, firstVertex: first, casters: pass.first, casterCount: pass.count,
                               beforeBatch: b, terms: terms, receiverSurface: false)
            return
        }
        var area = 0.0
        for k in outline {
            let a = corners[k].local, c = corners[k + 1 == outline.upperBound ? outline.lowerBound : k + 1].local
            area += a.x * c.y - c.x * a.y
        }
        let sign = area > 0 ? 1.0 : -1.0
        var mapped = area != 0 && area.isFinite
        // The item's batches are the ones just before `b`.
        var lowest = b
        while lowest > 0 && batches[lowest - 1].item == r { lowest -= 1 }
        for batch in batches[lowest..<b] where mapped {
            var v = batch.vertices.lowerBound
            while v + 2 < batch.vertices.upperBound && mapped {
                clipTriangle(at: v, toOutline: outline, sign: sign)
                v += 3
                cutClipPolygon(toRegion: pass.region)
                mapped = writeReceiverPolygon(plane)
            }
        }
        finishReceiverPass(mapped: mapped, firstVertex: first, casters: pass.first, casterCount: pass.count,
                           beforeBatch: b, terms: terms, receiverSurface: false)
    }

    /// Loads the triangle whose corners are vertices `v`, `v + 1`, `v + 2` (their local
    /// points) into the clip polygon and cuts it to the item polygon `outline` (corners'
    /// local points, `sign` its orientation: +1 counter-clockwise): an antialiased edge's
    /// strip reaches past the item, and a receiver pass draws only over the item itself.
    mutating func clipTriangle(at v: Int, toOutline outline: Range<Int>, sign: Double) {
        let f = Self.floatsPerVertex
        castShadow.clip.polygon.removeAll(keepingCapacity: true)
        for k in v..<(v + 3) {
            castShadow.clip.polygon.append(CastShadowList.Point2(x: Double(vertices[k * f + 4]), y: Double(vertices[k * f + 5]), w: 1, h: 0))
        }
        for k in outline {
            let a = corners[k].local, c = corners[k + 1 == outline.upperBound ? outline.lowerBound : k + 1].local
            cutClipPolygon(sign * -(c.y - a.y), sign * (c.x - a.x), sign * ((c.y - a.y) * a.x - (c.x - a.x) * a.y))
        }
    }

    /// Ends a receiver pass whose triangles start at vertex `first` and whose casters at
    /// `casters` in `castShadow.receiverCasters` (`casterCount` of them): appended as a pass
    /// drawn before batch `b` with `terms` when it mapped and covers something, otherwise
    /// its vertices and casters taken back. Either way the next pass's casters start after
    /// what is kept. Shared by flat receivers and curved ones (`receiverSurface`).
    mutating func finishReceiverPass(mapped: Bool, firstVertex first: Int, casters: Int, casterCount: Int,
                                     beforeBatch b: Int, terms: (Float, Float, Float, Float), receiverSurface: Bool) {
        guard mapped, vertexCount > first else {
            vertices.removeSubrange((first * Self.floatsPerVertex)...)
            castShadow.receiverCasters.removeSubrange(casters...)
            castShadow.receiverPass.first = casters
            return
        }
        let range = first..<vertexCount
        castShadow.passes.append(CastShadowList.Pass(
            beforeBatch: b, vertices: range, slotRanges: (range, range.upperBound..<range.upperBound, range.upperBound..<range.upperBound),
            terms: terms, casterSlots: casterCount, casters: casters..<castShadow.receiverCasters.count,
            receiverSurface: receiverSurface))
        castShadow.receiverPass.first = castShadow.receiverCasters.count
    }

    /// Cuts `castShadow.clip.polygon` (convex, `x`, `y` on the receiver) to a pass's region: the
    /// box `x0…x1`, `y0…y1` in coordinates that are affine in the polygon's points, `along.x =
    /// a·x + b·y + c` for the triple `(a, b, c)` and `along.y` likewise (a flat receiver's own
    /// axes are `(1, 0, 0)` and `(0, 1, 0)`; a curved receiver's patch gives the light's
    /// screen axes dotted with its map to the leaf).
    package mutating func cutClipPolygon(toRegion region: (x0: Double, y0: Double, x1: Double, y1: Double),
                                         along: (x: (Double, Double, Double), y: (Double, Double, Double)) = ((1, 0, 0), (0, 1, 0))) {
        let (x, y) = along
        cutClipPolygon(x.0, x.1, x.2 - region.x0)
        cutClipPolygon(-x.0, -x.1, region.x1 - x.2)
        cutClipPolygon(y.0, y.1, y.2 - region.y0)
        cutClipPolygon(-y.0, -y.1, region.y1 - y.2)
    }

    /// Cuts `castShadow.clip.polygon` (convex, `x`, `y` on the receiver) to `a·x + b·y + c ≥ 0`.
    package mutating func cutClipPolygon(_ a: Double, _ b: Double, _ c: Double) {
        let n = castShadow.clip.polygon.count
        guard n >= 3 else { return }
        func inside(_ p: CastShadowList.Point2) -> Double { a * p.x + b * p.y + c }
        castShadow.clip.clipped.removeAll(keepingCapacity: true)
        ConvexPolygonClipper.clip(
            count: n, closingEdge: .last, corner: { castShadow.clip.polygon[$0] },
            side: { inside($0) >= 0 ? 1 : -1 }, value: inside,
            keep: { castShadow.clip.clipped.append($0) }, cross: { s, t, f in castShadow.clip.clipped.append(s.toward(t, f)) })
        swap(&castShadow.clip.polygon, &castShadow.clip.clipped)
    }

    /// Writes `castShadow.clip.polygon` (on the receiver) as a fan of a receiver pass's
    /// triangles, placed in the view by `plane` as `writeShadowVertex` places a shadow's; false
    /// when a corner does not map (behind the eye, not finite).
    package mutating func writeReceiverPolygon(_ plane: Homography) -> Bool {
        let count = castShadow.clip.polygon.count
        guard count >= 3 else { return true }
        let height = pixelSize.height
        for i in 1..<(count - 1) {
            for k in 0..<3 {
                let p = castShadow.clip.polygon[k == 0 ? 0 : i + k - 1]
                let v = plane.apply(Point(x: p.x, y: p.y))
                guard v.w > 1e-9, v.x.isFinite, v.y.isFinite else { return false }
                writeReceiverVertex(x: v.x / v.w * scale, y: height - v.y / v.w * scale, w: v.w, local: (p.x, p.y))
            }
        }
        return true
    }

    /// Whether the shadow of `castShadow.caster.outline` under `model` covers part of the
    /// receiver's `bounds` (its own coordinates) with some area. A caster that meets the
    /// receiver along a line on the far side from the light (the page beside a rising leaf,
    /// which the light reaches from above the page) lands its shadow on the receiver's plane
    /// beyond that line: it touches the receiver there and casts nothing on it.
    package mutating func shadowCoversReceiver(_ model: CastShadow, _ bounds: Rect) -> Bool {
        castShadow.clip.polygon.removeAll(keepingCapacity: true)
        var area = 0.0
        for p in castShadow.caster.outline {
            let s = model.shadow(of: p).point
            castShadow.clip.polygon.append(CastShadowList.Point2(x: s.x, y: s.y, w: 1, h: 0))
        }
        // The shadow cut by the bounds' four sides in turn.
        for side in 0..<4 {
            castShadow.clip.clipped.removeAll(keepingCapacity: true)
            func inside(_ p: CastShadowList.Point2) -> Double {
                switch side {
                case 0: p.x - bounds.minX
                case 1: bounds.maxX - p.x
                case 2: p.y - bounds.minY
                default: bounds.maxY - p.y
                }
            }
            let n = castShadow.clip.polygon.count
            guard n >= 3 else { return false }
            ConvexPolygonClipper.clip(
                count: n, closingEdge: .last, corner: { castShadow.clip.polygon[$0] },
                side: { inside($0) >= 0 ? 1 : -1 }, value: inside,
                keep: { castShadow.clip.clipped.append($0) }, cross: { s, t, f in castShadow.clip.clipped.append(s.toward(t, f)) })
            swap(&castShadow.clip.polygon, &castShadow.clip.clipped)
        }
        let polygon = castShadow.clip.polygon
        guard polygon.count >= 3 else { return false }
        for k in polygon.indices {
            let a = polygon[k], b = polygon[k + 1 == polygon.count ? 0 : k + 1]
            area += a.x * b.y - b.x * a.y
        }
        // Some area: more than a millionth of the receiver's.
        return abs(area) / 2 > 1e-6 * max(bounds.width * bounds.height, 1)
    }

    /// Whether `quad` has a corner off its context's plane (more than `liftedDepth` away).
    package static func isRaised(_ quad: Frame.Polygon, _ frame: Frame) -> Bool {
        frame.corners(of: quad).contains(where: { abs($0.depth) > liftedDepth })
    }

    /// Appends one vertex of a receiver's pass: its clip position (from `x`, `y` in the list's
    /// pixels and the view's `w`, as `writeShadowVertex` places a shadow's), the receiver's own
    /// point `local` in the layer point's place (interpolated perspective-correctly, so each
    /// pixel gets its exact point on the receiver), and nothing in the edge and normal slots.
    package mutating func writeReceiverVertex(x: Double, y: Double, w: Double, local: (Double, Double)) {
        vertices.append(Float((2 * x / pixelSize.width - 1) * w))
        vertices.append(Float((2 * y / pixelSize.height - 1) * w))
        vertices.append(0)
        vertices.append(Float(w))
        vertices.append(Float(local.0)); vertices.append(Float(local.1))
        for _ in 0..<Self.shadowEdgeSlots {
            vertices.append(Self.unusedShadowEdge.0); vertices.append(Self.unusedShadowEdge.1); vertices.append(Self.unusedShadowEdge.2)
        }
        vertices.append(0); vertices.append(0); vertices.append(0)
    }
}
