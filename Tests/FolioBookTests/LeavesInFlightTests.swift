import Testing
import FolioGeometry
import FolioLayers
import FolioTestSupport
@testable import FolioBook

/// Several leaves in flight: the face on top at every point, and the page it shows, against
/// an independent ray cast through the leaves' planes; and the draw order against a painter's
/// check of depth along each view ray.
@Suite struct LeavesInFlightTests {
    /// What the ray cast expects on top: the leaf and side (flat pages belong to a leaf too).
    struct Expected: Equatable { var leaf: Int; var side: LeafSide }

    /// The face a ray through canonical screen point `q` meets nearest the viewer, or nil
    /// where it meets nothing or two faces too nearly at the same depth to call.
    ///
    /// Independent of the evaluator: a leaf at φ is the half-plane through the spine whose
    /// point r from the spine sits at `(spine + r·cosφ, y, r·sinφ)`; with the perspective
    /// pivoting on `(spine, viewpoint·E)` that point appears at `spine + r·cosφ/w`, `w = 1 + m34·r·sinφ`.
    static func rayCast(_ book: Book, _ q: Point) -> Expected? {
        let f = book.frame
        let s = f.spine, u = f.split.leading, l = f.split.trailing, e = f.height, m34 = f.m34
        let py = f.viewpoint * e
        var hits: [(z: Double, rank: Int, face: Expected)] = []
        let leaves = book.leaves
        if let first = leaves.first, let last = leaves.last {
            if q.x > s - u && q.x < s && q.y > 0 && q.y < e, book.page(ofLeaf: first.index - 1, side: .back) != nil {
                hits.append((0, Int.min, Expected(leaf: first.index - 1, side: .back)))
            }
            if q.x > s && q.x < s + l && q.y > 0 && q.y < e, book.page(ofLeaf: last.last + 1, side: .front) != nil {
                hits.append((0, Int.min, Expected(leaf: last.last + 1, side: .front)))
            }
        }
        for leaf in leaves {
            let (sinP, cosP) = Angle.sinCos(degrees: 180 * leaf.progress)
            guard abs(cosP) > 1e-6 else { continue } // edge-on
            let r = (q.x - s) / (cosP - (q.x - s) * m34 * sinP)
            let w = 1 + m34 * r * sinP
            let y = py + (q.y - py) * w
            let front = cosP > 0
            let length = front ? l : u
            guard w > 0, r > 0, r < length, y > 0, y < e else { continue }
            let face = front ? Expected(leaf: leaf.index, side: .front) : Expected(leaf: leaf.last, side: .back)
            guard book.page(ofLeaf: face.leaf, side: face.side) != nil else { continue }
            // At equal angles the tie order: below 90° the earlier leaf is on top, past 90° the later.
            hits.append((r * sinP, front ? -leaf.index : leaf.index, face))
        }
        hits.sort { ($0.z, $0.rank) < ($1.z, $1.rank) }
        guard let top = hits.last else { return nil }
        if hits.count >= 2 {
            let next = hits[hits.count - 2]
            let tied = abs(top.z - next.z) <= 1e-9 * max(1, abs(top.z))
            // A near-tie that is not an exact tie is numerically undecidable: skip it.
            if !tied && top.z - next.z < 1e-6 { return nil }
        }
        return top.face
    }

    /// The face layer (not its shadow) the evaluator shows on top at view point `p`.
    static func topFace(_ e: LayerEvaluator, _ p: Point) -> Layer? {
        guard var layer = e.topmostQuad(at: p)?.layer else { return nil }
        if layer.name.hasSuffix(".shadow"), let face = layer.superlayer { layer = face }
        return layer
    }

    static func check(_ book: Book, _ context: String) -> (checked: Int, wrong: Int) {
        let e = LayerEvaluator()
        e.evaluate(book.root)
        let view = book.configuration.viewSize, canonical = book.frame.size
        var checked = 0, wrong = 0
        for i in 0..<64 {
            for j in 0..<48 {
                let q = Point(x: canonical.width * (Double(i) + 0.43) / 64, y: canonical.height * (Double(j) + 0.57) / 48)
                guard let expected = rayCast(book, q) else { continue }
                let p = book.configuration.direction.viewPoint(q, viewSize: view)
                // The book's own hit test re-evaluates; it is checked on a sparser grid.
                let hit = (i + j) % 16 == 0 ? book.hitTest(p) : e.topmostQuad(at: p).flatMap { book.role(of: $0.layer) }
                let face = topFace(e, p)
                checked += 1
                let page = book.page(ofLeaf: expected.leaf, side: expected.side)!
                let ok = hit?.leaf == expected.leaf && hit?.side == expected.side
                    && face?.contents == book.handle(forPage: page)
                if !ok {
                    wrong += 1
                    if wrong <= 3 {
                        Issue.record("\(context) at \(q): expected leaf \(expected.leaf) \(expected.side) (page \(page)), got \(String(describing: hit)) showing \(face?.name ?? "nothing")")
                    }
                }
            }
        }
        return (checked, wrong)
    }

    /// The draw order along view rays: shadows are flattened into their page's own plane
    /// (their depth is measured there), so the check leaves them out; flat pages and leaves
    /// share the book's one 3D context.
    static func paintersViolations(_ book: Book) -> Int {
        let e = LayerEvaluator()
        e.evaluate(book.root)
        return PaintersOrderOracle.violations(e, samples: 48, tolerance: 1e-7, skipping: { $0.layer.name.hasSuffix(".shadow") })
    }

    static let progressSets: [[Double]] = [
        [0.85, 0.6, 0.35, 0.1], [0.7, 0.7, 0.3, 0.3], [0.55, 0.52, 0.48, 0.45], [1, 0.5, 0.5, 0],
        [0.99, 0.98, 0.02, 0.01], [0.6, 0.6, 0.6, 0.6], [0.3, 0.2, 0.1, 0.0],
    ]

    @Test(arguments: ReadingDirection.allCases)
    func fourLeavesInFlightShowTheRightFaceEverywhere(direction: ReadingDirection) throws {
        var total = 0
        for layout in BookLayout.allCases {
            for size in [Size(width: 640, height: 400), Size(width: 501, height: 733)] {
                let view = direction == .topToBottom ? Size(width: size.height, height: size.width) : size
                let book = try Book(pageCount: 24, configuration: BookConfiguration(viewSize: view, scale: 2, layout: layout, direction: direction))
                for (n, set) in Self.progressSets.enumerated() {
                    try book.setLeaves(set.enumerated().map { BookLeaf(index: 3 + $0.offset, progress: $0.element) })
                    let context = "\(direction) \(layout) \(size) set \(n)"
                    let (checked, wrong) = Self.check(book, context)
                    #expect(wrong == 0, "\(context): \(wrong) of \(checked) points wrong")
                    #expect(Self.paintersViolations(book) == 0, "\(context): painter's order")
                    total += checked
                }
            }
        }
        #expect(total > 20_000, "the oracle decided \(total) points")
    }

    @Test func randomLeavesInTurningOrderShowTheRightFace() throws {
        var g = SeededGenerator(seed: 4)
        for round in 0..<40 {
            let layout: BookLayout = Bool.random(using: &g) ? .single : .spread
            let direction = ReadingDirection.allCases[Int.random(in: 0..<3, using: &g)]
            let book = try Book(pageCount: 30, configuration: BookConfiguration(
                viewSize: Size(width: Double(Int.random(in: 200...900, using: &g)), height: Double(Int.random(in: 200...900, using: &g))),
                scale: 1, layout: layout, direction: direction, m34: -1 / Double.random(in: 300...3000, using: &g)))
            var progress = 1.0, leaves: [BookLeaf] = []
            let start = Int.random(in: 1...8, using: &g)
            for i in 0..<Int.random(in: 1...6, using: &g) {
                progress = Double.random(in: 0...progress, using: &g)
                leaves.append(BookLeaf(index: start + i, progress: progress))
            }
            try book.setLeaves(leaves)
            let (_, wrong) = Self.check(book, "round \(round)")
            #expect(wrong == 0)
            #expect(Self.paintersViolations(book) == 0, "round \(round)")
        }
    }

    @Test func facesCarryTheirPagesInBothLayouts() throws {
        for layout in BookLayout.allCases {
            let book = try Book(pageCount: 9, configuration: BookConfiguration(viewSize: Size(width: 800, height: 500), layout: layout))
            try book.setLeaves([BookLeaf(index: 1, progress: 0.7), BookLeaf(index: 2, progress: 0.4), BookLeaf(index: 3, progress: 0.2)])
            for q in BookTestSupport.quads(book.root) where !q.name.hasSuffix(".shadow") {
                let parts = q.name.split(separator: ".")
                let expected: Int?
                if q.name.hasPrefix("page") {
                    expected = Int(q.name.dropFirst(4))
                } else if q.name.hasPrefix("leaf"), parts.count == 2, let leaf = Int(parts[0].dropFirst(4)) {
                    expected = book.page(ofLeaf: leaf, side: parts[1] == "front" ? .front : .back)
                } else {
                    continue
                }
                #expect(q.contents == expected.map(book.handle(forPage:)), "\(layout) \(q.name)")
            }
            // Leaf 1's faces: single layout pages 1 and 2 (halves); spread pages 2 and 3.
            #expect(book.page(ofLeaf: 1, side: .front) == (layout == .single ? 1 : 2))
            #expect(book.page(ofLeaf: 1, side: .back) == (layout == .single ? 2 : 3))
            #expect(Set(book.visiblePages) == (layout == .single ? Set([1, 2, 3, 4]) : Set([1, 2, 3, 4, 5, 6, 7, 8])))
        }
    }
}
