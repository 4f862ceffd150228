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
    /// clipped to the receiver and drawn right after it, so whatever the painter's order puts
    /// in front of it covers it. A caster point whose shadow lands on the receiver lies on the
    /// segment from there toward the light, so it does hide the light from that point: nothing
    /// else is needed to decide who shades whom.
    ///
    /// On a tilted receiver the view foreshortens the plane, so each edge's line is scaled to
    /// count the receiver's points (times the scale) rather than pixels (`Edge.gauge`, exact at
    /// the edge's middle), and the darkness is scaled by the receiver's share of direct light
    /// `n / D(n)`, `n = N·L / L_z` (the bend's rule: 1 for a page facing the viewer). Several
    /// casters over one receiver are passes before the same batch, which the renderer combines
    /// by the darkest value like the sheets of one pass.
    package mutating func appendRaisedReceiverShadows(_ frame: Frame, light: Vector3, ambient: Double,
                                                      isOpaque: (Frame.Polygon) -> Bool) {
        guard frame.inputs.contains(.castShadows), light.z > 0 else { return }
        // The opaque flat layers drawn, once each, and whether any polygon leaves the page
        // plane (without one there is no raised receiver: a book at rest costs one scan).
        castShadow.flatCasters.removeAll(keepingCapacity: true)
        var raised = false
        for item in items where item.composite < 0 && item.border < 0 && item.raster < 0 && item.corners.count >= 3 {
            let quad = frame.polygons[item.quadIndex]
            guard quad.surfacePatch < 0, frame.record(of: quad).kind != .surface else { continue }
            if !raised && Self.isRaised(quad, frame) { raised = true }
            if !castShadow.flatCasters.contains(quad.record) && isOpaque(quad) { castShadow.flatCasters.append(quad.record) }
        }
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
            // Drawn right after the receiver's last batch.
            var next = 0
            while next < batches.count && batches[next].item <= r { next += 1 }
            var box = (x0: Double.infinity, y0: Double.infinity, x1: -Double.infinity, y1: -Double.infinity)
            for c in item.corners {
                box = (min(box.x0, corners[c].x), min(box.y0, corners[c].y), max(box.x1, corners[c].x), max(box.y1, corners[c].y))
            }
            for caster in castShadow.flatCasters where caster != receiver {
                guard let m = frame.transform(from: caster, toCoordinatesOf: receiver),
                      let extent = placeFlatCaster(caster, frame, casterToPlane: m, up: up) else { continue }
                let contact = max(1e-9 * max(extent, 1), Self.liftedDepth)
                guard castShadow.caster.outline.contains(where: { $0.z > contact }),
                      let model = try? CastShadow(light: local, fadeHeight: min(max(extent, 1e-9) / 2, PageCurl.maximumSide)) else { continue }
                clipOutlineToLitSide()
                let count = castShadow.caster.outline.count
                guard count >= 3, shadowCoversReceiver(model, frame.records[Int(receiver)].bounds) else { continue }
                let height = pixelSize.height
                castShadow.points.removeAll(keepingCapacity: true)
                var mapped = true
                for p in castShadow.caster.outline {
                    let s = model.shadow(of: p)
                    let v = quad.localToView.apply(s.point)
                    guard v.w > 1e-9, v.x.isFinite, v.y.isFinite else { mapped = false; break }
                    castShadow.points.append(CastShadowList.Point2(x: v.x / v.w * scale, y: height - v.y / v.w * scale, w: v.w, h: s.height))
                }
                guard mapped else { continue }
                // The shadow's box against the receiver's: most casters land nowhere near it.
                // (Its penumbra reaches at most the widest penumbra out, twice over for a
                // receiver the view magnifies.)
                var sx0 = Double.infinity, sy0 = Double.infinity, sx1 = -Double.infinity, sy1 = -Double.infinity, top = 0.0
                for p in castShadow.points {
                    sx0 = min(sx0, p.x); sy0 = min(sy0, p.y); sx1 = max(sx1, p.x); sy1 = max(sy1, p.y); top = max(top, p.h)
                }
                let reach = model.width(height: top) * scale * 2 + 2
                guard sx0 - reach <= box.x1, sx1 + reach >= box.x0, sy0 - reach <= box.y1, sy1 + reach >= box.y0 else { continue }
                castShadow.triangles.removeAll(keepingCapacity: true)
                for k in 1..<(count - 1) {
                    castShadow.triangles.append(CastShadowList.Triangle(a: 0, b: Int32(k), c: Int32(k + 1), sheet: 0))
                }
                castShadow.receivers.removeAll(keepingCapacity: true)
                castShadow.receivers.append(r)
                castShadow.receiver.shift = (0, 0, 0, share)
                castShadow.receiver.box = box
                appendRaisedShadowPass(beforeBatch: next, model: model, contact: contact, plane: quad.localToView)
                castShadow.resetReceiver()
            }
        }
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

    /// `appendShadowPass` for a receiver off the page plane whose plane `plane` maps to the
    /// view: the sheet's edges are gauged in the receiver's points before the triangles and
    /// skirts are written.
    package mutating func appendRaisedShadowPass(beforeBatch b: Int, model: CastShadow, contact: Double, plane: Homography) {
        appendShadowPass(beforeBatch: b, model: model, contact: contact, gaugedOn: plane)
    }

    /// Gauges each sheet edge on a receiver whose plane `plane` maps to the view: one pixel
    /// inside the edge (at its middle) is `g` of the receiver's points times the scale, so the
    /// edge's line is multiplied by `g` and its reach outside (pixels) divided by it. A plane
    /// the view shows unforeshortened at the frame's scale gets `g = 1`.
    package mutating func gaugeSheetEdges(plane: Homography) {
        let height = pixelSize.height, s = scale
        func onPlane(_ x: Double, _ y: Double) -> Point? { plane.inverse(Point(x: x / s, y: (height - y) / s)) }
        for k in castShadow.edges.indices {
            var e = castShadow.edges[k]
            let mx = (e.a.x + e.b.x) / 2, my = (e.a.y + e.b.y) / 2
            guard let qa = onPlane(e.a.x, e.a.y), let qb = onPlane(e.b.x, e.b.y), let q1 = onPlane(mx + e.nx, my + e.ny) else { continue }
            let dx = qb.x - qa.x, dy = qb.y - qa.y
            let length = (dx * dx + dy * dy).squareRoot()
            guard length > 0 else { continue }
            let gauge = s * abs(dx * (q1.y - qa.y) - dy * (q1.x - qa.x)) / length
            guard gauge > 1e-6, gauge.isFinite else { continue }
            e.gauge = gauge
            e.reach = (e.reach - 1) / gauge + 1
            e.box = (min(e.a.x, e.b.x) - e.reach, min(e.a.y, e.b.y) - e.reach, max(e.a.x, e.b.x) + e.reach, max(e.a.y, e.b.y) + e.reach)
            castShadow.edges[k] = e
        }
    }
}
