#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import FolioGeometry
import FolioLayers
import FolioSurface

extension DrawList {
    /// The cast shadows on curled leaves (docs/curl.md §8, "Curved receivers"): a curl leaf
    /// under a flat leaf in flight, or under another curl leaf (a curl riffle).
    ///
    /// A curved receiver has no plane to measure a shadow on, so everything is measured in its
    /// own 3D space (the leaf's local `x, y`, `z` toward the viewer), per pixel: each vertex of
    /// the receiver's pass carries its 3D point `X` (exact on the mesh's planar patches, and
    /// interpolated perspective-correctly in between, so every pixel knows its point on the
    /// patch it shows). A caster is cut into convex planar **pieces** (a flat layer is one; a
    /// curled layer's bend is a few chords between rulings, its turned part one more). For a
    /// piece with plane `N·Y = k` and the unit direction `L` toward the light:
    ///
    /// - the distance along the light from `X` to the piece's plane, `t = (k − N·X)/(N·L)`, is
    ///   affine in `X` — the caster's height over that pixel, measured along the ray;
    /// - seen along the light (projected on a plane across `L` with axes `e₁`, `e₂`), the
    ///   piece's outline is a convex polygon, and the signed distance of `X`'s projection from
    ///   each side, `m₁(e₁·X) + m₂(e₂·X) + c`, is affine in `X` too.
    ///
    /// A round light of angular radius `β` seen from `X` is a disc of radius `t·tan β` where
    /// its rays cross the piece's plane, measured across the light: the share a straight side
    /// hides is the model's `F(2d/w)` with `w = w₀ + 2t·tan β` across the light — the exact
    /// disc geometry, which the page plane's model (`CastShadow`) approximates on its plane.
    /// The umbra's opacity is the model's `o(t) = o₀ / (1 + t/h₀)`.
    ///
    /// The pieces of one caster that face the light the same way (a **sheet**, as on the page)
    /// do not overlap seen along the light, so their shares are summed: across the ruling two
    /// chords share, `F(u) + F(−u) = 1`, and the sum shows no seam. Sheets and casters combine
    /// by the darkest. A piece casts only where it stands above the pixel (`t` beyond a contact
    /// height): what lies beneath the receiver casts nothing on it. The darkness is scaled by
    /// the receiver's share of direct light at each vertex, `n / D(n)` with `n = N·L / L_z` and
    /// `N` the visible side's exact normal (0 where that side faces away from the light: it is
    /// in its own shade).
    ///
    /// A leaf casts nothing on itself here: its roll's shadow on its own flat part is the page
    /// plane's pass (`appendCastShadow`), and a chord of its own bend would shade the fine
    /// mesh just under it (the chord's sagitta). One draw per run of the receiver's patches
    /// showing one side in the painter's order, drawn right after the run (`RECEIVER_SURFACE`).
    package mutating func appendSurfaceReceiverShadows(_ frame: Frame, light: Vector3, ambient: Double) {
        guard !castShadow.surfaceCasters.isEmpty, castShadow.surfaceCasters.count + castShadow.raisedFlatCasters.count >= 2 else { return }
        var r = 0
        while r < items.count {
            guard let receiver = surfaceReceiver(r, frame) else { r += 1; continue }
            // The run of this receiver's patches drawn one after another that show the same
            // side: those do not overlap on screen (the sheet seen from the front ends where
            // the one seen from the back begins, at a contour), so one draw over them all
            // darkens no pixel twice, and the run seen from the back, drawn later, covers the
            // pass under it as it covers the patches.
            let side = frame.polygons[items[r].quadIndex].localToView.showsBack
            var end = r + 1
            while end < items.count, surfaceReceiver(end, frame) == receiver,
                  frame.polygons[items[end].quadIndex].localToView.showsBack == side { end += 1 }
            appendSurfaceReceiverRun(r..<end, receiver: receiver, frame, light: light, ambient: ambient)
            r = end
        }
    }

    /// The record of item `i` when it is a patch of an opaque curled leaf that receives
    /// (`castShadow.surfaceCasters`) off the page plane, else nil.
    package func surfaceReceiver(_ i: Int, _ frame: Frame) -> Int32? {
        let item = items[i]
        guard item.composite < 0, item.border < 0, item.raster < 0, item.corners.count >= 3 else { return nil }
        let quad = frame.polygons[item.quadIndex]
        // A patch lying on the page plane takes the page plane's passes, which shade whatever
        // the painter's order has drawn over the pages by then.
        // A detail's piece on such a patch belongs to the patch's run: the pass drawn after the
        // run shades it as it shades the patch.
        guard let owner = frame.surfaceRecordIndex(of: quad), castShadow.surfaceCasters.contains(owner), Self.isRaised(quad, frame) else { return nil }
        return owner
    }

    /// The passes of the receiver `receiver` over its items `run`: every caster but itself,
    /// 16 pieces a pass at most (a caster's pieces never split across passes).
    package mutating func appendSurfaceReceiverRun(_ run: Range<Int>, receiver: Int32, _ frame: Frame, light: Vector3, ambient: Double) {
        let record = frame.records[Int(receiver)]
        guard let toLocal = record.orientation.linearPartToRoot.inverted() else { return }
        let l4 = light.applying(toLocal)
        let raw = Vector3(x: l4.x, y: l4.y, z: l4.z)
        guard raw.length > 0, raw.length.isFinite else { return }
        let l = raw * (1 / raw.length)
        // Axes across the light, the first along the receiver's rulings seen along the light
        // (the casters' rulings lie near it: the boxes below then fit their bands).
        guard let curl = record.surface?.curl else { return }
        let ruling = Vector3(x: -curl.direction.y, y: curl.direction.x, z: 0)
        var c1 = ruling - l * ruling.dot(l)
        if c1.length < 1e-6 { c1 = l.cross(abs(l.x) < 0.9 ? Vector3(x: 1, y: 0, z: 0) : Vector3(x: 0, y: 1, z: 0)) }
        let e1 = c1 * (1 / c1.length)
        let e2 = l.cross(e1)
        let model: CastShadow
        do { model = try CastShadow(light: l, fadeHeight: 1) } catch { return }
        let terms = (Float(model.contactOpacity), Float(0), Float(model.contactWidth), Float(2 * Self.tangent(degrees: model.angularRadius)))
        var next = 0
        while next < batches.count && batches[next].item < run.upperBound { next += 1 }
        // The run seen along the light: its box across the light and its lowest point along it
        // (a piece that stands nowhere above it, or whose shadow's reach misses the box, is left
        // out, and the pass covers only where the kept pieces reach).
        guard let surface = record.surface else { return }
        var box = (x0: Double.infinity, y0: Double.infinity, x1: -Double.infinity, y1: -Double.infinity)
        var low = Double.infinity
        for r in run {
            let patch = frame.polygons[items[r].quadIndex].surfacePatch
            guard patch >= 0, patch < surface.mesh.patches.count else { continue }
            for k in surface.mesh.patches[patch].corners {
                let p = surface.mesh.vertices[surface.mesh.patchCorners[k]].position
                let (x, y) = (p.dot(e1), p.dot(e2))
                box = (min(box.x0, x), min(box.y0, y), max(box.x1, x), max(box.y1, y))
                low = min(low, p.dot(l))
            }
        }
        guard low.isFinite, box.x0 <= box.x1, box.y0 <= box.y1 else { return }
        castShadow.surfaceRunPoints.removeAll(keepingCapacity: true)
        for r in run {
            let patch = frame.polygons[items[r].quadIndex].surfacePatch
            guard patch >= 0, patch < surface.mesh.patches.count else { continue }
            for k in surface.mesh.patches[patch].corners {
                let p = surface.mesh.vertices[surface.mesh.patchCorners[k]].position
                castShadow.surfaceRunPoints.append(CastShadowList.Point2(x: p.dot(e1), y: p.dot(e2), w: 1, h: p.dot(l)))
            }
        }
        castShadow.surfaceRun = (e1, e2, box, low, model.contactWidth, 2 * Self.tangent(degrees: model.angularRadius))
        castShadow.receiverPass = (first: castShadow.receiverCasters.count, count: 0,
                                   region: (Double.infinity, Double.infinity, -Double.infinity, -Double.infinity))
        castShadow.surfacePieces.removeAll(keepingCapacity: true)
        castShadow.surfacePieceSides.removeAll(keepingCapacity: true)
        var group = 0
        // Flat casters off the page plane: one piece each, a sheet of their own.
        for caster in castShadow.raisedFlatCasters {
            guard let m = frame.transform(from: caster, toCoordinatesOf: receiver),
                  let extent = placeFlatCaster(caster, frame, casterToPlane: m, up: 1) else { continue }
            group += 1
            if castShadow.receiverPass.count + 1 > CastShadowList.maximumSurfaceReceiverCasters {
                appendSurfaceReceiverPass(run, receiver: receiver, frame, beforeBatch: next, light: l, ambient: ambient, terms: terms)
            }
            appendSurfacePiece(l, e1, e2, fadeHeight: min(max(extent, 1e-9) / 2, PageCurl.maximumSide), sheet: Double(group))
        }
        // Curled casters: their lifted part in chords.
        for caster in castShadow.surfaceCasters where caster != receiver {
            guard let m = frame.transform(from: caster, toCoordinatesOf: receiver),
                  let curl = frame.records[Int(caster)].surface?.curl, curl.radius > 0 else { continue }
            let pieces = Self.surfaceCasterChords + 1
            if castShadow.receiverPass.count + pieces > CastShadowList.maximumSurfaceReceiverCasters {
                appendSurfaceReceiverPass(run, receiver: receiver, frame, beforeBatch: next, light: l, ambient: ambient, terms: terms)
            }
            group += 2
            appendCurlPieces(curl, casterToReceiver: m, light: l, e1, e2, sheets: Double(group - 1))
        }
        appendSurfaceReceiverPass(run, receiver: receiver, frame, beforeBatch: next, light: l, ambient: ambient, terms: terms)
    }

    /// How many chords a curled caster's bend is cut into: two, split where it turns from the
    /// light. Seen along the light, the part of the bend on one side of that silhouette ruling
    /// covers exactly the band between its two end rulings (the silhouette is where the
    /// projection turns back), so one chord between them casts the same band; what differs is
    /// the height inside it (the chord lies below the arc by its sagitta) and the leaf's top and
    /// bottom edges, straight on the chord. Every piece costs every pixel of the pass its six
    /// sides (llvmpipe runs them all): six chords cost the lit curl riffle 1 ms per kpixel.
    package static let surfaceCasterChords = 2

    /// Appends the pieces of `curl`'s lifted part (its bend in `surfaceCasterChords` chords, its
    /// turned part) placed by `casterToReceiver`; the chords facing the light are sheet
    /// `sheets`, the rest `sheets + 1`.
    package mutating func appendCurlPieces(_ curl: PageCurl, casterToReceiver m: Transform3D, light l: Vector3, _ e1: Vector3, _ e2: Vector3,
                                           sheets: Double) {
        let r = curl.radius
        let fade = min(max(curl.size.width, curl.size.height, 1e-9), PageCurl.maximumSide) / 2
        // Where the bend turns from the light (in the caster's own axes): its normal at angle
        // θ is (−sin θ·n, cos θ); the silhouette is where that meets the light at right angles.
        let n = curl.direction
        func toReceiver(_ p: Vector3) -> Vector3 {
            let q = p.applying(m)
            return Vector3(x: q.x / q.w, y: q.y / q.w, z: q.z / q.w)
        }
        // The light in the caster's axes, from two receiver-space points.
        let origin = toReceiver(Vector3(x: 0, y: 0, z: 0))
        let ax = toReceiver(Vector3(x: 1, y: 0, z: 0)) - origin, ay = toReceiver(Vector3(x: 0, y: 1, z: 0)) - origin,
            az = toReceiver(Vector3(x: 0, y: 0, z: 1)) - origin
        let local = Vector3(x: ax.dot(l), y: ay.dot(l), z: az.dot(l))
        let across = -(local.x * n.x + local.y * n.y)
        var silhouette = Double.pi / 2
        if abs(across) > 1e-12 || abs(local.z) > 1e-12 {
            // −sin θ·across' + cos θ·L_z = 0 with across' = n·L: θ = atan2(L_z, n·L).
            silhouette = atan2(local.z, -across)
            if silhouette < 0 { silhouette += .pi }
        }
        let cuts = Self.surfaceCasterChords
        let lit = max(1, min(cuts - 1, Int((Double(cuts) * silhouette / .pi).rounded())))
        for k in 0...cuts {
            let s0: Double, s1: Double
            if k < cuts {
                let (a0, a1) = k < lit ? (silhouette * Double(k) / Double(lit), silhouette * Double(k + 1) / Double(lit))
                    : (silhouette + (.pi - silhouette) * Double(k - lit) / Double(cuts - lit),
                       silhouette + (.pi - silhouette) * Double(k + 1 - lit) / Double(cuts - lit))
                (s0, s1) = (a0 * r, a1 * r)
            } else {
                (s0, s1) = (Double.pi * r, Double.infinity)
            }
            // The leaf's rectangle cut to s0 ≤ s ≤ s1 (s = n·(p − axis point)).
            let axis = curl.axisPoint
            let c = n.x * axis.x + n.y * axis.y
            castShadow.clip.polygon.removeAll(keepingCapacity: true)
            for j in 0..<4 {
                let x = j == 1 || j == 2 ? curl.size.width : 0.0, y = j >= 2 ? curl.size.height : 0.0
                castShadow.clip.polygon.append(CastShadowList.Point2(x: x, y: y, w: 1, h: 0))
            }
            cutClipPolygon(n.x, n.y, -c - s0)
            if s1.isFinite { cutClipPolygon(-n.x, -n.y, c + s1) }
            guard castShadow.clip.polygon.count >= 3 else { continue }
            castShadow.caster.outline.removeAll(keepingCapacity: true)
            for p in castShadow.clip.polygon {
                let point = Point(x: p.x, y: p.y)
                var position: Vector3
                if s1.isFinite {
                    // On the chord: between the exact points on its two rulings.
                    let s = curl.distanceBeyondAxis(point)
                    let f = min(max((s - s0) / (s1 - s0), 0), 1)
                    let p0 = curl.point(atLocal: Point(x: p.x - (s - s0) * n.x, y: p.y - (s - s0) * n.y)).position
                    let p1 = curl.point(atLocal: Point(x: p.x + (s1 - s) * n.x, y: p.y + (s1 - s) * n.y)).position
                    position = p0 * (1 - f) + p1 * f
                } else {
                    position = curl.point(atLocal: point).position
                }
                position = toReceiver(position)
                guard position.x.isFinite, position.y.isFinite, position.z.isFinite else { return }
                castShadow.caster.outline.append(position)
            }
            appendSurfacePiece(l, e1, e2, fadeHeight: fade, sheet: sheets, bySide: true)
        }
    }

    /// Appends the piece `castShadow.caster.outline` (a convex planar polygon in the
    /// receiver's 3D points, at most `surfaceCasterEdges` sides) to the pass being gathered:
    /// its distance along the light `l` as an affine function, its sides seen along the light
    /// (axes `e1`, `e2`), then `(1/h₀, sheet, contact, 0)`. `bySide`: a piece of a curled
    /// caster, in sheet `sheet` when the side its outline winds around faces the light and
    /// `sheet + 1` otherwise (a chord never straddles the bend's silhouette). False (nothing
    /// appended) for a piece seen edge-on from the light or with too many sides.
    @discardableResult
    package mutating func appendSurfacePiece(_ l: Vector3, _ e1: Vector3, _ e2: Vector3, fadeHeight: Double, sheet: Double,
                                             bySide: Bool = false) -> Bool {
        let outline = castShadow.caster.outline
        let count = outline.count
        guard count >= 3, count <= CastShadowList.surfaceCasterEdges else { return false }
        // Newell's normal: the plane of a convex polygon, whatever its winding.
        var normal = Vector3(x: 0, y: 0, z: 0)
        var centre = Vector3(x: 0, y: 0, z: 0)
        for k in 0..<count {
            let a = outline[k], b = outline[k + 1 == count ? 0 : k + 1]
            normal = normal + Vector3(x: (a.y - b.y) * (a.z + b.z), y: (a.z - b.z) * (a.x + b.x), z: (a.x - b.x) * (a.y + b.y))
            centre = centre + a
        }
        centre = centre * (1 / Double(count))
        let size = normal.length
        guard size > 1e-12, size.isFinite else { return false }
        let unit = normal * (1 / size)
        let toward = unit.dot(l)
        guard abs(toward) > 1e-6 else { return false }
        // The outline seen along the light: its winding, its box, its highest point along it.
        var area = 0.0
        var box = (x0: Double.infinity, y0: Double.infinity, x1: -Double.infinity, y1: -Double.infinity)
        var high = -Double.infinity
        for k in 0..<count {
            let a = outline[k], b = outline[k + 1 == count ? 0 : k + 1]
            area += a.dot(e1) * b.dot(e2) - b.dot(e1) * a.dot(e2)
            box = (min(box.x0, a.dot(e1)), min(box.y0, a.dot(e2)), max(box.x1, a.dot(e1)), max(box.y1, a.dot(e2)))
            high = max(high, a.dot(l))
        }
        // Nowhere above the run (every ray from it to the piece has t ≤ high − low), or its
        // shadow's reach (half the widest penumbra, at t = high − low) misses the run's box.
        let run = castShadow.surfaceRun
        let tallest = high - run.low
        guard tallest > Self.surfaceContact else { return false }
        let reach = (run.contactWidth + run.spread * tallest) / 2 + 1e-3
        let reached = (x0: max(box.x0 - reach, run.box.x0), y0: max(box.y0 - reach, run.box.y0),
                       x1: min(box.x1 + reach, run.box.x1), y1: min(box.y1 + reach, run.box.y1))
        guard reached.x0 < reached.x1, reached.y0 < reached.y1 else { return false }
        // Every corner of the run outside one side of the piece pushed out by the reach, seen
        // along the light: its shadow misses the run.
        let inward0 = area > 0 ? 1.0 : -1.0
        for k in 0..<count {
            let p = outline[k], q = outline[k + 1 == count ? 0 : k + 1]
            let (px, py, qx, qy) = (p.dot(e1), p.dot(e2), q.dot(e1), q.dot(e2))
            let length = ((qx - px) * (qx - px) + (qy - py) * (qy - py)).squareRoot()
            guard length > 1e-9 else { continue }
            let mx = -(qy - py) / length * inward0, my = (qx - px) / length * inward0
            if !castShadow.surfaceRunPoints.contains(where: { mx * ($0.x - px) + my * ($0.y - py) > -reach }) { return false }
        }
        let region = castShadow.receiverPass.region
        castShadow.receiverPass.region = (min(region.x0, reached.x0), min(region.y0, reached.y0),
                                          max(region.x1, reached.x1), max(region.y1, reached.y1))
        // t(X) = (N·P − N·X) / (N·L).
        let a = unit * (-1 / toward)
        castShadow.receiverCasters.append(Float(a.x)); castShadow.receiverCasters.append(Float(a.y))
        castShadow.receiverCasters.append(Float(a.z)); castShadow.receiverCasters.append(Float(unit.dot(centre) / toward))
        let inward = area > 0 ? 1.0 : -1.0
        // Where it reaches, for the pass's regions (DrawList+SurfaceReceiverRegions.swift).
        // t(X) = (N·P − N·X)/(N·L) with X = u·e₁ + v·e₂ + h·L: affine in (u, v), less h.
        castShadow.surfacePieces.append((high: high, plane: (unit.dot(centre) / toward, -unit.dot(e1) / toward, -unit.dot(e2) / toward),
                                         sides: count))
        for k in 0..<CastShadowList.surfaceCasterEdges {
            var line = (0.0, 0.0, 0.0, 1e6)
            var side = (0.0, 0.0, 1e6)
            if k < count {
                let p = outline[k], q = outline[k + 1 == count ? 0 : k + 1]
                let (px, py, qx, qy) = (p.dot(e1), p.dot(e2), q.dot(e1), q.dot(e2))
                let dx = qx - px, dy = qy - py
                let length = (dx * dx + dy * dy).squareRoot()
                if length > 1e-9 {
                    let mx = -dy / length * inward, my = dx / length * inward
                    let g = e1 * mx + e2 * my
                    line = (g.x, g.y, g.z, -(mx * px + my * py))
                    side = (mx, my, -(mx * px + my * py))
                }
            }
            castShadow.surfacePieceSides.append(side.0); castShadow.surfacePieceSides.append(side.1)
            castShadow.surfacePieceSides.append(side.2)
            castShadow.receiverCasters.append(Float(line.0)); castShadow.receiverCasters.append(Float(line.1))
            castShadow.receiverCasters.append(Float(line.2)); castShadow.receiverCasters.append(Float(line.3))
        }
        let pieceSheet = bySide && toward < 0 ? sheet + 1 : sheet
        castShadow.receiverCasters.append(Float(1 / max(fadeHeight, 1e-9))); castShadow.receiverCasters.append(Float(pieceSheet))
        castShadow.receiverCasters.append(Float(Self.surfaceContact)); castShadow.receiverCasters.append(0)
        castShadow.receiverPass.count += 1
        return true
    }

    /// How far along the light (points) a piece must stand above a pixel to shade it: a piece
    /// meeting the receiver (a hinge, a leaf's own flat part lying on another's) casts
    /// nothing there.
    package static let surfaceContact = 1e-3

    /// Writes the pass gathered (`castShadow.receiverPass`) over the receiver's items `run`,
    /// drawn before batch `b`: their triangles cut to each item's polygon, every corner
    /// carrying its 3D point on the patch and the visible side's share of direct light; then
    /// starts the next pass. A pass with no caster, or a corner that does not map, leaves the
    /// pass and its casters out.
    package mutating func appendSurfaceReceiverPass(_ run: Range<Int>, receiver: Int32, _ frame: Frame, beforeBatch b: Int,
                                                    light l: Vector3, ambient: Double, terms: (Float, Float, Float, Float)) {
        let pass = castShadow.receiverPass
        castShadow.receiverPass = (castShadow.receiverCasters.count, 0, (Double.infinity, Double.infinity, -Double.infinity, -Double.infinity))
        // The next pass's pieces start afresh, whatever becomes of this one.
        defer {
            castShadow.surfacePieces.removeAll(keepingCapacity: true)
            castShadow.surfacePieceSides.removeAll(keepingCapacity: true)
        }
        guard pass.count > 0, let surface = frame.records[Int(receiver)].surface else {
            castShadow.receiverCasters.removeSubrange(pass.first...)
            castShadow.receiverPass.first = pass.first
            return
        }
        let mesh = surface.mesh
        let first = vertexCount
        var mapped = true
        var batch = 0
        while batch < batches.count && batches[batch].item < run.lowerBound { batch += 1 }
        for r in run where mapped {
            let quad = frame.polygons[items[r].quadIndex]
            let patch = quad.surfacePatch
            // A detail's piece lies on its patch, which the pass covers: drawn again, it would
            // darken the piece twice (the pass multiplies).
            guard patch < mesh.patches.count, !(shadesReceiverDetails && frame.isSurfaceDetail(quad)), let toLeaf = Self.patchMap(mesh, patch) else {
                while batch < batches.count && batches[batch].item <= r { batch += 1 }
                continue
            }
            let sign = quad.localToView.showsBack ? -1.0 : 1.0
            let outline = items[r].corners
            // Where the pass's pieces reach, seen along the light: on the patch e·X is affine in
            // the local point, (e·a)u + (e·b)v + e·c.
            let (e1, e2) = (castShadow.surfaceRun.e1, castShadow.surfaceRun.e2)
            let reach = ((e1.dot(toLeaf.0), e1.dot(toLeaf.1), e1.dot(toLeaf.2)), (e2.dot(toLeaf.0), e2.dot(toLeaf.1), e2.dot(toLeaf.2)))
            // A patch that carries pieces: its whole polygon, as a flat receiver's under its
            // details (`appendReceiverPass`, `overDetails`): an opaque piece may have cut its
            // interior out of the patch's triangles, or hidden the patch whole. Not where a
            // back-facing patch's triangles are clipped to a contour's band (that band shows
            // another sheet).
            if shadesReceiverDetails, r + 1 < run.upperBound, frame.isSurfaceDetail(frame.polygons[items[r + 1].quadIndex]),
               !(quad.localToView.showsBack && !self.surface.contours.isEmpty) {
                castShadow.clip.polygon.removeAll(keepingCapacity: true)
                for k in outline { castShadow.clip.polygon.append(CastShadowList.Point2(x: corners[k].local.x, y: corners[k].local.y, w: 1, h: 0)) }
                // Cut to where the pass's pieces reach, as each triangle is below.
                cutClipPolygon(toRegion: pass.region, along: reach)
                mapped = writeSurfaceReceiverPolygon(quad.localToView, toLeaf: toLeaf, patch: patch, surface: surface,
                                                     sign: sign, light: l, ambient: ambient)
                while batch < batches.count && batches[batch].item <= r { batch += 1 }
                continue
            }
            var area = 0.0
            for k in outline {
                let a = corners[k].local, c = corners[k + 1 == outline.upperBound ? outline.lowerBound : k + 1].local
                area += a.x * c.y - c.x * a.y
            }
            let wind = area > 0 ? 1.0 : -1.0
            while batch < batches.count && batches[batch].item <= r {
                defer { batch += 1 }
                guard batches[batch].item == r else { continue }
                var v = batches[batch].vertices.lowerBound
                while v + 2 < batches[batch].vertices.upperBound && mapped {
                    clipTriangle(at: v, toOutline: outline, sign: wind)
                    v += 3
                    // Cut to where the pass's pieces reach (`reach`).
                    cutClipPolygon(toRegion: pass.region, along: reach)
                    mapped = writeSurfaceReceiverPolygon(quad.localToView, toLeaf: toLeaf, patch: patch, surface: surface,
                                                         sign: sign, light: l, ambient: ambient)
                }
            }
        }
        // Split into regions that each evaluate only the pieces reaching them, where that is
        // cheaper than one draw evaluating them all.
        if mapped, vertexCount > first, castShadow.splitsSurfaceReceivers, castShadow.surfacePieces.count == pass.count,
           splitSurfaceReceiverPass(firstVertex: first, casters: pass.first, beforeBatch: b, terms: terms) { return }
        finishReceiverPass(mapped: mapped, firstVertex: first, casters: pass.first, casterCount: pass.count,
                           beforeBatch: b, terms: terms, receiverSurface: true)
    }

    /// The affine map from patch `patch`'s local points to its 3D points (the leaf's own
    /// space): rows `(x, y, z)` of `(a, b, c)` with `P = a·u + b·v + c`, solved on the patch's
    /// corners spanning the largest triangle; nil for a patch with no area.
    package static func patchMap(_ mesh: SurfaceMesh, _ patch: Int) -> (Vector3, Vector3, Vector3)? {
        let corners = mesh.patches[patch].corners
        guard corners.count >= 3 else { return nil }
        let v0 = mesh.vertices[mesh.patchCorners[corners.lowerBound]]
        var best = (det: 0.0, j: 0, k: 0)
        for j in corners.dropFirst() {
            for k in corners where k > j {
                let a = mesh.vertices[mesh.patchCorners[j]].local, b = mesh.vertices[mesh.patchCorners[k]].local
                let det = (a.x - v0.local.x) * (b.y - v0.local.y) - (b.x - v0.local.x) * (a.y - v0.local.y)
                if abs(det) > abs(best.det) { best = (det, j, k) }
            }
        }
        guard abs(best.det) > 1e-12 else { return nil }
        let v1 = mesh.vertices[mesh.patchCorners[best.j]], v2 = mesh.vertices[mesh.patchCorners[best.k]]
        let (u1, w1) = (v1.local.x - v0.local.x, v1.local.y - v0.local.y)
        let (u2, w2) = (v2.local.x - v0.local.x, v2.local.y - v0.local.y)
        let d1 = v1.position - v0.position, d2 = v2.position - v0.position
        // P − P0 = A·(u, v): A's columns from the two edges.
        let a = (d1 * w2 - d2 * w1) * (1 / best.det)
        let b = (d2 * u1 - d1 * u2) * (1 / best.det)
        let c = v0.position - a * v0.local.x - b * v0.local.y
        return (a, b, c)
    }

    /// Writes `castShadow.clip.polygon` (local points of a patch) as a fan of a curved
    /// receiver's pass, placed in the view by `plane`: each corner's 3D point (`toLeaf`) in the
    /// normal's place and the visible side's share of direct light in the local point's.
    package mutating func writeSurfaceReceiverPolygon(_ plane: Homography, toLeaf: (Vector3, Vector3, Vector3), patch: Int,
                                                      surface: Frame.SurfaceRecord, sign: Double, light l: Vector3, ambient: Double) -> Bool {
        let count = castShadow.clip.polygon.count
        guard count >= 3 else { return true }
        let height = pixelSize.height
        for i in 1..<(count - 1) {
            for k in 0..<3 {
                let p = castShadow.clip.polygon[k == 0 ? 0 : i + k - 1]
                let local = Point(x: p.x, y: p.y)
                let v = plane.apply(local)
                guard v.w > 1e-9, v.x.isFinite, v.y.isFinite else { return false }
                let point = toLeaf.0 * p.x + toLeaf.1 * p.y + toLeaf.2
                let normal = SurfaceLayer.normal(atLocal: local, patch: patch, of: surface.curl, mesh: surface.mesh) * sign
                let n = l.z > 1e-9 ? normal.dot(l) / l.z : 0
                let share = n > 0 && n.isFinite ? n / (ambient + (1 - ambient) * n) : 0
                let x = v.x / v.w * scale, y = height - v.y / v.w * scale
                vertices.append(Float((2 * x / pixelSize.width - 1) * v.w))
                vertices.append(Float((2 * y / pixelSize.height - 1) * v.w))
                vertices.append(0)
                vertices.append(Float(v.w))
                vertices.append(Float(share)); vertices.append(0)
                for _ in 0..<Self.shadowEdgeSlots {
                    vertices.append(Self.unusedShadowEdge.0); vertices.append(Self.unusedShadowEdge.1); vertices.append(Self.unusedShadowEdge.2)
                }
                vertices.append(Float(point.x)); vertices.append(Float(point.y)); vertices.append(Float(point.z))
            }
        }
        return true
    }
}
