import FolioGeometry

/// A BSP node: a splitting plane in post-projective context space and the coplanar polygons
/// lying in it, in insertion (tree) order.
struct BSPNode {
    var plane: (nx: Double, ny: Double, nz: Double, d: Double)
    var first: Int32
    var last: Int32
    var front: Int32 = -1
    var back: Int32 = -1
}

extension EvaluationState {
    /// Sorts the context members `order[start...]` back to front.
    ///
    /// Works in post-projective space `(x/w, y/w, z/w)`, where every view ray is parallel to z
    /// and larger `z/w` is nearer the viewer, so a BSP tree traversed for a viewer at +z gives a
    /// correct painter's order. Polygons are first clipped at `w ≥ ε`; planes that intersect are
    /// split; coplanar polygons keep tree order. Invisible polygons move to the end untouched.
    mutating func sortContext(from start: Int) {
        guard start < order.count else { return }
        scratch.removeAll(keepingCapacity: true)
        deferred.removeAll(keepingCapacity: true)
        var extent = 1.0
        for k in start..<order.count {
            let p = Int(order[k])
            if !polys[p].depthSet {
                // The pre-projection z in this context is the homogeneous z before its flattening.
                for v in polys[p].range { pool[v].depth = pool[v].position.z }
                polys[p].depthSet = true
            }
            if polys[p].visible { clip(p, against: .inFrontOfEye) }
            if polys[p].visible {
                for v in polys[p].range {
                    let q = pool[v].position
                    let m = max(abs(q.x), abs(q.y), abs(q.z)) / q.w
                    if m.isFinite { extent = max(extent, m) } else { polys[p].visible = false; break }
                }
            }
            if polys[p].visible { scratch.append(Int32(p)) } else { deferred.append(Int32(p)) }
        }
        order.removeSubrange(start...)
        if scratch.count == 1 {
            order.append(scratch[0])
        } else if scratch.count > 1 {
            bspSort(tolerance: 1e-9 * extent)
        }
        order.append(contentsOf: deferred)
    }

    /// Builds a BSP tree of `scratch` and appends its back-to-front order to `order`.
    mutating func bspSort(tolerance eps: Double) {
        nodes.removeAll(keepingCapacity: true)
        var degenerate = 0
        for k in scratch.indices {
            let p = Int(scratch[k])
            polys[p].next = -1
            if !computePlane(p) {
                // Collapsed to a line or point: no area to order, drawn first in tree order.
                order.append(Int32(p))
                degenerate += 1
                continue
            }
            insert(Int32(p), tolerance: eps)
        }
        guard !nodes.isEmpty else { return }
        emitStack.removeAll(keepingCapacity: true)
        emitStack.append((0, false))
        while let (n, expanded) = emitStack.popLast() {
            let node = nodes[Int(n)]
            // The viewer looks down −z: the side the normal points to is nearer when nz ≥ 0.
            let viewerInFront = node.plane.nz >= 0
            let near = viewerInFront ? node.front : node.back
            let far = viewerInFront ? node.back : node.front
            if !expanded {
                if near >= 0 { emitStack.append((near, false)) }
                emitStack.append((n, true))
                if far >= 0 { emitStack.append((far, false)) }
            } else {
                var p = node.first
                while p >= 0 {
                    order.append(p)
                    p = polys[Int(p)].next
                }
            }
        }
    }

    /// Newell's plane of polygon `p` in post-projective space; false when it has no area.
    mutating func computePlane(_ p: Int) -> Bool {
        let r = polys[p].range
        var nx = 0.0, ny = 0.0, nz = 0.0, cx = 0.0, cy = 0.0, cz = 0.0, extent = 0.0
        var previous = pool[r.upperBound - 1].position.divided
        for v in r {
            let c = pool[v].position.divided
            nx += (previous.y - c.y) * (previous.z + c.z)
            ny += (previous.z - c.z) * (previous.x + c.x)
            nz += (previous.x - c.x) * (previous.y + c.y)
            cx += c.x; cy += c.y; cz += c.z
            extent = max(extent, abs(c.x - previous.x), abs(c.y - previous.y), abs(c.z - previous.z))
            previous = c
        }
        let length = (nx * nx + ny * ny + nz * nz).squareRoot()
        guard length > 1e-12 * max(extent * extent, 1e-300), length.isFinite else { return false }
        let n = Double(r.count)
        let (ux, uy, uz) = (nx / length, ny / length, nz / length)
        polys[p].plane = (ux, uy, uz, -(ux * cx + uy * cy + uz * cz) / n)
        return true
    }

    /// Inserts polygon `p` (and any pieces split from it) into the BSP tree.
    mutating func insert(_ p: Int32, tolerance eps: Double) {
        if nodes.isEmpty {
            nodes.append(BSPNode(plane: polys[Int(p)].plane, first: p, last: p))
            return
        }
        insertStack.removeAll(keepingCapacity: true)
        insertStack.append((p, 0))
        while let (poly, start) = insertStack.popLast() {
            var n = start
            while true {
                let plane = nodes[Int(n)].plane
                var front = 0, back = 0
                for v in polys[Int(poly)].range {
                    let s = signedDistance(pool[v].position, plane)
                    if s > eps { front += 1 } else if s < -eps { back += 1 }
                }
                if front == 0 && back == 0 {
                    let last = nodes[Int(n)].last
                    polys[Int(last)].next = poly
                    nodes[Int(n)].last = poly
                    break
                }
                if back == 0 || front == 0 {
                    let child = back == 0 ? nodes[Int(n)].front : nodes[Int(n)].back
                    if child >= 0 { n = child; continue }
                    let new = Int32(nodes.count)
                    nodes.append(BSPNode(plane: polys[Int(poly)].plane, first: poly, last: poly))
                    if back == 0 { nodes[Int(n)].front = new } else { nodes[Int(n)].back = new }
                    break
                }
                let (f, b) = split(Int(poly), by: plane, tolerance: eps)
                for sideIndex in 0..<2 {
                    let isFront = sideIndex == 0
                    let piece = isFront ? f : b
                    let child = isFront ? nodes[Int(n)].front : nodes[Int(n)].back
                    if child >= 0 {
                        insertStack.append((piece, child))
                    } else {
                        let new = Int32(nodes.count)
                        nodes.append(BSPNode(plane: polys[Int(piece)].plane, first: piece, last: piece))
                        if isFront { nodes[Int(n)].front = new } else { nodes[Int(n)].back = new }
                    }
                }
                break
            }
        }
    }

    /// The post-projective distance of a homogeneous point (w > 0) from a unit-normal plane.
    @inline(__always)
    func signedDistance(_ q: Vector4, _ plane: (nx: Double, ny: Double, nz: Double, d: Double)) -> Double {
        (plane.nx * q.x + plane.ny * q.y + plane.nz * q.z) / q.w + plane.d
    }

    /// Splits polygon `p` by `plane` into a front and a back piece (new polygons sharing its
    /// plane, layer and opacity). New corners are placed where the homogeneous plane value
    /// `n·X + d·W` crosses zero, which keeps texture coordinates perspective-correct.
    mutating func split(_ p: Int, by plane: (nx: Double, ny: Double, nz: Double, d: Double), tolerance eps: Double) -> (Int32, Int32) {
        let source = polys[p]
        let r = source.range
        var pieces: (Int32, Int32) = (-1, -1)
        for sideIndex in 0..<2 {
            let side: Double = sideIndex == 0 ? 1 : -1
            let start = pool.count
            for i in r {
                let j = i + 1 == r.upperBound ? r.lowerBound : i + 1
                let a = pool[i], b = pool[j]
                let sa = side * signedDistance(a.position, plane), sb = side * signedDistance(b.position, plane)
                if sa >= -eps { pool.append(a) }
                if (sa > eps && sb < -eps) || (sa < -eps && sb > eps) {
                    // Homogeneous plane values are linear along the edge, unlike the divided ones.
                    let fa = plane.nx * a.position.x + plane.ny * a.position.y + plane.nz * a.position.z + plane.d * a.position.w
                    let fb = plane.nx * b.position.x + plane.ny * b.position.y + plane.nz * b.position.z + plane.d * b.position.w
                    pool.append(a.interpolated(to: b, by: fa / (fa - fb)))
                }
            }
            var piece = source
            piece.start = start
            piece.count = pool.count - start
            piece.next = -1
            let index = Int32(polys.count)
            polys.append(piece)
            if side > 0 { pieces.0 = index } else { pieces.1 = index }
        }
        return pieces
    }
}
