import FolioGeometry

extension FlattenedSubtree {
    /// Whether two polygons of different units overlap: whether their intersection is thicker
    /// than `tolerance` points, thickness being `2 · area / perimeter` (the width of a thin
    /// sliver, half the side of a square). Polygons that only share an edge or a corner, or
    /// overlap along a sliver of rounding error, do not overlap.
    ///
    /// This is the test between drawing a group's polygons one by one with its opacity
    /// multiplied in (exact when no pixel is covered twice) and compositing the group
    /// offscreen. Polygons are swept in order of their left edges, and only pairs whose
    /// bounding boxes overlap by more than `tolerance` are intersected (convex clipping), so
    /// disjoint layouts cost about n log n; the answer comes at the first overlap found.
    /// Allocates nothing once its scratch storage has grown to the polygon count.
    public mutating func hasOverlap(tolerance: Double = FlattenedSubtree.defaultTolerance) -> Bool {
        let n = pieces.count
        guard n >= 2 else { return false }
        let firstUnit = pieces[0].unit
        guard pieces.contains(where: { $0.unit != firstUnit }) else { return false }
        sortByLeftEdge()
        for a in 0..<n {
            let i = Int(order[a])
            let p = pieces[i]
            for b in (a + 1)..<n {
                let j = Int(order[b])
                let q = pieces[j]
                // Sorted by left edge: no later polygon reaches further into this one in x.
                if q.minX >= p.maxX - tolerance { break }
                if q.unit == p.unit { continue }
                if min(p.maxY, q.maxY) - max(p.minY, q.minY) <= tolerance { continue }
                if min(p.maxX, q.maxX) - q.minX <= tolerance { continue }
                if intersectionThickness(i, j) > tolerance { return true }
            }
        }
        return false
    }

    /// `2 · area / perimeter` of the intersection of convex polygons `i` and `j` (0 if empty).
    mutating func intersectionThickness(_ i: Int, _ j: Int) -> Double {
        let clipper = pieces[j]
        let clipperArea = Projection.signedDoubleArea(points[clipper.start ..< clipper.start + clipper.count])
        guard clipperArea != 0, clipperArea.isFinite else { return 0 }
        let inward = clipperArea > 0 ? 1.0 : -1.0
        clipA.removeAll(keepingCapacity: true)
        let subject = pieces[i]
        clipA.append(contentsOf: points[subject.start ..< subject.start + subject.count])
        for e in 0..<clipper.count {
            let s = points[clipper.start + e], t = points[clipper.start + (e + 1) % clipper.count]
            // Inside when on the same side of the edge s→t as the polygon's interior.
            let a = -(t.y - s.y) * inward, b = (t.x - s.x) * inward
            let c = -(a * s.x + b * s.y)
            // Clip the polygon at the front of `clipA` and keep only the result there.
            let count = clipA.count
            Self.appendClipped(&clipA, 0..<count, a: a, b: b, c: c)
            clipA.removeSubrange(0..<count)
            if clipA.count < 3 { return 0 }
        }
        let area = abs(Projection.signedDoubleArea(clipA)) / 2
        var perimeter = 0.0
        var previous = clipA[clipA.count - 1]
        for p in clipA {
            perimeter += previous.distance(to: p)
            previous = p
        }
        return perimeter > 0 ? 2 * area / perimeter : 0
    }

    /// Fills `order` with the polygon indices by increasing left edge (heap sort: in place,
    /// so it allocates nothing once `order` has the capacity).
    mutating func sortByLeftEdge() {
        let n = pieces.count
        order.removeAll(keepingCapacity: true)
        for k in 0..<n { order.append(Int32(k)) }
        func key(_ k: Int) -> Double { pieces[Int(order[k])].minX }
        func siftDown(_ root: Int, _ end: Int) {
            var parent = root
            while true {
                var child = 2 * parent + 1
                if child >= end { return }
                if child + 1 < end && key(child + 1) > key(child) { child += 1 }
                if !(key(child) > key(parent)) { return }
                order.swapAt(parent, child)
                parent = child
            }
        }
        if n < 2 { return }
        for start in stride(from: n / 2 - 1, through: 0, by: -1) { siftDown(start, n) }
        for end in stride(from: n - 1, to: 0, by: -1) {
            order.swapAt(0, end)
            siftDown(0, end)
        }
    }
}
