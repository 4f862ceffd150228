import FolioGeometry

/// A plane in post-projective context space, `n·p + d = 0` with `|n| = 1`. For a homogeneous
/// point `X` with `w > 0`, `n·X.xyz + d·X.w = w·(n·p + d)`.
struct PostPlane {
    var nx: Double, ny: Double, nz: Double, d: Double

    @inline(__always)
    func distance(_ q: PostVertex) -> Double { nx * q.x + ny * q.y + nz * q.z + d }
}

/// A corner in post-projective context space `(x/w, y/w, z/w)` with its `w`, cached while a
/// context sorts.
struct PostVertex {
    var x: Double, y: Double, z: Double, w: Double
    /// How far from a plane still counts as on it: 1e-9 of the point's size (at least 1e-9).
    var tolerance: Double

    @inline(__always)
    init(x: Double, y: Double, z: Double, w: Double) {
        self.x = x; self.y = y; self.z = z; self.w = w
        tolerance = 1e-9 * max(1, abs(x), abs(y), abs(z))
    }
}

/// A BSP node: a splitting plane and the coplanar polygons lying in it, in tree order (a list
/// linked through `WorkPoly.next`).
struct BSPNode {
    var plane: PostPlane
    var first: Int32
    var last: Int32
    var front: Int32 = -1
    var back: Int32 = -1
}

/// Coplanar polygons on their way down the tree.
struct BSPItem {
    var first: Int32
    var last: Int32
    var plane: PostPlane
}

struct InsertStep {
    var item: BSPItem
    var node: Int32
}

struct EmitStep {
    var node: Int32
    var expanded: Bool
}

extension EvaluationState {
    /// Sorts the context whose polygons are `order[orderStart...]`, grouped as
    /// `members[memberStart...]`, back to front; invisible polygons move to the end untouched.
    ///
    /// Each member is one flattened layer: its polygons share a plane and are already in draw
    /// order, so the BSP tree places members (splitting them where planes intersect), not single
    /// polygons. It works in post-projective space `(x/w, y/w, z/w)`, where every view ray is
    /// parallel to z and larger `z/w` is nearer the viewer, so the tree traversed for a viewer at
    /// +z gives a correct painter's order. Polygons are first clipped at `w ≥ ε`. With at most
    /// one visible member, or every polygon in the plane z = 0, tree order is already correct.
    mutating func sortContext(orderStart: Int, memberStart: Int) {
        defer { members.count = memberStart }
        guard orderStart < order.count else { return }
        var anyInvisible = false, flat = true
        var visibleMembers = 0
        for m in memberStart..<members.count {
            var memberVisible = false
            for k in Int(members[m].orderStart)..<Int(members[m].orderEnd) {
                let p = Int(order[k])
                if !polys[p].depthSet {
                    // The pre-projection z in this context is the homogeneous z before flattening.
                    polys[p].depthRow = polys[p].basis.zRow
                    polys[p].depthSet = true
                }
                if polys[p].visible { clipInFrontOfEye(p) }
                if polys[p].visible {
                    memberVisible = true
                    if !polys[p].basis.liesInZeroPlane { flat = false }
                } else {
                    anyInvisible = true
                }
            }
            if memberVisible { visibleMembers += 1 }
        }
        if visibleMembers >= 2 && !flat {
            bspSort(orderStart: orderStart, memberStart: memberStart)
        } else if anyInvisible {
            sorted.count = 0
            deferred.count = 0
            for k in orderStart..<order.count {
                let p = order[k]
                if polys[p].visible { sorted.append(p) } else { deferred.append(p) }
            }
            writeBack(from: orderStart)
        }
    }

    /// Replaces `order[start...]` with `sorted` followed by `deferred`.
    mutating func writeBack(from start: Int) {
        order.count = start
        for i in 0..<sorted.count { order.append(sorted[i]) }
        for i in 0..<deferred.count { order.append(deferred[i]) }
    }

    /// The BSP sort of `sortContext`, for contexts whose visible members are not all coplanar.
    mutating func bspSort(orderStart: Int, memberStart: Int) {
        sorted.count = 0
        deferred.count = 0
        nodes.count = 0
        post.resize(to: locals.count)
        // Link each member's visible polygons; their corners go to post-projective space only
        // when a plane test first needs them (the first member's never do unless split).
        for m in memberStart..<members.count {
            var first: Int32 = -1, last: Int32 = -1
            for k in Int(members[m].orderStart)..<Int(members[m].orderEnd) {
                let p = order[k]
                guard polys[p].visible else { deferred.append(p); continue }
                polys[p].next = -1
                polys[p].postReady = false
                if last >= 0 { polys[last].next = p } else { first = p }
                last = p
            }
            members[m].first = first
            members[m].last = last
        }
        for m in memberStart..<members.count where members[m].first >= 0 {
            if let plane = Self.postPlane(of: members[m].frame) {
                insert(BSPItem(first: members[m].first, last: members[m].last, plane: plane))
            } else {
                // The layer's plane collapses to a line or point: no area to order, drawn first.
                appendList(from: members[m].first)
            }
        }
        if nodes.count > 0 {
            emitStack.count = 0
            emitStack.append(EmitStep(node: 0, expanded: false))
            while emitStack.count > 0 {
                let step = emitStack.removeLast()
                let node = nodes[step.node]
                if step.expanded {
                    appendList(from: node.first)
                    continue
                }
                // The viewer looks down −z: the side the normal points to is nearer when nz ≥ 0.
                let viewerInFront = node.plane.nz >= 0
                let near = viewerInFront ? node.front : node.back
                let far = viewerInFront ? node.back : node.front
                if near >= 0 { emitStack.append(EmitStep(node: near, expanded: false)) }
                emitStack.append(EmitStep(node: step.node, expanded: true))
                if far >= 0 { emitStack.append(EmitStep(node: far, expanded: false)) }
            }
        }
        writeBack(from: orderStart)
    }

    /// Appends the list starting at `first` to `sorted`.
    mutating func appendList(from first: Int32) {
        var p = first
        while p >= 0 {
            sorted.append(p)
            p = polys[p].next
        }
    }

    /// Fills `post` for polygon `p`'s corners, once per sort. A corner that is not finite there
    /// (w within rounding of 0 after clipping) makes the polygon invisible; it stays in the
    /// tree's lists and emission leaves it out of the visible quads.
    mutating func preparePost(_ p: Int) {
        if polys[p].postReady { return }
        polys[p].postReady = true
        let basis = polys[p].basis
        let start = Int(polys[p].start), end = start + Int(polys[p].count)
        for v in start..<end {
            let q = Self.postVertex(basis.apply(locals[v]))
            if !(q.x * 0 + q.y * 0 + q.z * 0 == 0) { polys[p].visible = false }
            post[v] = q
        }
    }

    @inline(__always)
    static func postVertex(_ h: Vector4) -> PostVertex {
        let r = 1 / h.w
        return PostVertex(x: h.x * r, y: h.y * r, z: h.z * r, w: h.w)
    }

    /// The post-projective plane of a layer's frame, or nil when the frame has no area.
    ///
    /// The plane through the three homogeneous rows is their 4D cross product (signed 3×3 minors),
    /// so it holds for every polygon of the layer, however clipped.
    static func postPlane(of f: Homography) -> PostPlane? {
        let (a, b, c) = (f.x, f.y, f.origin)
        func det(_ a0: Double, _ a1: Double, _ a2: Double, _ b0: Double, _ b1: Double, _ b2: Double,
                 _ c0: Double, _ c1: Double, _ c2: Double) -> Double {
            a0 * (b1 * c2 - b2 * c1) - a1 * (b0 * c2 - b2 * c0) + a2 * (b0 * c1 - b1 * c0)
        }
        let px = det(a.y, a.z, a.w, b.y, b.z, b.w, c.y, c.z, c.w)
        let py = -det(a.x, a.z, a.w, b.x, b.z, b.w, c.x, c.z, c.w)
        let pz = det(a.x, a.y, a.w, b.x, b.y, b.w, c.x, c.y, c.w)
        let pw = -det(a.x, a.y, a.z, b.x, b.y, b.z, c.x, c.y, c.z)
        let length = (px * px + py * py + pz * pz).squareRoot()
        func norm(_ v: Vector4) -> Double { (v.x * v.x + v.y * v.y + v.z * v.z + v.w * v.w).squareRoot() }
        // Relative to Hadamard's bound on the minors: below it the rows are dependent.
        guard length.isFinite, length > 1e-12 * norm(a) * norm(b) * norm(c) else { return nil }
        let d = pw / length
        guard d.isFinite else { return nil }
        return PostPlane(nx: px / length, ny: py / length, nz: pz / length, d: d)
    }

    /// How many corners of the polygons in the list from `first` lie in front of and behind `plane`.
    mutating func classify(list first: Int32, against plane: PostPlane) -> (front: Int, back: Int) {
        var front = 0, back = 0
        var p = first
        while p >= 0 {
            let (f, b) = classify(polygon: Int(p), against: plane)
            front += f
            back += b
            p = polys[p].next
        }
        return (front, back)
    }

    /// How many of polygon `p`'s corners lie in front of and behind `plane`, beyond rounding.
    @inline(__always)
    mutating func classify(polygon p: Int, against plane: PostPlane) -> (front: Int, back: Int) {
        preparePost(p)
        var front = 0, back = 0
        let start = Int(polys[p].start)
        for v in start..<start + Int(polys[p].count) {
            let q = post[v]
            let s = plane.distance(q)
            let eps = q.tolerance
            if s > eps { front += 1 } else if s < -eps { back += 1 }
        }
        return (front, back)
    }

    /// Inserts an item (and any pieces split from it) into the BSP tree.
    mutating func insert(_ item: BSPItem) {
        if nodes.count == 0 {
            nodes.append(BSPNode(plane: item.plane, first: item.first, last: item.last))
            return
        }
        insertStack.count = 0
        insertStack.append(InsertStep(item: item, node: 0))
        while insertStack.count > 0 {
            let step = insertStack.removeLast()
            let item = step.item
            var n = step.node
            while true {
                let plane = nodes[n].plane
                let (front, back) = classify(list: item.first, against: plane)
                if front == 0 && back == 0 {
                    // Coplanar: after the node's polygons, in tree order.
                    polys[nodes[n].last].next = item.first
                    nodes[n].last = item.last
                    break
                }
                if back == 0 || front == 0 {
                    let child = back == 0 ? nodes[n].front : nodes[n].back
                    if child >= 0 { n = child; continue }
                    attach(item, to: n, front: back == 0)
                    break
                }
                let (f, b) = split(item, by: plane)
                place(f, under: n, front: true)
                place(b, under: n, front: false)
                break
            }
        }
    }

    /// Sends a split piece on down the front or back subtree of node `n`, or makes it that child.
    mutating func place(_ item: BSPItem, under n: Int32, front: Bool) {
        let child = front ? nodes[n].front : nodes[n].back
        if child >= 0 {
            insertStack.append(InsertStep(item: item, node: child))
        } else {
            attach(item, to: n, front: front)
        }
    }

    /// Makes `item` a new child node of node `n`.
    mutating func attach(_ item: BSPItem, to n: Int32, front: Bool) {
        let new = Int32(nodes.count)
        nodes.append(BSPNode(plane: item.plane, first: item.first, last: item.last))
        if front { nodes[n].front = new } else { nodes[n].back = new }
    }

    /// Splits an item that straddles `plane` into its front and back parts, polygon by polygon,
    /// keeping tree order on each side.
    mutating func split(_ item: BSPItem, by plane: PostPlane) -> (BSPItem, BSPItem) {
        var front = BSPItem(first: -1, last: -1, plane: item.plane)
        var back = front
        func add(_ p: Int32, to list: inout BSPItem) {
            if list.last >= 0 { polys[list.last].next = p } else { list.first = p }
            list.last = p
        }
        var p = item.first
        while p >= 0 {
            let next = polys[p].next
            polys[p].next = -1
            let (f, b) = classify(polygon: Int(p), against: plane)
            if b == 0 {
                add(p, to: &front)
            } else if f == 0 {
                add(p, to: &back)
            } else {
                add(splitPolygon(Int(p), by: plane, side: 1), to: &front)
                add(splitPolygon(Int(p), by: plane, side: -1), to: &back)
            }
            p = next
        }
        return (front, back)
    }

    /// The part of polygon `p` on one side of `plane` (`side` = 1 front, −1 back), as a new
    /// polygon sharing its map, layer and opacity. New corners sit where the homogeneous plane
    /// value `w·distance` crosses zero: it is linear along the edge, which keeps texture
    /// coordinates perspective-correct.
    mutating func splitPolygon(_ p: Int, by plane: PostPlane, side: Double) -> Int32 {
        let source = polys[p]
        let first = Int(source.start), end = first + Int(source.count)
        let start = locals.count
        for i in first..<end {
            let j = i + 1 == end ? first : i + 1
            let a = post[i], b = post[j]
            let da = plane.distance(a), db = plane.distance(b)
            let sa = side * da, sb = side * db
            let ea = a.tolerance, eb = b.tolerance
            if sa >= -ea {
                locals.append(locals[i])
                post.append(a)
            }
            if (sa > ea && sb < -eb) || (sa < -ea && sb > eb) {
                let fa = da * a.w, fb = db * b.w
                let t = fa / (fa - fb)
                let la = locals[i], lb = locals[j]
                let local = Point(x: la.x + (lb.x - la.x) * t, y: la.y + (lb.y - la.y) * t)
                locals.append(local)
                post.append(Self.postVertex(source.basis.apply(local)))
            }
        }
        var piece = source
        piece.start = Int32(start)
        piece.count = Int32(locals.count - start)
        piece.next = -1
        let index = Int32(polys.count)
        polys.append(piece)
        return index
    }
}
