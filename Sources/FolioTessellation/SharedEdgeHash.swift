/// The open hash `DrawList.markSharedEdges` finds shared edges with: edges bucketed by their
/// midpoint's cell, chained by the corner they start at, reused from build to build.
package struct SharedEdgeHash {
    /// Per bucket, the first edge's start corner (−1: empty).
    private var heads: [Int32] = []
    /// Per corner, the next edge's start corner in its bucket (−1: the last), and the corner
    /// its edge ends at (−1: not in the hash yet).
    private var next: [Int32] = [], end: [Int32] = []
    /// Per corner in the hash, its polygon's record and winding (1: counter-clockwise).
    private var record: [Int32] = [], winding: [Int8] = []
    private var mask = 0

    package init() {}

    /// Empties the hash for `corners` corners, with at least twice as many buckets.
    package mutating func reset(corners: Int) {
        var size = 16
        while size < 2 * corners { size <<= 1 }
        mask = size - 1
        heads.removeAll(keepingCapacity: true)
        heads.append(contentsOf: repeatElement(-1, count: size))
        next.removeAll(keepingCapacity: true)
        next.append(contentsOf: repeatElement(-1, count: corners))
        end.removeAll(keepingCapacity: true)
        end.append(contentsOf: repeatElement(-1, count: corners))
        record.removeAll(keepingCapacity: true)
        record.append(contentsOf: repeatElement(-1, count: corners))
        winding.removeAll(keepingCapacity: true)
        winding.append(contentsOf: repeatElement(0, count: corners))
    }

    /// The record and winding of the polygon whose edge starts at corner `c` (in the hash).
    package func polygon(of c: Int) -> (record: Int32, counterClockwise: Bool) { (record[c], winding[c] > 0) }

    /// The bucket of cell `(cx, cy)`.
    private func bucket(_ cx: Int, _ cy: Int) -> Int { ((cx &* 73_856_093) ^ (cy &* 19_349_663)) & mask }

    /// Calls `body(c, d)` for each edge `c → d` in cell `(cx, cy)`'s bucket.
    package func forEachEdge(inCell cx: Int, _ cy: Int, _ body: (Int, Int) -> Void) {
        var c = Int(heads[bucket(cx, cy)])
        while c >= 0 {
            body(c, Int(end[c]))
            c = Int(next[c])
        }
    }

    /// Adds the edge from corner `a` to corner `b`, whose midpoint lies in cell `(cx, cy)`, of a
    /// polygon of record `r` turning counter-clockwise or not.
    package mutating func insert(_ a: Int, _ b: Int, cell cx: Int, _ cy: Int, record r: Int32, counterClockwise: Bool) {
        let h = bucket(cx, cy)
        record[a] = r
        winding[a] = counterClockwise ? 1 : -1
        end[a] = Int32(b)
        next[a] = heads[h]
        heads[h] = Int32(a)
    }
}
