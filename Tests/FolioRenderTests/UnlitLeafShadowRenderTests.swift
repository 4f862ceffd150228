import Foundation
import XCTest
@testable import FolioRender
import FolioGeometry
import FolioLayers
import FolioBook

/// The unlit look's shadows between leaves in flight (docs/curl.md §8, "The unlit look: tints
/// on every receiver"): a flip leaf lying under another leaf in flight takes the tint the page
/// under a flip takes, with its own plane for the page's — `⅓·cos(φ − ψ)` for a caster at φ
/// over a receiver at ψ (the page's `⅓·cos φ` at ψ = 0).
///
/// The oracle is that formula, evaluated here from the leaves' progress (φ = 180°·p), applied
/// to white paper: `255·(1 − ⅓·cos(φ − ψ))`. The pixels read are those well inside a leaf's
/// polygon (from the evaluator), outside every polygon of the leaves over it, and past the
/// middle of the leaf where its crease gradient has faded to clear.
final class UnlitLeafShadowRenderTests: XCTestCase {
    static let view = Size(width: 320, height: 240)
    static let scale = 2.0
    static let white = Color(red: 1, green: 1, blue: 1)
    static let background = Color(red: 0.2, green: 0.4, blue: 0.8)

    /// A spread of white pages (no images: the paper colour shows) with `leaves` in flight, unlit.
    static func book(_ leaves: [BookLeaf]) throws -> Book {
        let book = try Book(pageCount: 12, configuration: BookConfiguration(viewSize: view, scale: scale, layout: .spread, paperColor: white))
        try book.setLeaves(leaves)
        return book
    }

    /// The book drawn unlit, every page a plain white image (a face whose image has not
    /// loaded draws its paper colour alone, without the shadows over it).
    func render(_ book: Book, size: Size = UnlitLeafShadowRenderTests.view) throws -> Image {
        nonisolated(unsafe) let book = book // XCTest runs on the main thread
        return try MainActor.assumeIsolated {
            let offscreen = SharedRenderer.offscreen
            offscreen.renderer.light = nil
            let paper = Image(width: 8, height: 8, fill: (255, 255, 255, 255))
            for page in 0..<book.pageCount { try offscreen.renderer.setImage(paper, for: book.handle(forPage: page)) }
            let root = book.root
            return try offscreen.render(root, size: size, scale: Self.scale, antialiasing: .analytic, background: Self.background)
        }
    }

    /// The leaves' faces on screen (pixels), one polygon per face standing off the page plane
    /// (a face and the shadows over it share their corners), with the face's horizontal reach
    /// from the spine: `extent` is how far its free edge lies from the spine on screen.
    static func faces(_ root: Layer) -> [(polygon: [Point], spine: Double, extent: Double)] {
        let evaluator = LayerEvaluator()
        evaluator.evaluate(root)
        var faces: [(polygon: [Point], spine: Double, extent: Double)] = []
        let spine = view.width / 2 * scale
        for quad in evaluator.quads where quad.isVisible && quad.drawsContent {
            let corners = evaluator.corners(of: quad)
            guard corners.contains(where: { abs($0.depth) > 1e-3 }) else { continue }
            let polygon = corners.map { Point(x: $0.point.x * scale, y: $0.point.y * scale) }
            let extent = polygon.map { abs($0.x - spine) }.max()!
            if faces.contains(where: { abs($0.extent - extent) < 1e-6 }) { continue }
            faces.append((polygon, spine, extent))
        }
        return faces.sorted { $0.extent < $1.extent }
    }

    /// For leaves on one side of the spine, each face's pixels (in the order of `faces`: the
    /// leaf that stands highest first) that no face before it covers, past its crease; their
    /// red levels, per face.
    static func uncoveredLevels(_ image: Image, _ faces: [(polygon: [Point], spine: Double, extent: Double)], past share: Double = 0.55) -> [[Int]] {
        faces.indices.map { k in
            var levels: [Int] = []
            let face = faces[k]
            for y in 0..<image.height {
                for x in 0..<image.width {
                    let p = Point(x: Double(x) + 0.5, y: Double(y) + 0.5)
                    // Past the middle of the leaf seen on screen: the perspective magnifies the
                    // free edge's half, so this is past the leaf's own middle, where the crease
                    // gradient (clear from half way) no longer reaches.
                    guard abs(p.x - face.spine) > share * face.extent,
                          RaisedCastShadowRenderTests.inside(p, face.polygon) > 1.5,
                          !faces[..<k].contains(where: { RaisedCastShadowRenderTests.inside(p, $0.polygon) > -1.5 }) else { continue }
                    levels.append(Int(image.pixel(x, y).r))
                }
            }
            return levels
        }
    }

    /// The tint's oracle: white under black at `⅓·cos(φ − ψ)`, as a byte.
    static func expected(caster phi: Double, receiver psi: Double) -> Double {
        255 * (1 - cos((phi - psi) * Double.pi / 180) / 3)
    }

    /// Three leaves on the trailing side at 75.6°, 54° and 21.6°: the leaf at 54° under the one
    /// at 75.6° is tinted `⅓·cos 21.6°` (a byte level of 175.98), the leaf at 21.6° under the one
    /// at 54° `⅓·cos 32.4°` (183.26), every pixel read within 1 level; the top leaf keeps its
    /// white paper (255). Before the
    /// unlit look tinted leaves, both covered leaves read 255: 79 and 72 levels off.
    func testALeafInFlightUnderAnotherTakesThePagesTint() throws {
        let progress = [0.42, 0.3, 0.12]
        let book = try Self.book(progress.enumerated().map { BookLeaf(index: 2 + $0.offset, progress: $0.element) })
        let image = try render(book)
        try RaisedCastShadowRenderTests.keep(image, "riffle-unlit-trailing")
        let faces = Self.faces(book.root)
        XCTAssertEqual(faces.count, 3, "three fronts in flight")
        guard faces.count == 3 else { return }
        let levels = Self.uncoveredLevels(image, faces)
        let angles = progress.map { 180 * $0 }
        let wanted = [255.0, Self.expected(caster: angles[0], receiver: angles[1]), Self.expected(caster: angles[1], receiver: angles[2])]
        for (k, face) in levels.enumerated() {
            XCTAssertGreaterThan(face.count, 500, "face \(k): pixels read")
            let worst = face.map { abs(Double($0) - wanted[k]) }.max() ?? .infinity
            print("unlit riffle, trailing side: face \(k) \(face.count) px, want \(wanted[k]), worst off \(worst)")
            XCTAssertLessThanOrEqual(worst, 1, "face \(k) (a leaf at \(angles[k])°)")
        }
    }

    /// Three leaves past the half turn, at 162°, 126° and 99°: their backs show on the leading
    /// side, and the back of each leaf under the next one is tinted — the leaf at 162° under
    /// the one at 126° by `⅓·cos 36°`, the one at 126° under the one at 99° by `⅓·cos 27°` —
    /// the facing page's `⅓·sin(φ − 90°)` with the receiver's plane for the page's.
    func testALeafsBackUnderAnotherTakesTheFacingPagesTint() throws {
        let progress = [0.9, 0.7, 0.55]
        let book = try Self.book(progress.enumerated().map { BookLeaf(index: 2 + $0.offset, progress: $0.element) })
        let image = try render(book)
        try RaisedCastShadowRenderTests.keep(image, "riffle-unlit-leading")
        let faces = Self.faces(book.root)
        XCTAssertEqual(faces.count, 3, "three backs in flight")
        guard faces.count == 3 else { return }
        // Sorted by reach: the leaf at 99° stands highest, then 126°, then 162°.
        let levels = Self.uncoveredLevels(image, faces)
        let angles = progress.map { 180 * $0 }
        let wanted = [255.0, Self.expected(caster: angles[2], receiver: angles[1]), Self.expected(caster: angles[1], receiver: angles[0])]
        for (k, face) in levels.enumerated() {
            XCTAssertGreaterThan(face.count, 500, "face \(k): pixels read")
            let worst = face.map { abs(Double($0) - wanted[k]) }.max() ?? .infinity
            print("unlit riffle, leading side: face \(k) \(face.count) px, want \(wanted[k]), worst off \(worst)")
            XCTAssertLessThanOrEqual(worst, 1, "face \(k)")
        }
    }

    /// A hard cover's board darkens what lies under it by half as much again as a leaf (its
    /// `castScale`, on the page as on a leaf): the board at 72° over the first leaf at 45°
    /// tints it `1.5·⅓·cos 27°` (a level of 141.38). Under reverse perspective the pages under
    /// a flip take no tint, and neither do the leaves.
    func testABoardTintsTheLeafUnderItAsItTintsThePage() throws {
        let configuration = BookConfiguration(viewSize: Self.view, scale: Self.scale, layout: .spread, hardCover: true,
                                              coverThickness: 0, paperColor: Self.white)
        let book = try Book(pageCount: 12, configuration: configuration)
        try book.setLeaves([BookLeaf(index: 0, progress: 0.4), BookLeaf(index: 1, progress: 0.25)], opening: 0)
        let image = try render(book)
        try RaisedCastShadowRenderTests.keep(image, "riffle-unlit-board")
        let faces = Self.faces(book.root)
        XCTAssertEqual(faces.count, 2, "the board's front and the leaf's")
        guard faces.count == 2 else { return }
        let levels = Self.uncoveredLevels(image, faces)
        let want = 255 * (1 - 1.5 * cos(27 * Double.pi / 180) / 3)
        XCTAssertGreaterThan(levels[1].count, 500)
        let worst = levels[1].map { abs(Double($0) - want) }.max() ?? .infinity
        print("unlit board over a leaf: \(levels[1].count) px, want \(want), worst off \(worst)")
        XCTAssertLessThanOrEqual(worst, 1)

        var reverse = BookConfiguration(viewSize: Self.view, scale: Self.scale, layout: .spread, paperColor: Self.white)
        reverse.reversePerspective = true
        let away = try Book(pageCount: 12, configuration: reverse)
        try away.setLeaves([BookLeaf(index: 2, progress: 0.42), BookLeaf(index: 3, progress: 0.3)])
        let turned = try render(away)
        let awayFaces = Self.faces(away.root)
        XCTAssertEqual(awayFaces.count, 2)
        // Turning away, the leaf's near half is the larger on screen: read only its outer fifth.
        for (k, face) in Self.uncoveredLevels(turned, awayFaces, past: 0.8).enumerated() {
            XCTAssertEqual(face.min(), 255, "reverse perspective, face \(k): no tint")
        }
    }

    /// A covered leaf's silhouette against the background keeps exact coverage under its tint:
    /// the book (320 × 240 pt) drawn in a larger view, so the leaves' edges rising past the
    /// pages' bottom meet the background. At every pixel of a covered leaf's edge there (past
    /// its crease), with `c` its coverage read from the same frame with the book's shadows off
    /// (`(U − B)/(255 − B)`, B the background's level), the tinted pixel is
    /// `c·255·(1 − α) + (1 − c)·B` to 1 level. The tint is merged into the face's own item as
    /// its overlay; drawn as an item of its own over the face (the first version), the edge
    /// pixels came out lighter by about `α·c·(1 − c)·(255 − B)`: 16.7 levels off at worst here.
    func testACoveredLeafsEdgeKeepsItsExactCoverage() throws {
        let progress = [0.42, 0.3, 0.12]
        let book = try Self.book(progress.enumerated().map { BookLeaf(index: 2 + $0.offset, progress: $0.element) })
        let size = Size(width: 400, height: 320)
        let tinted = try render(book, size: size)
        book.showsShadows = false
        let plain = try render(book, size: size)
        book.showsShadows = true
        try RaisedCastShadowRenderTests.keep(tinted, "riffle-unlit-edges")
        let faces = Self.faces(book.root)
        XCTAssertEqual(faces.count, 3)
        guard faces.count == 3 else { return }
        let angles = progress.map { 180 * $0 }
        let alphas = [0, cos((angles[0] - angles[1]) * Double.pi / 180) / 3, cos((angles[1] - angles[2]) * Double.pi / 180) / 3]
        let b = Double(tinted.pixel(tinted.width - 2, tinted.height - 2).r)
        var read = 0, worst = 0.0
        for y in 0..<tinted.height {
            for x in 0..<tinted.width {
                let p = Point(x: Double(x) + 0.5, y: Double(y) + 0.5)
                guard let k = faces.indices.first(where: { RaisedCastShadowRenderTests.inside(p, faces[$0].polygon) > -1.5 }), k > 0,
                      abs(p.x - faces[k].spine) > 0.55 * faces[k].extent,
                      !faces.indices.contains(where: { $0 != k && RaisedCastShadowRenderTests.inside(p, faces[$0].polygon) > -1.5 }) else { continue }
                let u = Double(plain.pixel(x, y).r)
                guard u > b + 8, u < 247 else { continue }
                let c = (u - b) / (255 - b)
                let want = c * 255 * (1 - alphas[k]) + (1 - c) * b
                worst = max(worst, abs(Double(tinted.pixel(x, y).r) - want))
                read += 1
            }
        }
        print("unlit riffle: \(read) edge pixels of covered leaves against the background, worst off \(worst)")
        XCTAssertGreaterThan(read, 100)
        XCTAssertLessThanOrEqual(worst, 1.5)
    }

    /// The tints are the unlit look's: in the lit look the leaves' faces take the renderer's
    /// cast shadows instead and no tint layer shows, and with the book's shadows off neither
    /// does; a single leaf (whose only receiver is the page) has no tint layer at all, so its
    /// quads are those it had before.
    func testTintsShowOnlyWhereALeafInFlightCoversAnotherUnlit() throws {
        /// The visible solid black layers over the leaves' faces (the crease is a gradient,
        /// the pages' tints lie on pages).
        func tinted(_ book: Book, visibleOnly: Bool = true) -> Int {
            let evaluator = LayerEvaluator()
            evaluator.evaluate(book.root)
            return evaluator.quads.filter { q in
                q.layer.name.hasPrefix("leaf") && q.layer.name.hasSuffix(".shadow") && q.layer.backgroundColor == .black
                    && (!visibleOnly || (q.isVisible && q.opacity > 0))
            }.count
        }
        let leaves = [BookLeaf(index: 2, progress: 0.42), BookLeaf(index: 3, progress: 0.3)]
        let book = try Self.book(leaves)
        XCTAssertEqual(tinted(book), 1, "the lower leaf's front")
        book.isLit = true
        XCTAssertEqual(tinted(book), 0, "lit: cast shadows instead")
        book.isLit = false
        book.showsShadows = false
        XCTAssertEqual(tinted(book), 0, "shadows off")
        book.showsShadows = true
        try book.setLeaves([BookLeaf(index: 2, progress: 0.3)])
        XCTAssertEqual(tinted(book, visibleOnly: false), 0, "one leaf: not even a hidden tint layer (the quads of before)")
    }
}
