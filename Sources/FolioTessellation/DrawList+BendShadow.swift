import FolioGeometry
import FolioLayers
import FolioSurface

extension DrawList {
    /// The cast shadow on the low strips of a curl's bend (docs/curl.md §8, "Where").
    ///
    /// The page pass stops at the axis line: past it the bend's first strips are lifted patches,
    /// drawn after that pass, and they covered the shadow with a straight hard cut. The painter's
    /// order draws every front-facing patch before every back-facing one (§7), so a second pass
    /// drawn just before the surface's first back-facing batch (`firstLifted` is its first
    /// lifted batch) can darken the front-facing strips, which the back-facing patches then cover
    /// wherever they are nearer.
    ///
    /// Each such strip facing the light receives the model of §8 on its own plane at its
    /// height `h_r` (taken at its middle, `Q`): a caster point at height `h > h_r` lands at
    /// `p − (h − h_r)·L_xy/L_z`, the plane's shadow point moved by `h_r·L_xy/L_z`, and the terms
    /// use `h − h_r`. The plane's shadow drawn through `flatToView` and moved on screen by
    /// `shift = view(Q) − flatToView(Q_xy − h_r·L_xy/L_z)` shows, at `Q`'s pixel, exactly the
    /// model's value there. Casters reaching down to the strip's highest point are left out (they
    /// lie level with it or below, and cannot shade it under a light from above). The darkness is
    /// scaled by the strip's share `n / D(n)` of direct light (`n = N·L / L_z`, `D` the paper's
    /// diffuse term with `ambient`), which is 1 on the page plane and falls to 0 where the strip
    /// turns edge-on to the light, so the shadow meets the page's at the axis and fades out with
    /// the light itself.
    package mutating func appendBendShadowPass(of caster: Int32, _ frame: Frame, firstLifted b: Int,
                                       flatToView toView: Homography, model: CastShadow, ambient: Double) {
        guard let surface = frame.records[Int(caster)].surface else { return }
        let mesh = surface.mesh
        // The surface's first back-facing batch after the first lifted item's: the pass is
        // drawn just before it. The first lifted item's own batches are passed over whichever
        // way it faces, however many coverage classes split it into (a back-facing one drawn
        // first in two batches stopped the search at its second: no strip between, no pass).
        var last = -1
        for k in (b + 1)..<batches.count where batches[k].item != batches[b].item {
            let item = items[batches[k].item]
            guard item.composite < 0, item.border < 0, item.raster < 0 else { continue }
            let quad = frame.polygons[item.quadIndex]
            if quad.record == caster, quad.surfacePatch >= 0, quad.localToView.showsBack { last = k; break }
        }
        guard last > b else { return }
        // Each patch's lowest and highest vertices.
        castShadow.caster.patchHeights.removeAll(keepingCapacity: true)
        castShadow.caster.patchHeights.append(contentsOf: repeatElement((low: Double.infinity, high: -Double.infinity, lowVertex: -1, highVertex: -1), count: mesh.patches.count))
        for t in mesh.triangles where t.patch >= 0 && t.patch < mesh.patches.count {
            for corner in 0..<3 {
                let v = corner == 0 ? t.a : (corner == 1 ? t.b : t.c)
                let z = mesh.vertices[v].position.z
                if z < castShadow.caster.patchHeights[t.patch].low { castShadow.caster.patchHeights[t.patch].low = z; castShadow.caster.patchHeights[t.patch].lowVertex = v }
                if z > castShadow.caster.patchHeights[t.patch].high { castShadow.caster.patchHeights[t.patch].high = z; castShadow.caster.patchHeights[t.patch].highVertex = v }
            }
        }
        castShadow.byslots.0.removeAll(keepingCapacity: true)
        castShadow.byslots.1.removeAll(keepingCapacity: true)
        castShadow.byslots.2.removeAll(keepingCapacity: true)
        let light = model.light
        for i in batches[b].item..<batches[last].item {
            let item = items[i]
            guard item.composite < 0, item.border < 0, item.raster < 0, item.corners.count >= 3 else { continue }
            let quad = frame.polygons[item.quadIndex]
            let k = quad.surfacePatch
            guard quad.record == caster, k >= 0, k < mesh.patches.count, k < surface.patchHasArea.count,
                  !quad.localToView.showsBack, mesh.patches[k].region != .flat, frame.patchHasArea(surface, k) else { continue }
            let n = mesh.patches[k].plane.normal.dot(light) / light.z
            let heights = castShadow.caster.patchHeights[k]
            guard n > 0, heights.lowVertex >= 0 else { continue }
            let share = n / (ambient + (1 - ambient) * n)
            // The strip's middle Q: halfway between its lowest and highest vertices (on its plane).
            let lo = mesh.vertices[heights.lowVertex], hi = mesh.vertices[heights.highVertex]
            let q = Vector3(x: (lo.position.x + hi.position.x) / 2, y: (lo.position.y + hi.position.y) / 2,
                            z: (lo.position.z + hi.position.z) / 2)
            let qLocal = Point(x: (lo.local.x + hi.local.x) / 2, y: (lo.local.y + hi.local.y) / 2)
            let (dx, dy) = model.offset(height: q.z)
            let seen = quad.localToView.apply(qLocal)
            let onPlane = toView.apply(Point(x: q.x + dx, y: q.y + dy))
            guard seen.w > 1e-9, onPlane.w > 1e-9 else { continue }
            let sx = (seen.x / seen.w - onPlane.x / onPlane.w) * scale
            let sy = -(seen.y / seen.w - onPlane.y / onPlane.w) * scale
            guard sx.isFinite, sy.isFinite else { continue }
            castShadow.receiver.shift = (sx, sy, q.z, share)
            castShadow.receiver.floor = heights.high
            castShadow.receivers.removeAll(keepingCapacity: true)
            castShadow.receivers.append(i)
            var box = (x0: Double.infinity, y0: Double.infinity, x1: -Double.infinity, y1: -Double.infinity)
            for c in item.corners {
                let x = corners[c].x - sx, y = corners[c].y - sy
                box = (min(box.x0, x), min(box.y0, y), max(box.x1, x), max(box.y1, y))
            }
            castShadow.receiver.box = box
            for t in castShadow.triangles {
                let (pa, pb, pc) = (castShadow.points[Int(t.a)], castShadow.points[Int(t.b)], castShadow.points[Int(t.c)])
                guard min(pa.h, pb.h, pc.h) >= heights.high else { continue }
                emitShadowTriangle(pa, pb, pc, sheet: Int(t.sheet))
            }
            appendSkirts()
        }
        castShadow.resetReceiver()
        finishShadowPass(beforeBatch: last, model: model)
    }
}
