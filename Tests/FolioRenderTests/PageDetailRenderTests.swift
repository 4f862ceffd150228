import XCTest
import FolioBook
import FolioGeometry
import FolioLayers
import FolioRender

/// A book's page details (zoom tiles) drawn by the GL renderer: in the page's plane, over the
/// page and under every leaf in flight, exactly where their rectangles say.
final class PageDetailRenderTests: XCTestCase {
    /// A page image with detail in every pixel (so a texel out of place shows), distinct per page.
    static func patterned(page: Int, width: Int, height: Int) -> Image {
        var bytes = [UInt8](repeating: 255, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let i = (y * width + x) * 4
                bytes[i] = UInt8((x * 7 + y * 3 + page * 40) & 0xff)
                bytes[i + 1] = UInt8((x ^ (y &* 5)) & 0xff)
                bytes[i + 2] = UInt8(((x / 8 + y / 8) % 2) * 160 + page * 15)
            }
        }
        return Image(width: width, height: height, pixels: bytes)!
    }

    /// The pixels `x..<x+w`, `y..<y+h` of `image`.
    static func crop(_ image: Image, x: Int, y: Int, width w: Int, height h: Int) -> Image {
        var bytes = [UInt8](repeating: 0, count: w * h * 4)
        for row in 0..<h {
            let from = ((y + row) * image.width + x) * 4
            bytes.replaceSubrange(row * w * 4..<(row + 1) * w * 4, with: image.pixels[from..<from + w * 4])
        }
        return Image(width: w, height: h, pixels: bytes)!
    }

    /// How many visible evaluated polygons under `root` are details on faces named `prefix…`.
    static func detailQuads(_ root: Layer, prefix: String) -> Int {
        let e = LayerEvaluator()
        e.evaluate(root)
        return e.quads.filter { $0.isVisible && $0.layer.name.hasPrefix(prefix) && $0.layer.name.hasSuffix(".detail") }.count
    }

    /// The edges of the evaluated polygons of the leaves in flight under `root` (layers named
    /// `leaf…`, their details and shadows aside), in view points.
    static func leafOutlines(_ root: Layer) -> [(Point, Point)] {
        let e = LayerEvaluator()
        e.evaluate(root)
        var out: [(Point, Point)] = []
        for q in e.quads where q.isVisible && q.layer.name.hasPrefix("leaf") && !q.layer.name.hasSuffix(".detail") && !q.layer.name.hasSuffix(".shadow") {
            let c = e.corners(of: q).map(\.point)
            for i in c.indices { out.append((c[i], c[(i + 1) % c.count])) }
        }
        return out
    }

    /// How many channels differ by more than 2 between `a` and `b` at pixels farther than 1.5
    /// pixels from every edge of `outlines`, and the largest such difference. Where a detail
    /// reaches its face's outline, the face and the detail both draw the edge's coverage (see
    /// docs/reader.md): those pixels are left out.
    static func differencesAwayFrom(_ outlines: [(Point, Point)], _ a: Image, _ b: Image) -> (count: Int, largest: Int, at: (Int, Int)) {
        func distance(_ p: Point, _ s: (Point, Point)) -> Double {
            let dx = s.1.x - s.0.x, dy = s.1.y - s.0.y, l = dx * dx + dy * dy
            let t = l > 0 ? max(0, min(1, ((p.x - s.0.x) * dx + (p.y - s.0.y) * dy) / l)) : 0
            let x = s.0.x + t * dx - p.x, y = s.0.y + t * dy - p.y
            return (x * x + y * y).squareRoot()
        }
        var count = 0, largest = 0, at = (0, 0)
        for i in a.pixels.indices where i % 4 != 3 {
            let d = abs(Int(a.pixels[i]) - Int(b.pixels[i]))
            guard d > 2 else { continue }
            let p = Point(x: Double((i / 4) % a.width) + 0.5, y: Double((i / 4) / a.width) + 0.5)
            guard !outlines.contains(where: { distance(p, $0) <= 1.5 }) else { continue }
            count += 1
            if d > largest { largest = d; at = (Int(p.x), Int(p.y)) }
        }
        return (count, largest, at)
    }

    /// `image` cut into tiles of `width` × `height` pixels (the last column and row narrower),
    /// each image holding `gutter` more pixels on every side where the image goes on: each
    /// tile's image, its rectangle as a unit rectangle of the page, and the part of its image
    /// inside the gutter.
    static func tiles(of image: Image, width tw: Int, height th: Int, gutter g: Int) -> [(image: Image, rect: Rect, contentsRect: Rect)] {
        let (pw, ph) = (image.width, image.height)
        var out: [(Image, Rect, Rect)] = []
        for y in stride(from: 0, to: ph, by: th) {
            for x in stride(from: 0, to: pw, by: tw) {
                let w = min(tw, pw - x), h = min(th, ph - y)
                let x0 = max(0, x - g), y0 = max(0, y - g), x1 = min(pw, x + w + g), y1 = min(ph, y + h + g)
                out.append((crop(image, x: x0, y: y0, width: x1 - x0, height: y1 - y0),
                            Rect(x: Double(x) / Double(pw), y: Double(y) / Double(ph), width: Double(w) / Double(pw), height: Double(h) / Double(ph)),
                            Rect(x: Double(x - x0) / Double(x1 - x0), y: Double(y - y0) / Double(y1 - y0),
                                 width: Double(w) / Double(x1 - x0), height: Double(h) / Double(y1 - y0))))
            }
        }
        return out
    }

    /// The largest difference in any channel between two images of one size, where it is, how
    /// many channels differ at all and how many by more than 1.
    static func largestDifference(_ a: Image, _ b: Image) -> (value: Int, at: (Int, Int), count: Int, beyondOne: Int) {
        var worst = 0, at = (0, 0), count = 0, beyondOne = 0
        for i in a.pixels.indices {
            let d = abs(Int(a.pixels[i]) - Int(b.pixels[i]))
            if d > 0 { count += 1 }
            if d > 1 { beyondOne += 1 }
            if d > worst { worst = d; at = ((i / 4) % a.width, (i / 4) / a.width) }
        }
        return (worst, at, count, beyondOne)
    }

    /// Details cut from the pages' own images, 128 × 96-pixel tiles (the last row and column
    /// narrower) with 4-pixel gutters, each with its own content handle, on the pages lying
    /// flat: shown at the pages' size they must leave the picture as the page alone draws it
    /// (to the roundings stated below), whether the page lies open at rest or under a leaf in
    /// flight, lit or not, in every antialiasing mode (multisampling standing for none, which
    /// draws the same triangles), reading direction and layout. A detail
    /// drawn over a leaf, out of place, shadowed twice or seamed would show (border mode once
    /// drew a piece of a detail the depth sort split as the whole detail, over a curled leaf).
    /// The same holds with the pages marked covered by their details, their own image left out
    /// (drawn with analytic antialiasing, the default).
    func testDetailsCutFromThePageItselfChangeNoPixelAtRestOrUnderATurningLeaf() throws {
        try MainActor.assumeIsolated {
            let r = SharedRenderer.offscreen
            defer { r.renderer.light = nil; r.renderer.castsShadows = true }
            var compared = 0
            for layout in [BookLayout.spread, .single] {
                for direction in ReadingDirection.allCases {
                    let canonical = layout == .spread ? Size(width: 640, height: 400) : Size(width: 360, height: 400)
                    let view = direction.viewSize(ofCanonical: canonical)
                    for effect in [FlipLeafEffect() as any LeafEffect, CurlLeafEffect()] {
                        let book = try Book(pageCount: 6, configuration: BookConfiguration(viewSize: view, layout: layout, direction: direction,
                                                                                          effect: effect))
                        // A page's image at the size it is shown: one texel per pixel.
                        let page = layout == .spread ? direction.viewSize(ofCanonical: Size(width: 320, height: 400)) : view
                        let (pw, ph) = (Int(page.width), Int(page.height))
                        var details: [Int: [PageDetail]] = [:]
                        var handle = 1000
                        for p in 0..<6 {
                            let image = Self.patterned(page: p, width: pw, height: ph)
                            try r.renderer.setImage(image, for: book.handle(forPage: p))
                            for detail in Self.tiles(of: image, width: 128, height: 96, gutter: 4) {
                                try r.renderer.setImage(detail.image, for: ContentHandle(handle))
                                details[p, default: []].append(PageDetail(rect: detail.rect, handle: ContentHandle(handle), contentsRect: detail.contentsRect))
                                handle += 1
                            }
                        }
                        for lit in [false, true] {
                            for shadows in [false, true] {
                            book.showsShadows = shadows
                            book.isLit = lit
                            r.renderer.light = lit ? .standard : nil
                            for progress in [nil, 0.2, 0.45, 0.7] {
                                // In the single layout the pages lying flat are the leaf's own
                                // pages, and the flip and the curl draw their details on the leaf
                                // too: the flip's is the next test's case, the curl's
                                // `CurlPageDetailRenderTests`'.
                                if progress != nil && layout == .single { continue }
                                if let progress {
                                    try book.setLeaves([BookLeaf(index: 1, progress: progress)], opening: 1)
                                } else {
                                    try book.setOpening(layout == .spread ? 1 : 2)
                                }
                                // Multisampling and none draw the same triangles (`.plain`): one of them stands for both.
                                for aa in [AntialiasingMode.analytic, .msaa, .border] {
                                    book.pageDetails = [:]
                                    let plain = try r.render(book.root, size: view, scale: 1, antialiasing: aa, background: .black)
                                    // The pages lying flat only: leaves in flight are the next test's.
                                    let flat = [book.pagesLyingFlat.read, book.pagesLyingFlat.unread].compactMap { $0 }
                                    book.pageDetails = details.filter { flat.contains($0.key) }
                                    XCTAssertGreaterThan(Self.detailQuads(book.root, prefix: "page"), 0, "details are drawn at all")
                                    let tiled = try r.render(book.root, size: view, scale: 1, antialiasing: aa, background: .black)
                                    var images = [("details", tiled, 48)]
                                    if aa == .analytic {
                                        // The details cover the whole page: the book may leave the page's own image out.
                                        book.pagesCoveredByDetails = Set(flat)
                                        images.append(("details covering their pages", try r.render(book.root, size: view, scale: 1, antialiasing: aa, background: .black), 160))
                                        book.pagesCoveredByDetails = []
                                    }
                                    for (name, image, channels) in images {
                                        let d = Self.largestDifference(plain, image)
                                        let what = "\(layout) \(direction) \(type(of: effect)) lit \(lit) shadows \(shadows) progress \(String(describing: progress)) \(aa), \(name)"
                                        // Where the unlit book tints the page under a leaf, the tint is merged into the
                                        // page's own draw without details and blended over them with: one more rounding.
                                        // Along a turning leaf's antialiased edges the details' corners split the leaf's
                                        // triangles differently: up to 2/255 on a few pixels (at most 54 by 1/255 where the
                                        // page under the leaf's edge is left out, its details alone below it).
                                        XCTAssertLessThanOrEqual(d.value, 2, "\(what): differs by \(d.value) at \(d.at)")
                                        XCTAssertLessThanOrEqual(d.beyondOne, 48, "\(what): \(d.beyondOne) channels differ by more than 1")
                                        if !shadows || lit {
                                            XCTAssertLessThanOrEqual(d.count, channels, "\(what): \(d.count) channels differ (largest \(d.value) at \(d.at))")
                                        }
                                    }
                                    compared += 1
                                }
                            }
                            }
                        }
                    }
                }
            }
            // 2 layouts × 3 directions × 2 effects × lit or not × shadows or not × 4 poses × 3
            // antialiasing modes, less the single layout's leaves in flight (3 × 2 × 2 × 2 × 3 × 3).
            XCTAssertEqual(compared, 576 - 216)
        }
    }

    /// Solid details land exactly on the rectangle of the view their unit rectangle names on the
    /// page's half of the spread (pages stay upright in every reading direction), a leaf in
    /// flight covers them, and the flip's leaf carries its own page's: on the row through the
    /// perspective's pivot, where the flip's formula puts each point of the leaf, page 4's
    /// detail turns with the leaf and page 6's shows beyond the leaf's edge.
    func testDetailsLieOnTheirRectangleOfThePageAndUnderTheTurningLeaf() throws {
        let magenta: (UInt8, UInt8, UInt8) = (250, 0, 250)
        func near(_ p: (r: UInt8, g: UInt8, b: UInt8, a: UInt8), _ c: (UInt8, UInt8, UInt8)) -> Bool {
            abs(Int(p.r) - Int(c.0)) < 4 && abs(Int(p.g) - Int(c.1)) < 4 && abs(Int(p.b) - Int(c.2)) < 4
        }
        try MainActor.assumeIsolated {
            let r = SharedRenderer.offscreen
            try r.renderer.setImage(TestPages.solid(magenta, width: 8, height: 8), for: ContentHandle(900))
            for direction in ReadingDirection.allCases {
                let canonical = Size(width: 640, height: 400)
                let view = direction.viewSize(ofCanonical: canonical)
                let book = try Book(pageCount: 10, configuration: BookConfiguration(viewSize: view, layout: .spread, direction: direction))
                book.showsShadows = false
                for page in 0..<10 {
                    try r.renderer.setImage(TestPages.solid(BookRenderTests.colour(page), width: 32, height: 32), for: book.handle(forPage: page))
                }
                // A band reaching the outer edge of the unread page (its right edge left to
                // right, its left edge right to left, its bottom edge top to bottom), where the
                // turning leaf leaves it uncovered; the same on every page.
                let unit = switch direction {
                case .leftToRight: Rect(x: 0.5, y: 0.4, width: 0.5, height: 0.2)
                case .rightToLeft: Rect(x: 0, y: 0.4, width: 0.5, height: 0.2)
                case .topToBottom: Rect(x: 0.4, y: 0.5, width: 0.2, height: 0.5)
                }
                book.pageDetails = Dictionary(uniqueKeysWithValues: (0..<10).map { ($0, [PageDetail(rect: unit, handle: ContentHandle(900))]) })
                // The view's halves: the read side left of the spine (right of it right to left,
                // above it top to bottom), each showing its page upright.
                let halves: (read: Rect, unread: Rect) = switch direction {
                case .leftToRight: (Rect(x: 0, y: 0, width: 320, height: 400), Rect(x: 320, y: 0, width: 320, height: 400))
                case .rightToLeft: (Rect(x: 320, y: 0, width: 320, height: 400), Rect(x: 0, y: 0, width: 320, height: 400))
                case .topToBottom: (Rect(x: 0, y: 0, width: 400, height: 320), Rect(x: 0, y: 320, width: 400, height: 320))
                }
                func expected(_ half: Rect) -> Rect {
                    Rect(x: half.minX + unit.minX * half.width, y: half.minY + unit.minY * half.height,
                         width: unit.width * half.width, height: unit.height * half.height)
                }
                // At rest at opening 2: pages 3 (read) and 4 (unread), each with its detail.
                try book.setOpening(2)
                XCTAssertEqual(book.pagesLyingFlat.read, 3)
                XCTAssertEqual(book.pagesLyingFlat.unread, 4)
                var image = try r.render(book.root, size: view, scale: 1, antialiasing: .analytic, background: .black)
                for (half, page) in [(halves.read, 3), (halves.unread, 4)] {
                    let d = expected(half)
                    for y in stride(from: Int(half.minY) + 1, to: Int(half.maxY), by: 3) {
                        for x in stride(from: Int(half.minX) + 1, to: Int(half.maxX), by: 3) {
                            let cx = Double(x) + 0.5, cy = Double(y) + 0.5
                            let inside = cx > d.minX + 1 && cx < d.maxX - 1 && cy > d.minY + 1 && cy < d.maxY - 1
                            let outside = cx < d.minX - 1 || cx > d.maxX + 1 || cy < d.minY - 1 || cy > d.maxY + 1
                            let px = image.pixel(x, y)
                            if inside { XCTAssertTrue(near(px, magenta), "\(direction) page \(page) (\(x), \(y)): \(px), not the detail") }
                            if outside { XCTAssertTrue(near(px, BookRenderTests.colour(page)), "\(direction) page \(page) (\(x), \(y)): \(px), not the page") }
                        }
                    }
                }
                // Leaf 2 at 0.2 from opening 2: page 6 (the front of leaf 3) lies flat under it,
                // and the flip carries page 4's detail on the leaf's front.
                try book.setLeaves([BookLeaf(index: 2, progress: 0.2)], opening: 2)
                XCTAssertEqual(book.pagesLyingFlat.unread, 6)
                image = try r.render(book.root, size: view, scale: 1, antialiasing: .analytic, background: .black)
                // On the canonical row y = E/2 a leaf point r from the spine at φ appears at
                // spine + r·cosφ / (1 + m34·r·sinφ): the leaf's free edge at r = 320; page 4's
                // detail, the half of the page toward its outer edge, at r = 160…320.
                let m34 = -1 / (4.666667 * 640 / 2)
                let (sn, c) = Angle.sinCos(degrees: 180 * 0.2)
                func onScreen(_ r: Double) -> Double { 320 + r * c / (1 + m34 * r * sn) }
                let edge = onScreen(320)
                func pixel(_ x: Double) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
                    let p = direction.viewPoint(Point(x: x, y: 200), viewSize: view)
                    return image.pixel(Int(p.x), Int(p.y))
                }
                var leaf = 0, onLeaf = 0
                for r in stride(from: 5.0, through: 315, by: 2) where abs(r - 160) > 5 {
                    let px = pixel(onScreen(r))
                    if r < 160 {
                        XCTAssertTrue(near(px, BookRenderTests.colour(4)), "\(direction) r \(r): \(px), not the leaf's front (page 4)")
                        leaf += 1
                    } else {
                        XCTAssertTrue(near(px, magenta), "\(direction) r \(r): \(px), not page 4's detail on the leaf")
                        onLeaf += 1
                    }
                }
                XCTAssertGreaterThan(leaf, 70, "\(direction): the leaf's own page shows")
                XCTAssertGreaterThan(onLeaf, 70, "\(direction): page 4's detail turns with the leaf")
                let d = expected(halves.unread)
                var detail = 0
                for x in stride(from: edge + 3, to: 640, by: 1) {
                    let p = direction.viewPoint(Point(x: x, y: 200), viewSize: view)
                    guard p.x > d.minX + 1 && p.x < d.maxX - 1 && p.y > d.minY + 1 && p.y < d.maxY - 1 else { continue }
                    XCTAssertTrue(near(pixel(x), magenta), "\(direction) canonical x \(x): \(pixel(x)), not page 6's detail")
                    detail += 1
                }
                XCTAssertGreaterThan(detail, 15, "\(direction): page 6's detail shows beyond the leaf's edge")
            }
        }
    }

    /// A page image of smooth ramps (4 and 3 steps a texel, folded back at 255, so a texel out
    /// of place shows; ramps survive any mipmap level's averaging, so only misplacement
    /// changes them) inside a 3-texel margin of paper white.
    static func ramps(page: Int, width: Int, height: Int) -> Image {
        func fold(_ v: Int) -> UInt8 { UInt8(abs((v + 255) % 510 - 255)) }
        var bytes = [UInt8](repeating: 255, count: width * height * 4)
        for y in 3..<height - 3 {
            for x in 3..<width - 3 {
                let i = (y * width + x) * 4
                bytes[i] = fold(4 * x + 30 * page)
                bytes[i + 1] = fold(3 * y)
                bytes[i + 2] = UInt8(40 * page)
            }
        }
        return Image(width: width, height: height, pixels: bytes)!
    }

    /// The flip draws the details of its leaf's pages on its faces, posed with them: details
    /// cut from the pages' own images (with gutters) leave the turning leaf as its page alone
    /// draws it, within 2/255, through the turn, in both layouts and every reading direction,
    /// tile seams included (where the leaf is seen nearly edge-on, within 32/255 on a strip a
    /// few pixels wide); only the leaf's outline is left out, where a detail that reaches it
    /// draws the edge's coverage a second time.
    func testTheFlipsLeafCarriesItsPagesDetailsWithoutASeam() throws {
        try MainActor.assumeIsolated {
            let r = SharedRenderer.offscreen
            var compared = 0
            for layout in [BookLayout.spread, .single] {
                for direction in ReadingDirection.allCases {
                    let canonical = layout == .spread ? Size(width: 640, height: 400) : Size(width: 360, height: 400)
                    let view = direction.viewSize(ofCanonical: canonical)
                    let book = try Book(pageCount: 6, configuration: BookConfiguration(viewSize: view, layout: layout, direction: direction))
                    book.showsShadows = false
                    let page = layout == .spread ? direction.viewSize(ofCanonical: Size(width: 320, height: 400)) : view
                    var details: [Int: [PageDetail]] = [:]
                    var handle = 2000
                    for p in 0..<6 {
                        let image = Self.ramps(page: p, width: Int(page.width), height: Int(page.height))
                        try r.renderer.setImage(image, for: book.handle(forPage: p))
                        for detail in Self.tiles(of: image, width: 128, height: 96, gutter: 4) {
                            try r.renderer.setImage(detail.image, for: ContentHandle(handle))
                            details[p, default: []].append(PageDetail(rect: detail.rect, handle: ContentHandle(handle), contentsRect: detail.contentsRect))
                            handle += 1
                        }
                    }
                    for progress in [0.1, 0.2, 0.45, 0.55, 0.8] {
                        try book.setLeaves([BookLeaf(index: 1, progress: progress)], opening: 1)
                        for aa in [AntialiasingMode.analytic, .msaa] {
                            book.pageDetails = [:]
                            let plain = try r.render(book.root, size: view, scale: 1, antialiasing: aa, background: .white)
                            book.pageDetails = details
                            XCTAssertGreaterThan(Self.detailQuads(book.root, prefix: "leaf"), 0, "\(layout) \(direction) progress \(progress): the leaf draws details")
                            let tiled = try r.render(book.root, size: view, scale: 1, antialiasing: aa, background: .white)
                            let d = Self.differencesAwayFrom(Self.leafOutlines(book.root), plain, tiled)
                            // Seen within 10° of edge-on, a strip a few pixels wide, the leaf is sampled
                            // from mipmap levels past those the gutter keeps on the page's grid: up to
                            // 5/255 (uploads biased −½; under OpenGL ES the shader adds the bias: 26/255
                            // before it did).
                            let edgeOn = abs(progress - 0.5) < 0.06
                            XCTAssertLessThanOrEqual(d.count, edgeOn ? 1_000 : 0, "\(layout) \(direction) progress \(progress) \(aa): \(d.count) channels differ by more than 2, up to \(d.largest) at \(d.at)")
                            XCTAssertLessThanOrEqual(d.largest, edgeOn ? 5 : 2, "\(layout) \(direction) progress \(progress) \(aa): \(d.largest) at \(d.at)")
                            compared += 1
                        }
                    }
                }
            }
            XCTAssertEqual(compared, 2 * 3 * 5 * 2)
        }
    }
}
