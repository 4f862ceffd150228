import FolioGeometry

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
    /// Returns whether every member lies in the plane z = 0 already (nothing to flatten).
    @discardableResult
    mutating func sortContext(orderStart: Int, memberStart: Int, localsStart: Int) -> Bool {
        defer { members.count = memberStart }
        guard orderStart < order.count else { return true }
        var anyInvisible = false, flat = true, allFlat = true
        var visibleMembers = 0
        var memo = ShapeMemo()
        // No polygon is added on the way (a clip adds corners only): local pointers stay valid.
        let order = self.order.base, polys = self.store.polys.base, flags = self.store.flags.base
        for m in memberStart..<members.count {
            var memberVisible = false
            let member = members[m]
            let memberFlat = member.flat
            allFlat = allFlat && memberFlat
            for k in Int(member.orderStart)..<Int(member.orderEnd) {
                let p = Int(order[k])
                var f = flags[p]
                // A polygon still waiting for the root's translation (RootShift) went through
                // the root's own context: its map is not read here.
                assert(!rootShift.active || f.contains(.shifted)
                       || f.contains(.depthSet) && (!f.contains(.visible) || f.contains(.inFront)),
                       "a polygon whose map lacks the root's translation would be read")
                if !f.contains(.depthSet) {
                    // The pre-projection z in this context is the homogeneous z before flattening.
                    polys[p].depthRow = polys[p].basis.zRow
                    f.insert(.depthSet)
                    flags[p] = f
                }
                if f.contains(.visible) && !f.contains(.inFront) {
                    store.clipInFrontOfEye(p, &memo)
                    f = flags[p]
                }
                if f.contains(.visible) {
                    memberVisible = true
                    // Once one polygon leaves the plane z = 0, the others need not be read.
                    if !memberFlat && flat && !polys[p].basis.liesInZeroPlane { flat = false }
                } else {
                    anyInvisible = true
                }
            }
            if memberVisible { visibleMembers += 1 }
        }
        if visibleMembers >= 2 && !flat {
            sorter.bspSort(&store, order: self.order, members: members, orderStart: orderStart, memberStart: memberStart,
                           localsStart: localsStart)
            writeBack(from: orderStart)
        } else if anyInvisible {
            moveInvisibleToEnd(from: orderStart)
        }
        return allFlat
    }

    /// Moves the invisible polygons of `order[start...]` after the visible ones, keeping the
    /// order within each.
    ///
    /// Nothing moves before the first invisible polygon or after the last visible one (an
    /// inner context has already moved its invisible polygons to the end, which is often the
    /// end of this one too); in between, visible polygons move down in place and only the
    /// invisible ones pass through `invisible`.
    mutating func moveInvisibleToEnd(from start: Int) {
        let n = order.count
        let order = self.order.base, flags = self.store.flags.base
        var k = start
        while k < n && flags[Int(order[k])].contains(.visible) { k += 1 }
        let kept = k
        while k < n && !flags[Int(order[k])].contains(.visible) { k += 1 }
        guard k < n else { return }
        // order[kept ..< k] is invisible and order[k] visible: a real move.
        invisible.count = 0
        for i in kept..<k { invisible.append(order[i]) }
        var next = kept
        while k < n {
            let p = order[k]
            if flags[Int(p)].contains(.visible) {
                order[next] = p
                next += 1
            } else {
                invisible.append(p)
            }
            k += 1
        }
        let moved = invisible.base
        for i in 0..<invisible.count { order[next + i] = moved[i] }
    }

    /// Replaces `order[start...]` with the sorter's `sorted` followed by its `deferred`.
    mutating func writeBack(from start: Int) {
        let s = sorter.sorted.count, d = sorter.deferred.count
        order.resize(to: start + s + d)
        let target = order.base + start, visible = sorter.sorted.base, invisible = sorter.deferred.base
        for i in 0..<s { target[i] = visible[i] }
        for i in 0..<d { target[s + i] = invisible[i] }
    }
}
