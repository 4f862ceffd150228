import Foundation
import XCTest
import FolioBook
import FolioGeometry
import FolioLayers
import FolioSurface
import FolioTessellation
@testable import FolioRender
@testable import FolioBench

/// The curl's leaf draws its two pages' tiles (page details) on its rolling sheet: the front
/// page's where the sheet shows its front, the back page's mirrored where it shows its back,
/// on the flat part, the roll and the turned part, the coarse level between them.
final class CurlPageDetailRenderTests: XCTestCase {
    /// Each page's finer picture is 512 × 512 texels, cut into 4 × 4 tiles of 128 with 4-texel gutters.
    static let fine = 512, tile = 128, gutter = 4
    /// How far in from a tile's edge the finer picture differs from the coarse level, texels
    /// (as `FoldPageDetailRenderTests`): only a misplaced texel shows, never a tile's edge.
    static let inset = 8

    /// Whether tile (column `i`, row `j`) is given: a checkerboard, the coarse level beside each.
    static func isGiven(_ i: Int, _ j: Int) -> Bool { (i + j) % 2 == 0 }

    /// The coarse level of page `page`: one colour (a page's own image, coarser than its tiles).
    static func coarseColor(page: Int) -> (UInt8, UInt8, UInt8) { page % 2 == 0 ? (128, 128, 0) : (64, 64, 0) }

    /// What the finer picture of page `page` shows at its texel position (`x`, `y`) (continuous,
    /// texels of the 512 × 512 picture, centres at half-integers), or nil within `margin` texels of
    /// where a given tile's inside begins (a blend of the two there): inside a given tile's
    /// inset, red and green ramp across the tile (255 over its 128 texels: 2 levels a texel) and
    /// blue names the tile and the page's parity; elsewhere the coarse colour.
    static func expected(page: Int, x: Double, y: Double, margin: Double) -> (Double, Double, Double)? {
        let (i, j) = (Int((x / Double(tile)).rounded(.down)), Int((y / Double(tile)).rounded(.down)))
        guard i >= 0, j >= 0, i < fine / tile, j < fine / tile else { return nil }
        let (a, b) = (x - Double(i * tile), y - Double(j * tile))
        let lo = Double(inset), hi = Double(tile - inset)
        if isGiven(i, j) {
            if a >= lo + margin, a <= hi - margin, b >= lo + margin, b <= hi - margin {
                let k = (j * (fine / tile) + i) / 2
                return (a / Double(tile) * 255, b / Double(tile) * 255, Double(40 + 24 * k + 12 * (page % 2)))
            }
            if a > lo - margin, a < hi + margin, b > lo - margin, b < hi + margin { return nil }
        }
        let c = coarseColor(page: page)
        return (Double(c.0), Double(c.1), Double(c.2))
    }

    /// Page `page`'s finer picture, texel for texel `expected` at the texel centres.
    static func finer(page: Int) -> Image {
        var bytes = [UInt8](repeating: 255, count: fine * fine * 4)
        let c = coarseColor(page: page)
        for y in 0..<fine {
            for x in 0..<fine {
                let k = (y * fine + x) * 4
                let (i, j) = (x / tile, y / tile)
                let (a, b) = (x - i * tile, y - j * tile)
                if isGiven(i, j), a >= inset, b >= inset, a < tile - inset, b < tile - inset {
                    let t = (j * (fine / tile) + i) / 2
                    bytes[k] = UInt8((Double(a) + 0.5) / Double(tile) * 255)
                    bytes[k + 1] = UInt8((Double(b) + 0.5) / Double(tile) * 255)
                    bytes[k + 2] = UInt8(40 + 24 * t + 12 * (page % 2))
                } else {
                    (bytes[k], bytes[k + 1], bytes[k + 2]) = c
                }
            }
        }
        return Image(width: fine, height: fine, pixels: bytes)!
    }

    /// The curl's leaf (the book's visible surface layer).
    static func surface(in layer: Layer) -> SurfaceLayer? {
        if let s = layer as? SurfaceLayer, !s.isHidden { return s }
        for l in layer.sublayers { if let s = surface(in: l) { return s } }
        return nil
    }

    /// The 3D point of leaf point `p` on `curl`, by the cylinder's formulas (docs/curl.md; the
    /// same as the `PageCurl` type's comment, written out here, not read from the mesh): flat
    /// for `s ≤ 0`, wrapped round the cylinder of radius `r` for `0 < s < πr`, turned over at
    /// height `2r` beyond.
    static func position(_ p: Point, on curl: PageCurl) -> Vector3 {
        let s = curl.distanceBeyondAxis(p), r = curl.radius, n = curl.direction
        if s <= 0 { return Vector3(x: p.x, y: p.y, z: 0) }
        if s < .pi * r {
            let theta = s / r
            let shift = r * sin(theta) - s
            return Vector3(x: p.x + n.x * shift, y: p.y + n.y * shift, z: r * (1 - cos(theta)))
        }
        let shift = -(2 * s - .pi * r)
        return Vector3(x: p.x + n.x * shift, y: p.y + n.y * shift, z: 2 * r)
    }

    /// Where the curl shows each sampled point of its leaf, by an oracle of its own: the leaf's
    /// exact surface projected through the leaf's 3D map to the view, and a depth buffer of that
    /// surface sampled every quarter point (the nearest sheet at each pixel, and which side it
    /// shows), so a sample is checked only where its own sheet is what the pixel shows.
    struct Oracle {
        /// A sampled leaf point: the pixel it lands in, the leaf point at that pixel's centre
        /// (the sample moved by the local inverse of the projection), whether its front shows,
        /// and its region (0 flat, 1 bend, 2 turned).
        struct Sample { var pixel: (Int, Int); var local: Point; var front: Bool; var region: Int; var pointsPerPixel: Double }
        var samples: [Sample] = []

        init(leaf: SurfaceLayer, toView m: Transform3D, width: Int, height: Int, step: Double) {
            guard let curl = leaf.curl else { return }
            let size = curl.size
            func project(_ p: Point) -> (Double, Double, Double) {
                let q = CurlPageDetailRenderTests.position(p, on: curl)
                let v = q.applying(m)
                return (v.x / v.w, v.y / v.w, q.z)
            }
            func orientation(_ p: Point) -> Double {
                let e = 1e-3
                let (a, b, c) = (project(p), project(Point(x: p.x + e, y: p.y)), project(Point(x: p.x, y: p.y + e)))
                return (b.0 - a.0) * (c.1 - a.1) - (b.1 - a.1) * (c.0 - a.0)
            }
            let frontSign = orientation(Point(x: 1, y: 1)) > 0
            // The nearest sheet's height and side at each pixel.
            var depth = [Double](repeating: -.infinity, count: width * height)
            var side = [Int8](repeating: 0, count: width * height)
            let splat = 0.25
            var y = splat / 2
            while y < size.height {
                var x = splat / 2
                while x < size.width {
                    let p = Point(x: x, y: y)
                    let (sx, sy, z) = project(p)
                    let (px, py) = (Int(sx.rounded(.down)), Int(sy.rounded(.down)))
                    if px >= 0, py >= 0, px < width, py < height, z > depth[py * width + px] {
                        depth[py * width + px] = z
                        side[py * width + px] = (orientation(p) > 0) == frontSign ? 1 : -1
                    }
                    x += splat
                }
                y += splat
            }
            var v = step / 2
            while v < size.height {
                var u = step / 2
                while u < size.width {
                    defer { u += step }
                    let p = Point(x: u, y: v)
                    let (sx, sy, z) = project(p)
                    let (px, py) = (Int(sx.rounded(.down)), Int(sy.rounded(.down)))
                    guard px >= 1, py >= 1, px < width - 1, py < height - 1 else { continue }
                    let front = (orientation(p) > 0) == frontSign
                    // Its own sheet is the nearest at its pixel, and every neighbour shows the
                    // same side (no contour, no sheet's edge over it within a pixel).
                    guard z >= depth[py * width + px] - 0.5 else { continue }
                    var same = true
                    for dy in -1...1 { for dx in -1...1 where side[(py + dy) * width + px + dx] != (front ? 1 : -1) { same = false } }
                    guard same else { continue }
                    // The leaf point at the pixel's centre: one step of the projection's local inverse.
                    let e = 1e-3
                    let (ax, ay, _) = project(Point(x: u + e, y: v)), (bx, by, _) = project(Point(x: u, y: v + e))
                    let j = ((ax - sx) / e, (ay - sy) / e, (bx - sx) / e, (by - sy) / e)
                    let det = j.0 * j.3 - j.2 * j.1
                    guard abs(det) > 1e-6 else { continue }
                    let (dx, dy) = (Double(px) + 0.5 - sx, Double(py) + 0.5 - sy)
                    let local = Point(x: u + (j.3 * dx - j.2 * dy) / det, y: v + (-j.1 * dx + j.0 * dy) / det)
                    let s = curl.distanceBeyondAxis(local)
                    let region = s <= 0 ? 0 : (s < .pi * curl.radius ? 1 : 2)
                    // How many leaf points one pixel spans at most (the inverse's largest column).
                    let spread = max(abs(j.3) + abs(j.1), abs(j.2) + abs(j.0)) / abs(det)
                    samples.append(Sample(pixel: (px, py), local: local, front: front, region: region, pointsPerPixel: spread))
                }
                v += step
            }
        }
    }

    /// A spread with the curl, every page's coarse level and its checkerboard of tiles.
    @MainActor
    static func book(_ r: OffscreenRenderer, direction: ReadingDirection = .leftToRight) throws -> (Book, [Int: [PageDetail]], [Image]) {
        let view = direction.viewSize(ofCanonical: Size(width: 640, height: 400))
        let book = try Book(pageCount: 6, configuration: BookConfiguration(viewSize: view, layout: .spread, direction: direction, effect: CurlLeafEffect()))
        var details: [Int: [PageDetail]] = [:]
        var finer: [Image] = []
        var handle = 4100
        for p in 0..<6 {
            finer.append(Self.finer(page: p))
            for t in PageDetailRenderTests.tiles(of: finer[p], width: tile, height: tile, gutter: gutter) {
                let (i, j) = (Int((t.rect.minX * 4).rounded()), Int((t.rect.minY * 4).rounded()))
                guard isGiven(i, j) else { continue }
                try r.renderer.setImage(t.image, for: ContentHandle(handle))
                details[p, default: []].append(PageDetail(rect: t.rect, handle: ContentHandle(handle), contentsRect: t.contentsRect))
                handle += 1
            }
        }
        return (book, details, finer)
    }

    /// Shows each page's coarse level (`coarse`) or its finer picture as its own image.
    @MainActor
    static func showPages(_ book: Book, _ r: OffscreenRenderer, finer: [Image]?) throws {
        for p in 0..<6 {
            let c = coarseColor(page: p)
            try r.renderer.setImage(finer?[p] ?? TestPages.solid(c, width: 64, height: 80), for: book.handle(forPage: p))
        }
    }

    /// Leaf 1 of a left-to-right spread curling at 0.35 and 0.6: at every point of the leaf the
    /// oracle finds shown (flat part and roll seen from the front, roll and turned part seen
    /// from the back), the frame shows the tile's texel there — the front page's upright, the
    /// back page's mirrored across the spine — or the coarse level where no tile lies, within
    /// 6/255 on the ramps (3 levels a point: a third of a pixel) and 3/255 on the tile's name;
    /// unlit, shadows off, analytic and multisampled antialiasing. Then lit with its shadows
    /// on, the same pixels equal the leaf drawn from its pages' finer pictures alone within 2/255
    /// (the detail lit by the roll's normals, and the roll's shadow on the leaf's own flat part
    /// falling on the details once). With no details on the leaf (before), every sample inside
    /// a tile showed the coarse level.
    func testTheCurlsLeafShowsItsPagesTilesWhereTheSurfaceShowsThatPartOfThePage() throws {
        try MainActor.assumeIsolated {
            let r = SharedRenderer.offscreen
            defer { r.renderer.light = nil }
            let (book, details, finer) = try Self.book(r)
            book.showsShadows = false
            try Self.showPages(book, r, finer: nil)
            let view = book.configuration.viewSize
            let (w, h) = (Int(view.width), Int(view.height))
            var report = ""
            var union = [AntialiasingMode: (checked: [[Int]], inTiles: [[Int]])]()
            for progress in [0.35, 0.6] {
                try book.setLeaves([BookLeaf(index: 1, progress: progress)], opening: 1)
                book.pageDetails = details
                let front = try XCTUnwrap(book.page(ofLeaf: 1, side: .front)), back = try XCTUnwrap(book.page(ofLeaf: 1, side: .back))
                let leaf = try XCTUnwrap(Self.surface(in: book.root))
                let toView = try XCTUnwrap(leaf.transform(toSublayerSpaceOf: book.root)).concatenating(book.root.localTransform)
                let oracle = Oracle(leaf: leaf, toView: toView, width: w, height: h, step: 1.5)
                let size = try XCTUnwrap(leaf.curl).size
                /// The expected colour at a sample (nil: too near a tile's edge to say, or seen so
                /// nearly edge-on that a pixel spans more than 2.5 points of the leaf: there the
                /// mesh's chords, 0.25 px from the exact surface, move the picture by more than a
                /// texel, which the tolerances below do not allow).
                func expected(_ s: Oracle.Sample) -> (Double, Double, Double)? {
                    guard s.pointsPerPixel <= 2.5 else { return nil }
                    // Page texels of the sample: the front upright, the back mirrored across the spine.
                    let u = s.front ? s.local.x / size.width : 1 - s.local.x / size.width
                    let v = s.local.y / size.height
                    return Self.expected(page: s.front ? front : back, x: u * Double(Self.fine), y: v * Double(Self.fine), margin: 3)
                }
                for aa in [AntialiasingMode.analytic, .msaa] {
                    let what = "curl \(progress) \(aa)"
                    book.pageDetails = details
                    let tiled = try r.render(book.root, size: view, scale: 1, antialiasing: aa, background: .white)
                    book.pageDetails = [:]
                    let plain = try r.render(book.root, size: view, scale: 1, antialiasing: aa, background: .white)
                    var checked = [[Int]](repeating: [0, 0], count: 3), inTiles = [[Int]](repeating: [0, 0], count: 3)
                    var wrong = 0, worst = (0.0, ""), wrongBefore = 0
                    for s in oracle.samples {
                        guard let e = expected(s) else { continue }
                        let isTile = e.2 >= 40
                        checked[s.region][s.front ? 0 : 1] += 1
                        if isTile { inTiles[s.region][s.front ? 0 : 1] += 1 }
                        func off(_ image: Image) -> Double {
                            let px = image.pixel(s.pixel.0, s.pixel.1)
                            return max(abs(Double(px.r) - e.0) / 2, abs(Double(px.g) - e.1) / 2, abs(Double(px.b) - e.2))
                        }
                        // Ramps within 6 (halved: 3), the tile's name within 3.
                        let d = off(tiled)
                        if d > 3 {
                            wrong += 1
                            if wrong <= 3 { report += " [\(d) off at \(s.pixel), \(s.front ? "front" : "back"), region \(s.region)]" }
                            if d > worst.0 {
                                let px = tiled.pixel(s.pixel.0, s.pixel.1)
                                worst = (d, "at \(s.pixel) (\(s.front ? "front" : "back"), region \(s.region)): \(px) for \(e)")
                            }
                        }
                        if off(plain) > 3 { wrongBefore += 1 }
                    }
                    report += " \(what): \(checked) samples, \(inTiles) in tiles, \(wrong) wrong, \(wrongBefore) without details;"
                    // Every sample, seams between patches included: a patch's seam is split at
                    // its pieces' cut points, so a pixel centre on it falls to the same side for
                    // the patches and their pieces (docs/curl.md §9, "Details on the sheet").
                    // Before, 1 sample at 0.35 showed the coarse level, analytic and multisampled.
                    XCTAssertEqual(wrong, 0, "\(what): \(wrong) samples wrong, the worst \(worst.1)")
                    var sum = union[aa] ?? ([[0, 0], [0, 0], [0, 0]], [[0, 0], [0, 0], [0, 0]])
                    for region in 0..<3 {
                        for side in 0..<2 {
                            sum.checked[region][side] += checked[region][side]
                            sum.inTiles[region][side] += inTiles[region][side]
                        }
                    }
                    union[aa] = sum
                    // The oracle sees the difference: without details the tiles' samples are wrong.
                    XCTAssertGreaterThan(wrongBefore, inTiles.joined().reduce(0, +) * 9 / 10, "\(what)")
                    if wrong > 0, let dump = ProcessInfo.processInfo.environment["TILE_DUMP"] {
                        try tiled.writePNG(path: "\(dump)/curl-\(progress)-\(aa)-tiled.png")
                    }
                }
                // Lit, with the leaf's shadows: the details are shaded as the leaf drawn from its
                // pages' finer pictures alone (every oracle sample, and the page beneath).
                book.isLit = true
                book.showsShadows = true
                r.renderer.light = .standard
                book.pageDetails = [:]
                try Self.showPages(book, r, finer: finer)
                let reference = try r.render(book.root, size: view, scale: 1, antialiasing: .analytic, background: .white)
                try Self.showPages(book, r, finer: nil)
                book.pageDetails = details
                let lit = try r.render(book.root, size: view, scale: 1, antialiasing: .analytic, background: .white)
                var litWorst = 0, litCount = 0, shaded = 0
                for s in oracle.samples where expected(s) != nil {
                    let (a, b) = (reference.pixel(s.pixel.0, s.pixel.1), lit.pixel(s.pixel.0, s.pixel.1))
                    let d = max(abs(Int(a.r) - Int(b.r)), abs(Int(a.g) - Int(b.g)), abs(Int(a.b) - Int(b.b)))
                    litWorst = max(litWorst, d)
                    if d > 2 {
                        litCount += 1
                        report += " [lit: \(d) off at \(s.pixel)]"
                    }
                    // The light does change the roll: its samples differ from the unlit frame.
                    if s.region == 1, let e = expected(s), abs(Double(b.g) - e.1) > 8 { shaded += 1 }
                }
                report += " lit \(progress): largest difference \(litWorst), \(litCount) over 2, \(shaded) roll samples shaded;"
                XCTAssertEqual(litCount, 0, "curl \(progress) lit: \(litCount) samples differ by more than 2 from the leaf drawn from its finer pictures, up to \(litWorst)")
                XCTAssertGreaterThan(shaded, 50, "curl \(progress) lit: the light shades the roll")
                // Nowhere else either (the shadow on the page beneath is drawn once): away from
                // every outline, the whole frame equals the reference.
                let outlines = FoldPageDetailRenderTests.outlines(book.root)
                let whole = PageDetailRenderTests.differencesAwayFrom(outlines, reference, lit)
                report += " whole frame \(whole.count) channels over 2 (largest \(whole.largest));"
                XCTAssertEqual(whole.count, 0, "curl \(progress) lit: \(whole.count) channels off by up to \(whole.largest) at \(whole.at)")
                if whole.count > 0, let dump = ProcessInfo.processInfo.environment["TILE_DUMP"] {
                    try reference.writePNG(path: "\(dump)/curl-\(progress)-lit-reference.png")
                    try lit.writePNG(path: "\(dump)/curl-\(progress)-lit-tiled.png")
                }
                book.isLit = false
                book.showsShadows = false
                r.renderer.light = nil
            }
            // Each part of the leaf is checked, tiles and coarse level alike, over the two
            // poses: the flat part and the roll from the front, the roll and the turned part
            // from the back.
            for (aa, sum) in union {
                for (region, side) in [(0, 0), (1, 0), (1, 1), (2, 1)] {
                    XCTAssertGreaterThan(sum.inTiles[region][side], 40, "\(aa): samples in tiles on region \(region) side \(side)")
                    XCTAssertGreaterThan(sum.checked[region][side] - sum.inTiles[region][side], 20, "\(aa): coarse samples on region \(region) side \(side)")
                }
            }
            print("curl tiles:\(report)")
        }
    }

    /// The single layout, every direction: each face shows half a page, and the leaf carries
    /// the halves of its pages beyond the spine. Details cut from the pages' own images (one
    /// texel per pixel, 128 × 96 tiles with gutters) leave the frame as the pages alone draw it
    /// within 2/255, away from the edges of the leaf's patches (where a detail's edge counts
    /// the patch's edge's coverage twice, docs/reader.md), at progress 0.2, 0.45 and 0.7, front
    /// and back, unlit and lit. Before, the leaf drew no details and the test was vacuous: the
    /// count of detail pieces on the sheet is checked.
    func testInTheSingleLayoutTheCurlsLeafCarriesItsHalfPagesDetailsUnchanged() throws {
        try MainActor.assumeIsolated {
            let r = SharedRenderer.offscreen
            defer { r.renderer.light = nil }
            var compared = 0, worst = 0
            for direction in ReadingDirection.allCases {
                let view = direction.viewSize(ofCanonical: Size(width: 360, height: 400))
                let book = try Book(pageCount: 6, configuration: BookConfiguration(viewSize: view, layout: .single, direction: direction,
                                                                                  effect: CurlLeafEffect()))
                book.showsShadows = false
                let (pw, ph) = (Int(view.width), Int(view.height))
                var details: [Int: [PageDetail]] = [:]
                var handle = 5000
                for p in 0..<6 {
                    let image = PageDetailRenderTests.patterned(page: p, width: pw, height: ph)
                    try r.renderer.setImage(image, for: book.handle(forPage: p))
                    for detail in PageDetailRenderTests.tiles(of: image, width: 128, height: 96, gutter: 4) {
                        try r.renderer.setImage(detail.image, for: ContentHandle(handle))
                        details[p, default: []].append(PageDetail(rect: detail.rect, handle: ContentHandle(handle), contentsRect: detail.contentsRect))
                        handle += 1
                    }
                }
                for lit in [false, true] {
                    book.isLit = lit
                    r.renderer.light = lit ? .standard : nil
                    for progress in [0.2, 0.45, 0.7] {
                        try book.setLeaves([BookLeaf(index: 1, progress: progress)], opening: 1)
                        book.pageDetails = [:]
                        let plain = try r.render(book.root, size: view, scale: 1, antialiasing: .analytic, background: .black)
                        book.pageDetails = details
                        let e = LayerEvaluator()
                        e.evaluate(book.root)
                        let pieces = e.quads.filter { $0.isVisible && $0.surfacePatch >= 0 && $0.layer.name.hasSuffix(".detail") }.count
                        XCTAssertGreaterThan(pieces, 4, "\(direction) \(progress): the sheet draws details")
                        let tiled = try r.render(book.root, size: view, scale: 1, antialiasing: .analytic, background: .black)
                        let d = PageDetailRenderTests.differencesAwayFrom(PageDetailRenderTests.leafOutlines(book.root), plain, tiled)
                        XCTAssertEqual(d.count, 0, "\(direction) lit \(lit) \(progress): \(d.count) channels differ by more than 2, up to \(d.largest) at \(d.at)")
                        worst = max(worst, d.largest)
                        compared += 1
                    }
                }
            }
            print("curl tiles, single layout: \(compared) frames, largest difference away from the leaf's patch edges \(worst)")
            XCTAssertEqual(compared, 3 * 2 * 3)
        }
    }

    /// White tiles on white curl leaves on a black stage, off the pixel grid (the crack sweep's
    /// placements, zooms 1.37 and 2): no pixel cracks where a tile meets its neighbour, the
    /// coarse level beside it or the leaf's outline, on the flat part, the roll and the turned
    /// part, mid-turn and landing (the criterion of `CrackSweepTests`), in analytic and border
    /// antialiasing.
    func testTheCurlsTilesOpenNoCrackOffThePixelGrid() throws {
        try MainActor.assumeIsolated {
            let (cracks, frames, worst) = try CrackSweepTests.tileCrackSweep(CurlLeafEffect(), handle: ContentHandle(4900))
            print("curl tiles crack sweep: \(cracks) crack pixels in \(frames) frames\(worst)")
            XCTAssertEqual(cracks, 0, worst)
            XCTAssertEqual(frames, 2 * 2 * 2 * 3)
        }
    }

    /// Posing a curl whose two pages carry twelve tiles each (the book's per-frame work for a
    /// leaf in flight) takes no more heap allocations per frame than posing it without tiles:
    /// the detail layers are made when the details change, never per frame, and the mesh's
    /// rebuild does not touch them.
    func testPosingACurlWithTilesAllocatesNoMoreThanWithout() throws {
        // The package's test binary links the interposed allocator: a count that does not move is
        // a broken harness, not a reason to pass.
        guard AllocationCounter.isActive else { return XCTFail("the allocation counter is not interposed in this process") }
        try MainActor.assumeIsolated {
            let book = try Book(pageCount: 6, configuration: BookConfiguration(viewSize: Size(width: 640, height: 400), effect: CurlLeafEffect()))
            let tiles = (0..<12).map { k in
                PageDetail(rect: Rect(x: Double(k % 4) / 4, y: Double(k / 4) / 3, width: 0.25, height: 1.0 / 3), handle: ContentHandle(4950))
            }
            let evaluator = LayerEvaluator()
            var frame = Frame()
            let recorder = FrameRecorder()
            var perFrame: [Double] = []
            for withTiles in [false, true] {
                book.pageDetails = withTiles ? Dictionary(uniqueKeysWithValues: (0..<6).map { ($0, tiles) }) : [:]
                var leaves = [BookLeaf(index: 1, progress: 0.3)]
                try book.setLeaves(leaves, opening: 1)
                let drawn = PageDetailRenderTests.detailQuads(book.root, prefix: "")
                XCTAssertTrue(withTiles ? drawn > 12 : drawn == 0, "\(drawn) details drawn")
                var k = 0
                perFrame.append(AllocationCounter.perCall(iterations: 40) {
                    k += 1
                    leaves[0].progress = k % 2 == 0 ? 0.3 : 0.6
                    try? book.setLeaves(leaves, opening: 1)
                })
                // The evaluation and the recording, reported: a debug build's evaluator allocates
                // bookkeeping objects that grow with the polygons it sorts (`PresentationTests`),
                // so their count is compared in a release build (docs/curl.md §9, "Details").
                let evaluating = AllocationCounter.perCall(iterations: 20) {
                    evaluator.evaluate(book.root)
                    recorder.record(evaluator, into: &frame, inputs: .all)
                }
                print("evaluating and recording a curl \(withTiles ? "with" : "without") tiles (debug build): \(evaluating) allocations a frame, \(frame.polygons.count) polygons")
            }
            print("posing a curl: \(perFrame[0]) heap allocations per frame without tiles, \(perFrame[1]) with 24")
            XCTAssertLessThanOrEqual(perFrame[1], perFrame[0], "tiles on the curl's leaf allocate nothing per frame")
        }
    }
}

