import FolioGeometry

/// The BSP depth sort of one 3D rendering context at a time, with its scratch, its budget and
/// its report.
///
/// `EvaluationState.sortContext` admits a context's polygons and, when their members do not all
/// lie in one plane, hands the members to `bspSort`, which leaves the order in `sorted` (visible
/// polygons, back to front) and `deferred` (invisible ones) for the caller to write back. The
/// polygons themselves stay in the caller's `PolygonStore`: the sort links them into lists
/// (`WorkPoly.next`), projects their corners into `post` as plane tests need them, and splits
/// them (new polygons and corners appended to the store).
struct DepthSorter {
    /// Post-projective corners of the context under way, from `postBase` in the store's corners.
    var post = EvaluationBuffer<PostVertex>()
    /// The index in `PolygonStore.locals` of `post[0]` during a sort.
    var postBase = 0
    /// The last polygon projected for the sort under way (see `ShapeMemo`).
    var postMemo = ShapeMemo()
    /// The result of a sort: visible polygons back to front, then the invisible ones.
    var sorted = EvaluationBuffer<Int32>()
    var deferred = EvaluationBuffer<Int32>()
    var nodes = EvaluationBuffer<BSPNode>()
    var items = EvaluationBuffer<BSPItem>()
    var buildStack = EvaluationBuffer<BuildTask>()
    var emitStack = EvaluationBuffer<EmitStep>()
    /// The splitter choice's candidates and sample (see `chooseSplitter`).
    var sample = SplitterSample()
    var depthKeys = EvaluationBuffer<DepthKey>()
    var depthScratch = EvaluationBuffer<DepthKey>()
    /// The candidate choice's generator state, reset to a fixed seed for every tree.
    var random: UInt64 = 0
    var budget = DepthSortBudget.standard
    var report = DepthSortReport()

    /// Frees the storage; the sorter must not be used afterwards.
    func release() {
        post.release(); sorted.release(); deferred.release(); nodes.release(); items.release()
        buildStack.release(); emitStack.release(); sample.release(); depthKeys.release(); depthScratch.release()
    }

    /// Scratch for `chooseSplitter`: candidate positions in a subtree's list, the items at
    /// them, and the evenly spaced sample they are tested against.
    struct SplitterSample {
        var positions = EvaluationBuffer<Int32>(capacity: 8)
        var candidates = EvaluationBuffer<Int32>(capacity: 8)
        var items = EvaluationBuffer<Int32>(capacity: 64)

        func release() { positions.release(); candidates.release(); items.release() }
    }

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

    /// Coplanar polygons on their way down the tree: one flattened layer, or a piece of one.
    struct BSPItem {
        /// Its polygons, linked through `WorkPoly.next`.
        var first: Int32
        var last: Int32
        var plane: PostPlane
        /// The next item in the same build list (tree order).
        var next: Int32 = -1
    }

    /// A subtree still to build: the items that fall on one side of `parent`'s plane, in tree order.
    struct BuildTask {
        var head: Int32
        var count: Int32
        /// The node whose child this subtree becomes, −1 for the root.
        var parent: Int32
        var front: Bool
    }

    /// A list of items being gathered for one side of a node, linked through `BSPItem.next`.
    struct ItemList {
        var head: Int32 = -1
        var tail: Int32 = -1
        var count: Int32 = 0

        @inline(__always)
        mutating func append(_ i: Int32, _ items: EvaluationBuffer<BSPItem>) {
            if tail >= 0 { items[tail].next = i } else { head = i }
            tail = i
            count += 1
        }
    }

    struct EmitStep {
        var node: Int32
        var expanded: Bool
    }

    /// A member's place in the approximate order: its mean post-projective depth.
    struct DepthKey {
        var depth: Double
        var member: Int32
    }

    /// The BSP sort of `sortContext`, for contexts whose visible members are not all coplanar.
    ///
    /// The tree is built top down. Each subtree's items stay in tree order; a small one (at most
    /// `smallSubtree` items) splits by its first item's plane, which gives exactly the tree an
    /// insertion in tree order would; a larger one tries a few seeded pseudo-random candidates
    /// on a sample of its items and splits by the plane that cuts fewest, then balances best.
    /// Parallel or otherwise disjoint layers then cost `O(n log n)` plane tests (a random
    /// pivot's expected depth), and intersecting ones split far less than in tree order. The
    /// seed is the same for every sort, so one scene always gives one order.
    ///
    /// If the evaluation's `DepthSortBudget` runs out, the tree is abandoned and the context
    /// drawn in `approximateOrder` instead: bounded time and memory whatever the scene.
    mutating func bspSort(_ store: inout PolygonStore, order: EvaluationBuffer<Int32>, members: EvaluationBuffer<ContextMember>,
                          orderStart: Int, memberStart: Int, localsStart: Int) {
        sorted.count = 0
        deferred.count = 0
        nodes.count = 0
        items.count = 0
        // Every corner of the context lies at or after `localsStart`: `post` covers only those,
        // so it stays small (and in cache) however many contexts a frame sorts.
        postBase = localsStart
        post.resize(to: store.locals.count - localsStart)
        // No shape is −1: nothing prepared yet (the memo's other fields are set with its input).
        postMemo.input = -1
        report.sortedContexts += 1
        // Link each member's visible polygons; their corners go to post-projective space only
        // when a plane test first needs them (a splitter's never do unless it is split). The
        // items are `items[0 ..< count]`, in tree order.
        var visiblePolygons = 0
        for m in memberStart..<members.count {
            var first: Int32 = -1, last: Int32 = -1
            for k in Int(members[m].orderStart)..<Int(members[m].orderEnd) {
                let p = order[k]
                guard store.flags[p].contains(.visible) else { deferred.append(p); continue }
                store.flags[p].remove(.postReady)
                if last >= 0 { store.polys[last].next = p } else { first = p }
                last = p
                visiblePolygons &+= 1
            }
            guard first >= 0 else { continue }
            store.polys[last].next = -1
            if let plane = Self.postPlane(of: members[m].frame) {
                items.append(BSPItem(first: first, last: last, plane: plane))
            } else {
                // The layer's plane collapses to a line or point: no area to order, drawn first.
                appendList(&store, from: first)
            }
        }
        let count = Int32(items.count)
        guard count > 0 else { return }
        // A few items that no plane cuts: the same tree, built and read in one recursion.
        if count <= Self.smallSubtree && !budgetSpent
            && report.planeTests <= budget.maximumPlaneTests - visiblePolygons * Int(count) {
            let mark = sorted.count, tests = report.planeTests
            if sortSmall(&store, UInt32(1) << UInt32(count) &- 1) { return }
            sorted.count = mark
            report.planeTests = tests
        }
        // The build list: every item, in tree order.
        for i in 0..<count &- 1 { items[i].next = i &+ 1 }
        guard buildTree(&store, head: 0, count: count) else {
            approximateOrder(&store, order: order, members: members, orderStart: orderStart, memberStart: memberStart)
            return
        }
        emitStack.count = 0
        emitStack.append(EmitStep(node: 0, expanded: false))
        while emitStack.count > 0 {
            let step = emitStack.removeLast()
            let node = nodes[step.node]
            if step.expanded {
                appendList(&store, from: node.first)
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

    /// Appends the items of `set` (bit `i`: `items[i]`; tree order is the order of the items)
    /// to `sorted` back to front, splitting each subtree by its first item's plane as
    /// `buildTree` does for small subtrees and reading the tree as `bspSort` does; false, with
    /// nothing linked changed, as soon as a plane cuts an item (the caller then builds the tree
    /// in full).
    ///
    /// A subtree's items keep the tree order of its parent's, so each subtree is a subset of
    /// the items, in ascending order: a bit set, and its splitter the lowest bit. Items are
    /// classified in the order the full algorithm classifies them (which decides which corners
    /// are projected when, see `preparePost`). The caller makes sure the budget cannot run out
    /// on the way (every test of these items against every plane fits), so the result is the
    /// full algorithm's whatever the order of the work.
    mutating func sortSmall(_ store: inout PolygonStore, _ set: UInt32) -> Bool {
        // The near side of each node is read last: a loop rather than a call.
        var set = set
        while set != 0 {
            let splitter = Int32(set.trailingZeroBitCount)
            let plane = items[splitter].plane
            let others = set & (set &- 1)
            // Classify the others: front or back (neither: coplanar, joins the node).
            var front: UInt32 = 0, back: UInt32 = 0
            var rest = others
            while rest != 0 {
                let i = rest.trailingZeroBitCount
                rest &= rest &- 1
                let (f, b) = classify(&store, list: items[Int32(i)].first, against: plane)
                if f > 0 && b > 0 { return false }
                if b == 0 && f > 0 { front |= 1 << UInt32(i) } else if f == 0 && b > 0 { back |= 1 << UInt32(i) }
            }
            // The viewer looks down −z: the side the normal points to is nearer when nz ≥ 0.
            let viewerInFront = plane.nz >= 0
            let far = viewerInFront ? back : front
            if far != 0 && !sortSmall(&store, far) { return false }
            appendList(&store, from: items[splitter].first)
            var coplanar = others & ~(front | back)
            while coplanar != 0 {
                appendList(&store, from: items[Int32(coplanar.trailingZeroBitCount)].first)
                coplanar &= coplanar &- 1
            }
            set = viewerInFront ? front : back
        }
        return true
    }

    /// Subtrees of at most this many items split by their first item (tree order).
    static var smallSubtree: Int32 { 8 }
    /// Candidate planes tried for a larger subtree.
    static var candidates: Int { 5 }
    /// Items a candidate is tested against (evenly spaced through the subtree's list).
    static var samples: Int { 32 }

    /// Whether the evaluation has spent its depth-sort budget.
    var budgetSpent: Bool {
        report.pieces > budget.maximumPieces || report.planeTests > budget.maximumPlaneTests
    }

    /// Builds the BSP tree of the item list from `head` into `nodes` (node 0 is the root);
    /// false, with the tree unusable, when the budget runs out first.
    mutating func buildTree(_ store: inout PolygonStore, head: Int32, count: Int32) -> Bool {
        random = Self.seed
        buildStack.count = 0
        buildStack.append(BuildTask(head: head, count: count, parent: -1, front: false))
        while buildStack.count > 0 {
            let task = buildStack.removeLast()
            if budgetSpent { return false }
            let splitter = task.count <= Self.smallSubtree ? task.head : chooseSplitter(&store, task)
            let plane = items[splitter].plane
            let n = Int32(nodes.count)
            nodes.append(BSPNode(plane: plane, first: -1, last: -1))
            if task.parent >= 0 {
                if task.front { nodes[task.parent].front = n } else { nodes[task.parent].back = n }
            }
            var front = ItemList(), back = ItemList()
            var i = task.head
            while i >= 0 {
                let next = items[i].next
                items[i].next = -1
                if i == splitter {
                    appendToNode(&store, n, items[i])
                } else {
                    let (f, b) = classify(&store, list: items[i].first, against: plane)
                    if f == 0 && b == 0 {
                        // Coplanar: joins the node in tree order.
                        appendToNode(&store, n, items[i])
                    } else if b == 0 {
                        front.append(i, items)
                    } else if f == 0 {
                        back.append(i, items)
                    } else {
                        let (fi, bi) = split(&store, items[i], by: plane)
                        let fIndex = Int32(items.count)
                        items.append(fi)
                        items.append(bi)
                        front.append(fIndex, items)
                        back.append(fIndex + 1, items)
                        if budgetSpent { return false }
                    }
                }
                i = next
            }
            if front.count > 0 { buildStack.append(BuildTask(head: front.head, count: front.count, parent: n, front: true)) }
            if back.count > 0 { buildStack.append(BuildTask(head: back.head, count: back.count, parent: n, front: false)) }
        }
        return true
    }

    /// Appends an item's polygons to node `n`'s coplanar list.
    mutating func appendToNode(_ store: inout PolygonStore, _ n: Int32, _ item: BSPItem) {
        if nodes[n].last >= 0 { store.polys[nodes[n].last].next = item.first } else { nodes[n].first = item.first }
        nodes[n].last = item.last
    }

    /// The fixed seed of the candidate choice (SplitMix64's increment).
    static var seed: UInt64 { 0x9E37_79B9_7F4A_7C15 }

    /// The next pseudo-random number (SplitMix64), below `bound`.
    mutating func nextRandom(below bound: Int32) -> Int32 {
        random &+= 0x9E37_79B9_7F4A_7C15
        var z = random
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        z ^= z >> 31
        return Int32(truncatingIfNeeded: z % UInt64(bound))
    }

    /// The item of a large subtree whose plane splits fewest of a sample of its items; among
    /// equals, the one that divides the sample most evenly, then the earliest.
    mutating func chooseSplitter(_ store: inout PolygonStore, _ task: BuildTask) -> Int32 {
        // Candidate positions (seeded) and sample positions (evenly spaced), gathered in one walk.
        sample.positions.count = 0
        for _ in 0..<Self.candidates { sample.positions.append(nextRandom(below: task.count)) }
        let stride = max(1, Int(task.count) / Self.samples)
        sample.candidates.count = 0
        sample.items.count = 0
        var position: Int32 = 0
        var i = task.head
        while i >= 0 {
            if Int(position) % stride == 0 && sample.items.count < Self.samples { sample.items.append(i) }
            for c in 0..<sample.positions.count where sample.positions[c] == position { sample.candidates.append(i) }
            position += 1
            i = items[i].next
        }
        var best = task.head, bestSplits = Int.max, bestImbalance = Int.max
        for c in 0..<sample.candidates.count {
            let candidate = sample.candidates[c]
            let plane = items[candidate].plane
            var splits = 0, front = 0, back = 0
            for s in 0..<sample.items.count where sample.items[s] != candidate {
                let (f, b) = classify(&store, list: items[sample.items[s]].first, against: plane)
                if f > 0 && b > 0 { splits += 1 } else if f > 0 { front += 1 } else if b > 0 { back += 1 }
            }
            let imbalance = abs(front - back)
            if splits < bestSplits || (splits == bestSplits && imbalance < bestImbalance) {
                (best, bestSplits, bestImbalance) = (candidate, splits, imbalance)
            }
        }
        return best
    }

    /// Draws the context's members unsplit, far to near by the mean post-projective depth of
    /// their corners (ties in tree order): the painter's approximation used when the budget
    /// runs out. Layers that intersect, or overlap with interleaved depths, may then draw in
    /// the wrong order where they cross; `LayerEvaluator.depthSortReport` says so.
    mutating func approximateOrder(_ store: inout PolygonStore, order: EvaluationBuffer<Int32>, members: EvaluationBuffer<ContextMember>,
                                   orderStart: Int, memberStart: Int) {
        report.approximateContexts += 1
        report.largestApproximateContext = max(report.largestApproximateContext, members.count - memberStart)
        sorted.count = 0
        deferred.count = 0
        depthKeys.count = 0
        for m in memberStart..<members.count {
            var sum = 0.0, corners = 0
            var any = false
            for k in Int(members[m].orderStart)..<Int(members[m].orderEnd) {
                let p = Int(order[k])
                guard store.flags[p].contains(.visible) else { continue }
                any = true
                preparePost(&store, p)
                let start = Int(store.polys[p].start)
                for v in start - postBase..<start - postBase + Int(store.polys[p].count) where post[v].z.isFinite {
                    sum += post[v].z
                    corners += 1
                }
            }
            guard any else { continue }
            // No plane (an edge-on layer) or no finite corner: first, as in the tree.
            let depth = corners > 0 && Self.postPlane(of: members[m].frame) != nil ? sum / Double(corners) : -.infinity
            depthKeys.append(DepthKey(depth: depth.isNaN ? -.infinity : depth, member: Int32(m)))
        }
        sortDepthKeys()
        for i in 0..<depthKeys.count {
            let m = Int(depthKeys[i].member)
            for k in Int(members[m].orderStart)..<Int(members[m].orderEnd) where store.flags[order[k]].contains(.visible) {
                sorted.append(order[k])
            }
        }
        for k in orderStart..<order.count where !store.flags[order[k]].contains(.visible) { deferred.append(order[k]) }
    }

    /// Sorts `depthKeys` by depth, stably (bottom-up merge sort through `depthScratch`, so
    /// it allocates nothing once the buffers have grown).
    mutating func sortDepthKeys() {
        let n = depthKeys.count
        guard n > 1 else { return }
        depthScratch.resize(to: n)
        var source = depthKeys.base, target = depthScratch.base
        var width = 1
        while width < n {
            var low = 0
            while low < n {
                let middle = min(low + width, n), high = min(low + 2 * width, n)
                var a = low, b = middle, k = low
                while a < middle && b < high {
                    if source[b].depth < source[a].depth { target[k] = source[b]; b += 1 } else { target[k] = source[a]; a += 1 }
                    k += 1
                }
                while a < middle { target[k] = source[a]; a += 1; k += 1 }
                while b < high { target[k] = source[b]; b += 1; k += 1 }
                low = high
            }
            swap(&source, &target)
            width *= 2
        }
        if source != depthKeys.base { depthKeys.base.update(from: source, count: n) }
    }

    /// Appends the list starting at `first` to `sorted`.
    @inline(__always)
    mutating func appendList(_ store: inout PolygonStore, from first: Int32) {
        var p = first
        while p >= 0 {
            sorted.append(p)
            p = store.polys[p].next
        }
    }

    /// Fills `post` for polygon `p`'s corners, once per sort. A corner that is not finite there
    /// (w within rounding of 0 after clipping) makes the polygon invisible; it stays in the
    /// tree's lists and emission leaves it out of the visible quads.
    mutating func preparePost(_ store: inout PolygonStore, _ p: Int) {
        if store.flags[p].contains(.postReady) { return }
        store.flags[p].insert(.postReady)
        // A polygon of the last prepared one's shape shares its corner run (and so the
        // post-projective corners just computed there).
        if store.polys[p].shape == postMemo.input {
            store.polys[p].start = postMemo.start
            store.sharedCorners &+= Int(store.polys[p].count)
            if !postMemo.flags.contains(.visible) { store.flags[p].remove(.visible) }
            return
        }
        postMemo.input = store.polys[p].shape
        postMemo.start = store.polys[p].start
        postMemo.flags = .visible
        defer { if !store.flags[p].contains(.visible) { postMemo.flags = [] } }
        let basis = store.polys[p].basis
        let count = Int(store.polys[p].count)
        let corners = store.locals.base + Int(store.polys[p].start)
        let target = post.base + (Int(store.polys[p].start) &- postBase)
        // The coordinates summed: finite only if every one is (an infinity or a NaN carries
        // through a sum), so one test serves the polygon; a sum that is not finite (finite
        // coordinates can overflow) sends it to the test corner by corner.
        var sum = 0.0
        for i in 0..<count {
            let q = Self.postVertex(basis.apply(corners[i]))
            sum += q.x + q.y + q.z
            target[i] = q
        }
        if !(sum * 0 == 0) {
            for i in 0..<count where !(target[i].x * 0 + target[i].y * 0 + target[i].z * 0 == 0) {
                store.flags[p].remove(.visible)
                break
            }
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
    @inline(__always)
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
    mutating func classify(_ store: inout PolygonStore, list first: Int32, against plane: PostPlane) -> (front: Int, back: Int) {
        var front = 0, back = 0
        var p = first
        // Polygons sharing a corner run (see `ShapeMemo`) share their post-projective corners,
        // so the counts of the last one serve the next.
        var lastStart: Int32 = -1, lastCount: Int32 = 0, lastFront = 0, lastBack = 0
        while p >= 0 {
            preparePost(&store, Int(p))
            let f: Int, b: Int
            if store.polys[p].start == lastStart && store.polys[p].count == lastCount {
                report.planeTests += 1
                (f, b) = (lastFront, lastBack)
            } else {
                (f, b) = classify(&store, prepared: Int(p), against: plane)
                (lastStart, lastCount, lastFront, lastBack) = (store.polys[p].start, store.polys[p].count, f, b)
            }
            front += f
            back += b
            p = store.polys[p].next
        }
        return (front, back)
    }

    /// How many of polygon `p`'s corners lie in front of and behind `plane`, beyond rounding.
    @inline(__always)
    mutating func classify(_ store: inout PolygonStore, polygon p: Int, against plane: PostPlane) -> (front: Int, back: Int) {
        preparePost(&store, p)
        return classify(&store, prepared: p, against: plane)
    }

    /// `classify(&store, polygon:against:)` for a polygon whose post-projective corners are ready.
    @inline(__always)
    mutating func classify(_ store: inout PolygonStore, prepared p: Int, against plane: PostPlane) -> (front: Int, back: Int) {
        report.planeTests += 1
        var front = 0, back = 0
        let corners = post.base + (Int(store.polys[p].start) &- postBase)
        for i in 0..<Int(store.polys[p].count) {
            let q = corners[i]
            let s = plane.distance(q)
            let eps = q.tolerance
            if s > eps { front &+= 1 } else if s < -eps { back &+= 1 }
        }
        return (front, back)
    }

    /// Splits an item that straddles `plane` into its front and back parts, polygon by polygon,
    /// keeping tree order on each side.
    mutating func split(_ store: inout PolygonStore, _ item: BSPItem, by plane: PostPlane) -> (BSPItem, BSPItem) {
        var front = BSPItem(first: -1, last: -1, plane: item.plane)
        var back = front
        func add(_ p: Int32, to list: inout BSPItem) {
            if list.last >= 0 { store.polys[list.last].next = p } else { list.first = p }
            list.last = p
        }
        var p = item.first
        while p >= 0 {
            let next = store.polys[p].next
            store.polys[p].next = -1
            let (f, b) = classify(&store, polygon: Int(p), against: plane)
            if b == 0 {
                add(p, to: &front)
            } else if f == 0 {
                add(p, to: &back)
            } else {
                add(splitPolygon(&store, Int(p), by: plane, side: 1), to: &front)
                add(splitPolygon(&store, Int(p), by: plane, side: -1), to: &back)
            }
            p = next
        }
        return (front, back)
    }

    /// The part of polygon `p` on one side of `plane` (`side` = 1 front, −1 back), as a new
    /// polygon sharing its map, layer and opacity. New corners sit where the homogeneous plane
    /// value `w·distance` crosses zero: it is linear along the edge, which keeps texture
    /// coordinates perspective-correct.
    mutating func splitPolygon(_ store: inout PolygonStore, _ p: Int, by plane: PostPlane, side: Double) -> Int32 {
        let source = store.polys[p]
        let first = Int(source.start)
        let start = store.locals.count
        // Post-projective corners of the polygon: `post` is indexed from `postBase`.
        let postFirst = first &- postBase
        ConvexPolygonClipper.clip(
            count: Int(source.count), closingEdge: .last,
            corner: { (local: store.locals[first &+ $0], post: post[postFirst &+ $0]) },
            side: {
                let q = $0.post
                let s = side * plane.distance(q)
                // Within the corner's tolerance of the plane: on it. NaN: neither kept nor crossed.
                return s > q.tolerance ? 1 : s >= -q.tolerance ? 0 : s < -q.tolerance ? -1 : .nan
            },
            // w·distance: linear along the edge in homogeneous coordinates.
            value: { plane.distance($0.post) * $0.post.w },
            keep: {
                store.locals.append($0.local)
                post.append($0.post)
            },
            cross: { a, b, t in
                let la = a.local, lb = b.local
                let local = Point(x: la.x + (lb.x - la.x) * t, y: la.y + (lb.y - la.y) * t)
                store.locals.append(local)
                post.append(Self.postVertex(source.basis.apply(local)))
            })
        report.pieces += 1
        var piece = source
        piece.start = Int32(start)
        piece.count = Int32(store.locals.count - start)
        piece.next = -1
        piece.shape = store.newShape()
        let index = Int32(store.polys.count)
        store.polys.append(piece)
        store.flags.append(store.flags[p])
        return index
    }
}
