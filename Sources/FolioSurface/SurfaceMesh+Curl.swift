#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import FolioGeometry

/// Tessellating a page curl.
///
/// The leaf is cut along lines parallel to the axis (`s = const`): the axis line `s = 0`, the
/// half-turn line `s = πr`, the rulings `s = r·kπ/N` between them, the contour ruling where the
/// bend is seen edge-on with the rulings beside it a full step away (`SurfaceMesh+Contour.swift`)
/// and the line through every leaf corner that falls on the bend. Between two consecutive cuts the leaf is a convex
/// polygon whose corners all lie on the two cut lines, so on the cylinder they lie on two
/// rulings: each strip is planar. The flat part (`s ≤ 0`) and the turned part (`s ≥ πr`) are
/// one planar patch each, whatever their size.
///
/// **Chord error.** A strip spanning `Δθ` deviates from the cylinder by at most the sagitta
/// `r(1 − cos(Δθ/2)) = 2r sin²(Δθ/4)`, between points of equal local coordinates. On screen
/// that is at most `scale · M · sagitta` pixels, where `M` is `ScreenMagnification`'s bound
/// over a box holding the whole bend (`c…c+r` along `n`, the leaf's extent along the axis,
/// `0…2r` in height). `N` is the smallest count with `scale · M · 2r sin²(π/(4N)) ≤ tolerance`,
/// at most `maximumSegments` (enough for radii up to 850,000 pixels at 0.25 px).
extension SurfaceMesh {
    /// The most segments a half turn is cut into.
    public static let maximumSegments = 2048

    /// Rebuilds the mesh for `curl` seen through `toView` (the leaf's 3D space to homogeneous
    /// view points) at `scale` pixels per point, so that the projected mesh deviates from the
    /// exact surface by at most `tolerance` pixels.
    ///
    /// - Parameters:
    ///   - curl: the exact surface to tessellate.
    ///   - toView: the leaf's 3D space (points) to homogeneous view points, perspective included.
    ///   - scale: pixels per view point; the tolerance is measured in these pixels.
    ///   - tolerance: the largest projected deviation from the exact surface, in pixels.
    ///   - spineIsSeam: whether the spine meets a neighbouring page (its outline
    ///     segments are then `.seam`, never faded) or is a free edge (`.boundary`).
    /// - Throws: `.invalidScale`, `.invalidTolerance`, or `.invalidTransform` when `toView` is
    ///   not finite or puts a vertex at or behind the eye (`w ≤ Projection.minimumW`).
    public func tessellate(_ curl: PageCurl, toView: Transform3D, scale: Double, tolerance: Double = 0.25,
                           spineIsSeam: Bool = true) throws(SurfaceError) {
        guard scale > 0, scale.isFinite else { throw .invalidScale(scale) }
        guard tolerance > 0, tolerance.isFinite else { throw .invalidTolerance(tolerance) }
        guard toView.isFinite else { throw .invalidTransform(reason: "it has a non-finite entry") }
        removeAll()
        source = MeshSource(curl: curl, toView: toView, scale: scale, tolerance: tolerance, spineIsSeam: spineIsSeam)
        let frame = curl.frame
        let cosA = curl.cosAngle, sinA = curl.sinAngle, c = curl.axisOffset, r = curl.radius
        let halfTurn = Double.pi * r
        let n = curl.direction
        let w = curl.size.width, h = curl.size.height
        let slack = 1e-9 * (w + h)

        /// Corner `i` of the local loop (0,0), (w,0), (w,h), (0,h).
        func corner(_ i: Int) -> Point {
            Point(x: i == 1 || i == 2 ? w : 0, y: i >= 2 ? h : 0)
        }
        var iMin = 0, iMax = 0
        for i in 0..<4 {
            let (u, v) = frame.frame(corner(i))
            cornerS[i] = u * cosA + v * sinA - c
            if cornerS[i] < cornerS[iMin] { iMin = i }
            if cornerS[i] > cornerS[iMax] { iMax = i }
        }
        let sMin = cornerS[iMin], sMax = cornerS[iMax]

        // The cuts, ascending; only those strictly inside the leaf's span cut it.
        func addCut(_ sigma: Double, _ s: Double, _ c: Double) {
            if sigma > sMin + slack && sigma < sMax - slack { cuts.append(Cut(sigma: sigma, sin: s, cos: c)) }
        }
        addCut(0, 0, 1)
        if r > 0 && sMax > slack {
            segmentsPerHalfTurn = try segments(curl, toView: toView, scale: scale, tolerance: tolerance, sMax: sMax)
            let count = segmentsPerHalfTurn
            findContourAngles(curl, toView: toView)
            planRulings(count: count)
            for ruling in rulingScratch {
                let sigma = r * ruling.angle
                if sigma >= sMax { break }
                // Fixed rulings take the exact sine and cosine of their degrees (exactly 1 and 0
                // at 90°); the contour and the rulings around it are computed.
                let (s, cs) = ruling.grid >= 0 ? Angle.sinCos(degrees: 180 * Double(ruling.grid) / Double(count))
                    : (Angle.sin(radians: ruling.angle), Angle.cos(radians: ruling.angle))
                addCut(sigma, s, cs)
            }
            addCut(halfTurn, 0, -1)
            // Corners on the bend get a cut of their own (so every strip is planar); one
            // within rounding of an existing cut snaps onto it.
            for i in 0..<4 where cornerS[i] > sMin + slack && cornerS[i] < sMax - slack {
                let s = cornerS[i]
                var k = 0
                while k < cuts.count && cuts[k].sigma < s { k += 1 }
                if k < cuts.count && cuts[k].sigma - s <= slack { cornerS[i] = cuts[k].sigma; continue }
                if k > 0 && s - cuts[k - 1].sigma <= slack { cornerS[i] = cuts[k - 1].sigma; continue }
                if s > 0 && s < halfTurn {
                    let theta = s / r
                    cuts.insert(Cut(sigma: s, sin: Angle.sin(radians: theta), cos: Angle.cos(radians: theta)), at: k)
                }
            }
        }

        /// Appends the vertex for leaf point `p` lying `sigma` beyond the axis, on cut `cut`
        /// (its exact sine and cosine) or, for −1, wherever `sigma` puts it.
        func vertex(_ p: Point, sigma: Double, cut: Int) throws(SurfaceError) -> Int {
            var position = Vector3(x: p.x, y: p.y, z: 0)
            var normal = Vector3(x: 0, y: 0, z: 1)
            if cut >= 0 || (sigma > 0 && sigma < halfTurn) {
                let (s, cs) = cut >= 0 ? (cuts[cut].sin, cuts[cut].cos)
                    : (Angle.sin(radians: sigma / r), Angle.cos(radians: sigma / r))
                let shift = r * s - sigma
                position = Vector3(x: p.x + n.x * shift, y: p.y + n.y * shift, z: r * (1 - cs))
                // (+ 0 turns the −0 of an unturned ruling into 0.)
                normal = Vector3(x: -s * n.x + 0, y: -s * n.y + 0, z: cs)
            } else if sigma > 0 {
                let shift = halfTurn - 2 * sigma
                position = Vector3(x: p.x + n.x * shift, y: p.y + n.y * shift, z: 2 * r)
                normal = Vector3(x: 0, y: 0, z: -1)
            }
            let clip = position.applying(toView)
            guard clip.w > Projection.minimumW, let point = clip.projected else {
                throw .invalidTransform(reason: "it puts the leaf point (\(p.x), \(p.y)) at w = \(clip.w), at or behind the eye")
            }
            vertices.append(SurfaceVertex(local: p, position: position, normal: normal, clip: clip, point: point))
            return vertices.count - 1
        }

        // The two boundary chains from the corner nearest the axis side to the farthest.
        for i in 0..<4 { cornerVertex[i] = -1 }
        func cornerIndex(_ i: Int, cut: Int) throws(SurfaceError) -> Int {
            if cornerVertex[i] < 0 { cornerVertex[i] = try vertex(corner(i), sigma: cornerS[i], cut: cut) }
            return cornerVertex[i]
        }
        func buildChain(forward: Bool, _ chain: inout [ChainVertex], _ positions: inout [Int]) throws(SurfaceError) {
            chain.removeAll(keepingCapacity: true)
            positions.removeAll(keepingCapacity: true)
            for _ in cuts.indices { positions.append(-1) }
            chain.append(ChainVertex(vertex: try cornerIndex(iMin, cut: -1), cut: -1, edge: -1))
            var j = iMin, k = 0
            while j != iMax {
                let next = forward ? (j + 1) & 3 : (j + 3) & 3
                let edge = forward ? j : next
                let s0 = cornerS[j], s1 = cornerS[next]
                let a = corner(j), b = corner(next)
                while k < cuts.count && cuts[k].sigma < s1 {
                    let t = (cuts[k].sigma - s0) / (s1 - s0)
                    let p = Point(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t)
                    chain.append(ChainVertex(vertex: try vertex(p, sigma: cuts[k].sigma, cut: k), cut: k, edge: edge))
                    positions[k] = chain.count - 1
                    k += 1
                }
                let onCut = k < cuts.count && cuts[k].sigma == s1 ? k : -1
                chain.append(ChainVertex(vertex: try cornerIndex(next, cut: onCut), cut: onCut, edge: edge))
                if onCut >= 0 { positions[k] = chain.count - 1; k += 1 }
                j = next
            }
        }
        try buildChain(forward: true, &chainA, &cutPositionA)
        try buildChain(forward: false, &chainB, &cutPositionB)

        let spineEdge: Int
        switch curl.spine {
        case .top: spineEdge = 0
        case .right: spineEdge = 1
        case .bottom: spineEdge = 2
        case .left: spineEdge = 3
        }
        func freeKind(_ edge: Int) -> SurfaceEdgeKind { edge == spineEdge && spineIsSeam ? .seam : .boundary }

        // One patch per region between consecutive cuts.
        regionPatch.removeAll(keepingCapacity: true)
        for region in 0...cuts.count {
            let lo = region - 1, hi = region
            let aStart = lo < 0 ? 0 : cutPositionA[lo], aEnd = hi == cuts.count ? chainA.count - 1 : cutPositionA[hi]
            let bStart = lo < 0 ? 0 : cutPositionB[lo], bEnd = hi == cuts.count ? chainB.count - 1 : cutPositionB[hi]
            let start = patchCorners.count
            func add(_ v: Int, _ kind: SurfaceEdgeKind, _ cut: Int) {
                patchCorners.append(v); patchEdges.append(kind); patchEdgeCut.append(cut)
            }
            for m in aStart..<aEnd { add(chainA[m].vertex, freeKind(chainA[m + 1].edge), -1) }
            var bTop = bEnd
            if chainB[bEnd].vertex == chainA[aEnd].vertex {
                // The chains meet at the far corner: go straight down chain B.
                add(chainA[aEnd].vertex, bEnd > bStart ? freeKind(chainB[bEnd].edge) : .interior, -1)
                bTop = bEnd - 1
            } else {
                add(chainA[aEnd].vertex, .interior, hi)
            }
            if bTop >= bStart {
                for m in stride(from: bTop, to: bStart, by: -1) { add(chainB[m].vertex, freeKind(chainB[m].edge), -1) }
                if chainB[bStart].vertex != chainA[aStart].vertex { add(chainB[bStart].vertex, .interior, lo) }
            }
            let count = patchCorners.count - start
            guard count >= 3 else {
                patchCorners.removeSubrange(start...); patchEdges.removeSubrange(start...); patchEdgeCut.removeSubrange(start...)
                regionPatch.append(-1)
                continue
            }
            let sigmaLo = lo < 0 ? sMin : cuts[lo].sigma, sigmaHi = hi == cuts.count ? sMax : cuts[hi].sigma
            let middle = (sigmaLo + sigmaHi) / 2
            let kind: SurfaceRegion = middle <= 0 ? .flat : (middle >= halfTurn ? .turned : .bend)
            let angles: ClosedRange<Double>
            var normal: Vector3
            switch kind {
            case .flat:
                angles = 0...0; normal = Vector3(x: 0, y: 0, z: 1)
            case .turned:
                angles = Double.pi...Double.pi; normal = Vector3(x: 0, y: 0, z: -1)
            case .bend:
                let a0 = max(0, sigmaLo) / r, a1 = min(halfTurn, sigmaHi) / r
                angles = a0...a1
                // The chord plane's normal is the normal at the middle angle: the bisector of
                // the two rulings' normals when both are cuts (no trigonometry), else computed.
                let (s, cs): (Double, Double)
                if lo >= 0 && hi < cuts.count, case let sum = (cuts[lo].sin + cuts[hi].sin, cuts[lo].cos + cuts[hi].cos),
                   case let length = (sum.0 * sum.0 + sum.1 * sum.1).squareRoot(), length > 1e-3 {
                    (s, cs) = (sum.0 / length, sum.1 / length)
                } else {
                    let mid = (a0 + a1) / 2
                    (s, cs) = (Angle.sin(radians: mid), Angle.cos(radians: mid))
                }
                normal = Vector3(x: -s * n.x + 0, y: -s * n.y + 0, z: cs)
            }
            var centroid = Vector3.zero, area = 0.0
            var previous = vertices[patchCorners[start + count - 1]].point
            for i in start..<(start + count) {
                let v = vertices[patchCorners[i]]
                centroid = centroid + v.position
                area += previous.x * v.point.y - v.point.x * previous.y
                previous = v.point
            }
            centroid = centroid * (1 / Double(count))
            let firstTriangle = triangles.count
            let patchIndex = patches.count
            for i in (start + 1)..<(start + count - 1) {
                triangles.append(SurfaceTriangle(a: patchCorners[start], b: patchCorners[i], c: patchCorners[i + 1], patch: patchIndex))
            }
            patches.append(SurfacePatch(region: kind, corners: start..<(start + count), triangles: firstTriangle..<triangles.count,
                                        angles: angles, plane: SurfacePlane(normal: normal, offset: normal.dot(centroid)),
                                        isBackFacing: area < 0))
            regionPatch.append(patchIndex)
        }

        // Contours: cuts with patches of opposite facing on either side.
        cutIsContour.removeAll(keepingCapacity: true)
        for k in cuts.indices {
            let a = regionPatch[k], b = regionPatch[k + 1]
            let contour = a >= 0 && b >= 0 && patches[a].isBackFacing != patches[b].isBackFacing
            cutIsContour.append(contour)
            if contour {
                contours.append(SilhouetteSegment(from: chainA[cutPositionA[k]].vertex, to: chainB[cutPositionB[k]].vertex, kind: .contour))
            }
        }
        for i in patchEdges.indices where patchEdgeCut[i] >= 0 && cutIsContour[patchEdgeCut[i]] { patchEdges[i] = .contour }

        // The outline: chain A forward, then chain B back (their shared ends once).
        for m in 0..<(chainA.count - 1) {
            outline.append(SilhouetteSegment(from: chainA[m].vertex, to: chainA[m + 1].vertex, kind: freeKind(chainA[m + 1].edge)))
        }
        for m in stride(from: chainB.count - 1, to: 0, by: -1) {
            outline.append(SilhouetteSegment(from: chainB[m].vertex, to: chainB[m - 1].vertex, kind: freeKind(chainB[m].edge)))
        }

        // Painter's order: every front-facing patch, then every back-facing one.
        for (i, p) in patches.enumerated() where !p.isBackFacing { paintersOrder.append(i) }
        for (i, p) in patches.enumerated() where p.isBackFacing { paintersOrder.append(i) }
    }

    /// Segments per half turn for the chord tolerance: the smallest `N` with
    /// `scale · M · 2r sin²(π/(4N)) ≤ tolerance`.
    func segments(_ curl: PageCurl, toView: Transform3D, scale: Double, tolerance: Double, sMax: Double) throws(SurfaceError) -> Int {
        let r = curl.radius, frame = curl.frame
        let cosA = curl.cosAngle, sinA = curl.sinAngle, c = curl.axisOffset
        let reach = min(Double.pi * r, sMax)
        // The leaf's extent along the axis, t = −u sin α + v cos α, over the bend 0 ≤ s ≤ reach.
        var tMin = Double.infinity, tMax = -Double.infinity
        let along = frame.along, across = frame.across
        for e in 0..<4 {
            let (u0, v0): (Double, Double) = e == 0 ? (0, 0) : e == 1 ? (across, 0) : e == 2 ? (across, along) : (0, along)
            let (u1, v1): (Double, Double) = e == 0 ? (across, 0) : e == 1 ? (across, along) : e == 2 ? (0, along) : (0, 0)
            let s0 = u0 * cosA + v0 * sinA - c, s1 = u1 * cosA + v1 * sinA - c
            var lo = 0.0, hi = 1.0
            if s0 == s1 {
                if s0 < 0 || s0 > reach { continue }
            } else {
                let ta = (0 - s0) / (s1 - s0), tb = (reach - s0) / (s1 - s0)
                lo = max(0, min(ta, tb)); hi = min(1, max(ta, tb))
                if lo > hi { continue }
            }
            for f in 0..<2 {
                let fraction = f == 0 ? lo : hi
                let u = u0 + (u1 - u0) * fraction, v = v0 + (v1 - v0) * fraction
                let t = -u * sinA + v * cosA
                tMin = min(tMin, t); tMax = max(tMax, t)
            }
        }
        guard tMin <= tMax else { return 1 }
        let originUV = (u: c * cosA - tMin * sinA, v: c * sinA + tMin * cosA)
        let origin = frame.local(u: originUV.u, v: originUV.v)
        let nd = frame.direction(du: cosA, dv: sinA), ad = frame.direction(du: -sinA, dv: cosA)
        let edges = (Vector3(x: nd.x * r, y: nd.y * r, z: 0),
                     Vector3(x: ad.x * (tMax - tMin), y: ad.y * (tMax - tMin), z: 0),
                     Vector3(x: 0, y: 0, z: 2 * r))
        guard let m = ScreenMagnification.bound(origin: Vector3(x: origin.x, y: origin.y, z: 0), edges: edges, through: toView) else {
            throw .invalidTransform(reason: "it puts part of the bend at or behind the eye")
        }
        magnification = m
        let allowed = tolerance / (scale * m)
        guard allowed < r else { return 1 }
        let step = 4 * asin((allowed / (2 * r)).squareRoot())
        let count = (Double.pi / step).rounded(.up)
        return count >= Double(Self.maximumSegments) ? Self.maximumSegments : max(1, Int(count))
    }
}
