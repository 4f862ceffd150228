import FolioGeometry

extension DrawList {
    /// The width (pixels) of the screen bands a curved receiver's pass is measured in: its
    /// regions are runs of whole bands.
    package static let receiverBandPixels = 16.0
    /// What a pixel of a curved receiver's draw costs besides its pieces, in pieces (the loop
    /// over the pieces is 85–90% of the draw's time at about 6.5 pieces a pixel: docs/curl.md
    /// §8, "Regions").
    package static let receiverPixelCost = 1.0
    /// What one more draw costs, in piece-pixels (a draw's setup and binning in a software
    /// rasterizer, against about 80 ns a piece-pixel): bands are not split off for less.
    package static let receiverDrawCost = 4000.0

    /// Splits the curved receiver's pass just written — its triangles from vertex `first` to
    /// the end, its `castShadow.surfacePieces.count` pieces from `casters` in
    /// `castShadow.receiverCasters` — into **regions** (docs/curl.md §8, "Regions"): runs of
    /// whole-pixel screen bands across one axis, each drawn with only the pieces whose reach
    /// touches the receiver's part inside it, bands that no piece reaches not drawn at all.
    ///
    /// A piece left out of a region darkens no pixel of it: the test that culls a piece from
    /// the whole run (`appendSurfacePiece`: standing above it, its penumbra's reach past each
    /// side) fails on the receiver's part inside every band of the region, with the band's
    /// lowest point along the light for the run's. The kept pieces keep their order, so a
    /// sheet's pieces stay consecutive and every pixel's darkness is the one the whole pass
    /// gives.
    /// The regions are not cut out of the triangles but scissored (a band's ends are whole
    /// framebuffer pixels): each pixel is drawn by exactly one region, covered by the same
    /// triangles, with the same bits, as in the whole pass.
    ///
    /// The split is the cheapest by the cost `pixels × (pieces + receiverPixelCost)` plus
    /// `receiverDrawCost` a draw, over the bands along x and along y. Returns false, having
    /// written nothing, when one draw over the whole pass is as cheap; otherwise the regions'
    /// passes replace the pass (drawn before batch `b` with `terms`).
    package mutating func splitSurfaceReceiverPass(firstVertex first: Int, casters: Int, beforeBatch b: Int,
                                                   terms: (Float, Float, Float, Float)) -> Bool {
        let count = castShadow.surfacePieces.count
        guard count >= 2, count <= 32 else { return false }
        let f = Self.floatsPerVertex
        let end = vertexCount
        let all: UInt32 = count == 32 ? ~0 : (1 << UInt32(count)) - 1
        // Each axis's bands and the cheapest split of them.
        var best = (axis: -1, cost: Double.infinity, lowest: 0.0, bands: 0)
        var whole = 0.0
        for axis in 0..<2 {
            let size = axis == 0 ? pixelSize.width : pixelSize.height
            // Band edges on whole framebuffer pixels.
            let shift = axis == 0 ? origin.x - origin.x.rounded(.down) : origin.y - origin.y.rounded(.down)
            var low = Double.infinity, high = -Double.infinity
            var v = first
            while v < end {
                let w = Double(vertices[v * f + 3])
                let p = (Double(vertices[v * f + axis]) / w + 1) / 2 * size
                low = min(low, p); high = max(high, p)
                v += 1
            }
            guard low.isFinite, high.isFinite else { return false }
            let lowest = ((low + shift) / Self.receiverBandPixels).rounded(.down) * Self.receiverBandPixels - shift
            let bands = max(1, min(Int(((high - lowest) / Self.receiverBandPixels).rounded(.up)), 1024))
            measureReceiverBands(first: first, end: end, axis: axis, size: size, lowest: lowest, bands: bands)
            let cost = planReceiverBands()
            if axis == 0 {
                var area = 0.0
                for band in castShadow.receiverBands { area += band.area }
                whole = area * (Double(count) + Self.receiverPixelCost) + Self.receiverDrawCost
            }
            if cost < best.cost { best = (axis, cost, lowest, bands) }
        }
        // Not worth a split: the pass stays one draw.
        guard best.axis >= 0, best.cost < whole else { return false }
        if best.axis == 0 {
            let size = pixelSize.width
            measureReceiverBands(first: first, end: end, axis: 0, size: size, lowest: best.lowest, bands: best.bands)
            _ = planReceiverBands()
        }
        let axis = best.axis
        let size = axis == 0 ? pixelSize.width : pixelSize.height
        // The pass's vertices and casters move aside; the regions are written in their place.
        castShadow.regionScratch.vertices.removeAll(keepingCapacity: true)
        castShadow.regionScratch.vertices.append(contentsOf: vertices[(first * f)...])
        vertices.removeSubrange((first * f)...)
        castShadow.regionScratch.casters.removeAll(keepingCapacity: true)
        castShadow.regionScratch.casters.append(contentsOf: castShadow.receiverCasters[casters...])
        castShadow.receiverCasters.removeSubrange(casters...)
        // The plan read back from its last band: runs of bands to draw, bands left out.
        var k = best.bands
        while k > 0 {
            let from = castShadow.receiverBandPlan.from[k]
            guard from >= 0 else { k -= 1; continue }
            var pieces: UInt32 = 0
            for j in from..<k { pieces |= castShadow.receiverBands[j].pieces }
            // The outermost regions stay open: nothing of the pass lies beyond them.
            let lower = from == 0 ? -Double.infinity : best.lowest + Double(from) * Self.receiverBandPixels
            let upper = k == best.bands ? Double.infinity : best.lowest + Double(k) * Self.receiverBandPixels
            if pieces != 0 {
                appendReceiverRegion(axis: axis, size: size, lower: lower, upper: upper, pieces: pieces & all,
                                     beforeBatch: b, terms: terms)
            }
            k = from
        }
        castShadow.receiverPass.first = castShadow.receiverCasters.count
        return true
    }

    /// Fills `castShadow.receiverBands` with `bands` bands of `receiverBandPixels` along `axis`
    /// (0: x, 1: y; `size` the viewport's pixels along it) from `lowest`: the area of the
    /// triangles of vertices `first..<end` in each, the box seen along the light of their part
    /// inside it, and the pieces that reach that box.
    package mutating func measureReceiverBands(first: Int, end: Int, axis: Int, size: Double, lowest: Double, bands: Int) {
        let f = Self.floatsPerVertex
        let (e1, e2) = (castShadow.surfaceRun.e1, castShadow.surfaceRun.e2)
        // Along the light: e₂ = l × e₁, so l = e₁ × e₂.
        let l = e1.cross(e2)
        let empty = (x0: Double.infinity, y0: Double.infinity, x1: -Double.infinity, y1: -Double.infinity)
        castShadow.receiverBands.removeAll(keepingCapacity: true)
        for _ in 0..<bands { castShadow.receiverBands.append((area: 0, box: empty, low: Double.infinity, pieces: 0)) }
        let (width, height) = (pixelSize.width, pixelSize.height)
        var v = first
        while v + 2 < end {
            // The triangle on screen, 1/w and the light coordinates over w (all affine on screen).
            castShadow.bandClip.polygon.removeAll(keepingCapacity: true)
            var low = Double.infinity, high = -Double.infinity
            for k in v..<(v + 3) {
                let w = Double(vertices[k * f + 3])
                let x = (Double(vertices[k * f]) / w + 1) / 2 * width, y = (Double(vertices[k * f + 1]) / w + 1) / 2 * height
                let point = Vector3(x: Double(vertices[k * f + Self.normalOffset]), y: Double(vertices[k * f + Self.normalOffset + 1]),
                                    z: Double(vertices[k * f + Self.normalOffset + 2]))
                castShadow.bandClip.polygon.append((x: x, y: y, iw: 1 / w, u: point.dot(e1) / w, v: point.dot(e2) / w, h: point.dot(l) / w))
                let p = axis == 0 ? x : y
                low = min(low, p); high = max(high, p)
            }
            v += 3
            let k0 = max(0, min(bands - 1, Int(((low - lowest) / Self.receiverBandPixels).rounded(.down))))
            let k1 = max(0, min(bands - 1, Int(((high - lowest) / Self.receiverBandPixels).rounded(.down))))
            if k0 == k1 {
                addToReceiverBand(k0)
                continue
            }
            // Saved, then cut to each band it crosses.
            castShadow.bandClip.triangle.removeAll(keepingCapacity: true)
            castShadow.bandClip.triangle.append(contentsOf: castShadow.bandClip.polygon)
            for k in k0...k1 {
                castShadow.bandClip.polygon.removeAll(keepingCapacity: true)
                castShadow.bandClip.polygon.append(contentsOf: castShadow.bandClip.triangle)
                // The first and last bands stay open, as their regions do (and hold whatever
                // lies past the most bands a pass is measured in).
                let lower = lowest + Double(k) * Self.receiverBandPixels
                if k > 0 { cutBandPolygon(axis: axis, at: lower, keepAbove: true) }
                if k < bands - 1 { cutBandPolygon(axis: axis, at: lower + Self.receiverBandPixels, keepAbove: false) }
                addToReceiverBand(k)
            }
        }
        // The pieces reaching each band, bounded from the shader's own terms: a piece darkens
        // a point X only where its distance along the light there, t, is at least the contact
        // height and X lies less than w/2 = (w₀ + 2t·tan β)/2 outside every side. Inside the
        // piece t = c + a·u + b·v − h, at most its highest point less X's height h; outside it
        // t is read where X moved across the light meets the nearest side's line (which runs
        // past the piece's corners), again affine in X for each side. So over the band t is at
        // most the largest of these affine functions over the band's box (its corners seen
        // along the light, its lowest point along it), and w at most w₀ + 2t·tan β there.
        let run = castShadow.surfaceRun
        for k in 0..<bands {
            let box = castShadow.receiverBands[k].box
            let low = castShadow.receiverBands[k].low
            guard box.x0 <= box.x1, box.y0 <= box.y1 else { continue }
            // The largest of c + a·u + b·v over the box, less its lowest h.
            func largest(_ c: Double, _ a: Double, _ b: Double) -> Double {
                c + max(a * box.x0, a * box.x1) + max(b * box.y0, b * box.y1) - low
            }
            var pieces: UInt32 = 0
            for i in castShadow.surfacePieces.indices {
                let piece = castShadow.surfacePieces[i]
                let plane = piece.plane
                var tallest = min(largest(plane.c, plane.a, plane.b), piece.high - low)
                for s in 0..<piece.sides {
                    let j = (i * CastShadowList.surfaceCasterEdges + s) * 3
                    let (nx, ny, c) = (castShadow.surfacePieceSides[j], castShadow.surfacePieceSides[j + 1], castShadow.surfacePieceSides[j + 2])
                    // X's point moved by −n·d onto the line: (u, v) − n·(n·(u, v) + c).
                    let along = plane.a * nx + plane.b * ny
                    tallest = max(tallest, largest(plane.c - c * along, plane.a - along * nx, plane.b - along * ny))
                }
                guard tallest.isFinite, tallest >= Self.surfaceContact * 0.5 else { continue }
                let reach = (run.contactWidth + run.spread * max(tallest, 0)) / 2 * 1.01 + 1e-3
                var reaches = true
                for s in 0..<piece.sides {
                    let j = (i * CastShadowList.surfaceCasterEdges + s) * 3
                    let (mx, my, c) = (castShadow.surfacePieceSides[j], castShadow.surfacePieceSides[j + 1], castShadow.surfacePieceSides[j + 2])
                    // The box's corner farthest inside this side.
                    let inside = mx * (mx > 0 ? box.x1 : box.x0) + my * (my > 0 ? box.y1 : box.y0) + c
                    if inside <= -reach { reaches = false; break }
                }
                if reaches { pieces |= 1 << UInt32(i) }
            }
            castShadow.receiverBands[k].pieces = pieces
        }
    }

    /// Adds `castShadow.bandClip.polygon` (screen points) to band `k`: its area and its box
    /// seen along the light.
    mutating func addToReceiverBand(_ k: Int) {
        let polygon = castShadow.bandClip.polygon
        guard polygon.count >= 3 else { return }
        var area = 0.0
        var box = castShadow.receiverBands[k].box
        var low = castShadow.receiverBands[k].low
        for i in polygon.indices {
            let a = polygon[i], c = polygon[i + 1 == polygon.count ? 0 : i + 1]
            area += a.x * c.y - c.x * a.y
            let (u, v) = (a.u / a.iw, a.v / a.iw)
            box = (min(box.x0, u), min(box.y0, v), max(box.x1, u), max(box.y1, v))
            low = min(low, a.h / a.iw)
        }
        castShadow.receiverBands[k].area += abs(area) / 2
        castShadow.receiverBands[k].box = box
        castShadow.receiverBands[k].low = low
    }

    /// Cuts `castShadow.bandClip.polygon` to the side of `axis = at` above it (`keepAbove`) or
    /// below it, interpolating affinely on screen (1/w and the light coordinates over w are).
    mutating func cutBandPolygon(axis: Int, at: Double, keepAbove: Bool) {
        let n = castShadow.bandClip.polygon.count
        guard n >= 3 else { return }
        castShadow.bandClip.clipped.removeAll(keepingCapacity: true)
        for i in 0..<n {
            let a = castShadow.bandClip.polygon[i], c = castShadow.bandClip.polygon[i + 1 == n ? 0 : i + 1]
            let da = (axis == 0 ? a.x : a.y) - at, dc = (axis == 0 ? c.x : c.y) - at
            let (sa, sc) = keepAbove ? (da, dc) : (-da, -dc)
            if sa >= 0 { castShadow.bandClip.clipped.append(a) }
            if (sa >= 0) != (sc >= 0) {
                let t = sa / (sa - sc)
                castShadow.bandClip.clipped.append((x: a.x + (c.x - a.x) * t, y: a.y + (c.y - a.y) * t, iw: a.iw + (c.iw - a.iw) * t,
                                                    u: a.u + (c.u - a.u) * t, v: a.v + (c.v - a.v) * t, h: a.h + (c.h - a.h) * t))
            }
        }
        swap(&castShadow.bandClip.polygon, &castShadow.bandClip.clipped)
    }

    /// The cheapest split of `castShadow.receiverBands` into draws (`castShadow.receiverBandPlan`):
    /// runs of consecutive bands, each drawn with the pieces reaching any of its bands, and
    /// bands no piece reaches left out; its cost in piece-pixels.
    mutating func planReceiverBands() -> Double {
        let n = castShadow.receiverBands.count
        castShadow.receiverBandPlan.cost.removeAll(keepingCapacity: true)
        castShadow.receiverBandPlan.from.removeAll(keepingCapacity: true)
        castShadow.receiverBandPlan.cost.append(0)
        castShadow.receiverBandPlan.from.append(-1)
        for k in 1...max(n, 1) where k <= n {
            var cost = Double.infinity, from = -1
            if castShadow.receiverBands[k - 1].pieces == 0 {
                cost = castShadow.receiverBandPlan.cost[k - 1]
            }
            var pieces: UInt32 = 0
            var area = 0.0
            var j = k - 1
            while j >= 0 {
                pieces |= castShadow.receiverBands[j].pieces
                area += castShadow.receiverBands[j].area
                let c = castShadow.receiverBandPlan.cost[j] + area * (Double(pieces.nonzeroBitCount) + Self.receiverPixelCost)
                    + Self.receiverDrawCost
                if c < cost { (cost, from) = (c, j) }
                j -= 1
            }
            castShadow.receiverBandPlan.cost.append(cost)
            castShadow.receiverBandPlan.from.append(from)
        }
        return castShadow.receiverBandPlan.cost[n]
    }

    /// Appends one region of the curved receiver's pass moved to `castShadow.regionScratch`:
    /// the pixels `lower ≤ p < upper` along `axis` (viewport pixels, on whole framebuffer
    /// pixels; either may be infinite), as a pass evaluating the pieces `pieces` (bit i: piece
    /// i, in order) over the pass's triangles that reach the band, drawn with the band as its
    /// scissor (`CastShadowList.Pass.band`). The triangles are not cut: they keep their bits,
    /// so every pixel inside the band is covered exactly as by the whole pass, and the
    /// scissor gives each pixel to one band.
    mutating func appendReceiverRegion(axis: Int, size: Double, lower: Double, upper: Double, pieces: UInt32,
                                       beforeBatch b: Int, terms: (Float, Float, Float, Float)) {
        let f = Self.floatsPerVertex
        let first = vertexCount
        let source = castShadow.regionScratch.vertices.count / f
        var v = 0
        while v + 2 < source {
            defer { v += 3 }
            var low = Double.infinity, high = -Double.infinity
            for k in v..<(v + 3) {
                let p = (Double(castShadow.regionScratch.vertices[k * f + axis]) / Double(castShadow.regionScratch.vertices[k * f + 3]) + 1) / 2 * size
                low = min(low, p); high = max(high, p)
            }
            // A pixel's centre lies half a pixel inside the band: a triangle ending a pixel
            // short of it covers none of its pixels.
            guard high > lower - 1, low < upper + 1 else { continue }
            vertices.append(contentsOf: castShadow.regionScratch.vertices[(v * f)..<((v + 3) * f)])
        }
        guard vertexCount > first else { return }
        let casters = castShadow.receiverCasters.count
        var slots = 0
        for i in 0..<32 where pieces & (1 << UInt32(i)) != 0 {
            let at = i * CastShadowList.floatsPerSurfaceCaster
            guard at + CastShadowList.floatsPerSurfaceCaster <= castShadow.regionScratch.casters.count else { break }
            castShadow.receiverCasters.append(contentsOf: castShadow.regionScratch.casters[at..<(at + CastShadowList.floatsPerSurfaceCaster)])
            slots += 1
        }
        let range = first..<vertexCount
        var pass = CastShadowList.Pass(
            beforeBatch: b, vertices: range, slotRanges: (range, range.upperBound..<range.upperBound, range.upperBound..<range.upperBound),
            terms: terms, casterSlots: slots, casters: casters..<castShadow.receiverCasters.count, receiverSurface: true)
        pass.band = (axis, lower, upper)
        castShadow.passes.append(pass)
    }

    /// The pixel area a receiver's pass draws: its triangles' (`rasterizedArea(of:)`), cut
    /// to its band when it is a region (the scissor leaves the rest undrawn).
    package func rasterizedArea(of pass: CastShadowList.Pass) -> Double {
        guard let band = pass.band else { return rasterizedArea(of: pass.vertices) }
        let f = Self.floatsPerVertex
        var area = 0.0
        var polygon = [(Double, Double)](), clipped = [(Double, Double)]()
        for v in stride(from: pass.vertices.lowerBound, to: pass.vertices.upperBound - 2, by: 3) {
            polygon.removeAll(keepingCapacity: true)
            for k in v..<(v + 3) {
                let w = Double(vertices[k * f + 3])
                polygon.append(((Double(vertices[k * f]) / w + 1) * pixelSize.width / 2, (Double(vertices[k * f + 1]) / w + 1) * pixelSize.height / 2))
            }
            // Cut to p ≥ lower, then to p ≤ upper.
            for (at, sign) in [(band.lower, 1.0), (band.upper, -1.0)] where at.isFinite {
                clipped.removeAll(keepingCapacity: true)
                for i in polygon.indices {
                    let a = polygon[i], c = polygon[i + 1 == polygon.count ? 0 : i + 1]
                    let da = sign * ((band.axis == 0 ? a.0 : a.1) - at), dc = sign * ((band.axis == 0 ? c.0 : c.1) - at)
                    if da >= 0 { clipped.append(a) }
                    if (da >= 0) != (dc >= 0) {
                        let t = da / (da - dc)
                        clipped.append((a.0 + (c.0 - a.0) * t, a.1 + (c.1 - a.1) * t))
                    }
                }
                swap(&polygon, &clipped)
            }
            guard polygon.count >= 3 else { continue }
            var twice = 0.0
            for i in polygon.indices {
                let a = polygon[i], c = polygon[i + 1 == polygon.count ? 0 : i + 1]
                twice += a.0 * c.1 - c.0 * a.1
            }
            area += abs(twice) / 2
        }
        return area
    }
}
