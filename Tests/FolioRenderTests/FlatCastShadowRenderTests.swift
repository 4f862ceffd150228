import Foundation
import XCTest
@_spi(Benchmarks) @testable import FolioRender
import FolioGeometry
import FolioLayers
import FolioSurface
import FolioTransitions

/// The cast shadow of a flat leaf — the flip's turning leaf — under the lit look, drawn by the
/// GL renderer and read back, against the shadow model's formulas (docs/curl.md §8) evaluated
/// here on the CPU from the flip's own geometry (`x = spine + r·cosφ`, `z = r·sinφ`), not from
/// the renderer's triangles; and the fold lit, the unlit look pinned, the background and the
/// leaf itself left alone.
final class FlatCastShadowRenderTests: XCTestCase {
    static let view = Size(width: 320, height: 240)
    static let scale = 2.0
    static let light = PaperLight.standard
    static let source = ContentHandle(14_01), destination = ContentHandle(14_02)
    static let background = Color(red: 0.2, green: 0.4, blue: 0.8)

    /// The model's terms, written out: a 6° light, 1 pt contact softness, ⅓ at contact halving
    /// at half the leaf's length across the spine (160 / 2 = 80 pt).
    static let contactWidth = 1.0, contactOpacity = 1.0 / 3, fadeHeight = 80.0
    static func width(_ h: Double) -> Double { contactWidth + 2 * h * tan(6 * Double.pi / 180) }
    static func opacity(_ h: Double) -> Double { contactOpacity / (1 + h / fadeHeight) }
    /// The share of a disc light hidden `u` half-widths inside a straight edge.
    static func F(_ u: Double) -> Double {
        let v = min(1, max(-1, u))
        return 1 - (acos(v) - v * (1 - v * v).squareRoot()) / .pi
    }

    /// The flip's leaf and its shadow on the page plane (view points; the plane `z = 0` projects
    /// onto itself under the flip's perspective). A leaf point `r` from the spine at height
    /// `y` stands at `(spine + r·cosφ, y, r·sinφ)`; its shadow lands at
    /// `(spine + r·(cosφ − a·sinφ), y − b·r·sinφ)` with `(a, b) = (L_x, L_y)/L_z`.
    struct Model {
        let phi: Double
        let spine = 160.0, leaf = 160.0, along = 240.0
        let a: Double, b: Double

        init(progress: Double) {
            phi = Double.pi * progress
            let l = FlatCastShadowRenderTests.light.direction
            a = l.x / l.z; b = l.y / l.z
        }

        /// How far the shadow moves across per unit of `r`.
        var across: Double { cos(phi) - a * sin(phi) }
        /// The free edge's height and its shadow's x.
        var tipHeight: Double { leaf * sin(phi) }
        var edgeX: Double { spine + leaf * across }
        /// The shadow's corners: spine top, free edge top, free edge bottom, spine bottom.
        var corners: [Point] {
            let dy = -b * tipHeight
            return [Point(x: spine, y: 0), Point(x: edgeX, y: dy), Point(x: edgeX, y: along + dy), Point(x: spine, y: along)]
        }

        /// The height of the leaf point whose shadow is at view x (inside the shadow).
        func height(atX x: Double) -> Double { min(max((x - spine) / across, 0), leaf) * sin(phi) }

        /// Signed distance (points) of `p` inside the shadow edge from corner `i` to `i + 1`
        /// (the top, free and bottom edges: the spine side lies on the page and is no edge).
        func inside(_ p: Point, edge i: Int) -> Double {
            let c = corners, s = c[i], t = c[i + 1], o = c[(i + 2) % 4]
            let dx = t.x - s.x, dy = t.y - s.y, l = (dx * dx + dy * dy).squareRoot()
            var d = (dx * (p.y - s.y) - dy * (p.x - s.x)) / l
            if (dx * (o.y - s.y) - dy * (o.x - s.x)) < 0 { d = -d }
            return d
        }

        /// The model's darkness at `p`: `o(h)·F(2d/w(h))`, `d` the least distance inside the
        /// three edges, `h` the caster's height — inside the shadow that of the leaf point whose
        /// shadow `p` is, outside it that of the nearest point of the nearest edge.
        func darkness(at p: Point) -> Double {
            let d = (0..<3).map { inside(p, edge: $0) }
            let nearest = d.indices.min { d[$0] < d[$1] }!
            let h: Double
            if d[nearest] >= 0 {
                h = height(atX: p.x)
            } else {
                let c = corners, s = c[nearest], t = c[nearest + 1]
                let dx = t.x - s.x, dy = t.y - s.y
                let f = min(1, max(0, ((p.x - s.x) * dx + (p.y - s.y) * dy) / (dx * dx + dy * dy)))
                // Heights along the edges: top 0 → tip, free edge tip, bottom tip → 0.
                h = nearest == 0 ? f * tipHeight : (nearest == 1 ? tipHeight : (1 - f) * tipHeight)
            }
            return FlatCastShadowRenderTests.opacity(h) * FlatCastShadowRenderTests.F(2 * d[nearest] / FlatCastShadowRenderTests.width(h))
        }
    }

    /// A forward flip at `progress` over white pages, in the lit look unless told otherwise.
    static func flip(_ progress: Double, lit: Bool = true) throws -> FlipTransition {
        let flip = try FlipTransition(size: view, scale: scale, source: source, destination: destination)
        flip.isLit = lit
        try flip.setProgress(progress)
        return flip
    }

    /// Renders `root` with white pages, lit by `light` (nil: unlit).
    func render(_ root: Layer, size: Size = FlatCastShadowRenderTests.view, light: PaperLight? = FlatCastShadowRenderTests.light,
                castsShadows: Bool = true, pages: (Image, Image)? = nil) throws -> Image {
        nonisolated(unsafe) let root = root // XCTest runs on the main thread
        return try MainActor.assumeIsolated {
            let offscreen = SharedRenderer.offscreen
            let white = TestPages.solid((255, 255, 255), width: 64, height: 64)
            try offscreen.renderer.setImage(pages?.0 ?? white, for: Self.source)
            try offscreen.renderer.setImage(pages?.1 ?? white, for: Self.destination)
            offscreen.renderer.light = light
            offscreen.renderer.castsShadows = castsShadows
            defer { offscreen.renderer.light = nil; offscreen.renderer.castsShadows = true }
            return try offscreen.render(root, size: size, scale: Self.scale, antialiasing: .analytic, background: Self.background)
        }
    }

    /// 1 − red/255 at pixel (x, y) of a white page.
    static func darkness(_ image: Image, _ x: Int, _ y: Int) -> Double { 1 - Double(image.pixel(x, y).r) / 255 }

    /// The turning leaf's rightmost point on screen (its projected free edge), view points.
    static func leafRight(_ flip: FlipTransition) -> Double {
        flip.panels().first { $0.name == "front" }!.corners.map(\.x).max()!
    }

    /// Writes `image` to `$FOLIO_SHADOW_PNG/name.png` when that folder is given (for looking).
    static func keep(_ image: Image, _ name: String) throws {
        if let dir = ProcessInfo.processInfo.environment["FOLIO_SHADOW_PNG"] { try image.writePNG(path: "\(dir)/\(name).png") }
    }

    // MARK: The flip's shadow against the model

    /// Between the leaf's projected free edge and past its shadow's edge, on three rows away
    /// from the shadow's top and bottom, the page is darkened by `o(h)·F(2d/w(h))` within
    /// 2/255 — in the umbra exactly `o(h)`, `h` varying along the leaf — at two turns.
    func testTheFlipsShadowOnThePageBeneathFollowsTheModel() throws {
        for progress in [0.4, 0.45] {
            let flip = try Self.flip(progress)
            let model = Model(progress: progress)
            let image = try render(flip.root)
            try Self.keep(image, "flip-shadow-\(progress)")
            let first = Int((Self.leafRight(flip) * Self.scale).rounded(.up)) + 2
            let last = min(image.width - 1, Int(((model.edgeX + Self.width(model.tipHeight)) * Self.scale).rounded(.up)) + 2)
            var umbra = 0, edge = 0, worst = 0.0
            for y in [200, 240, 280] {
                for x in first...last {
                    let p = Point(x: (Double(x) + 0.5) / Self.scale, y: (Double(y) + 0.5) / Self.scale)
                    let expected = model.darkness(at: p)
                    let actual = Self.darkness(image, x, y)
                    worst = max(worst, abs(actual - expected))
                    XCTAssertEqual(actual, expected, accuracy: 2.0 / 255, "progress \(progress), pixel (\(x), \(y))")
                    let h = model.height(atX: p.x)
                    if model.edgeX - p.x > Self.width(h) / 2 + 0.5 / Self.scale { umbra += 1 } else { edge += 1 }
                }
            }
            print("flat cast shadow, progress \(progress): edge height \(model.tipHeight) pt, \(umbra) umbra and \(edge) penumbra pixels, worst \(worst * 255)/255")
            XCTAssertGreaterThanOrEqual(umbra, 20, "umbra pixels checked")
            XCTAssertGreaterThanOrEqual(edge, 60, "penumbra pixels checked")
            // The umbra is not one flat tint: it lightens along the leaf, as the leaf rises.
            let near = model.darkness(at: Point(x: Double(first) / Self.scale, y: 120))
            let far = model.darkness(at: Point(x: model.edgeX - Self.width(model.tipHeight) / 2 - 0.5, y: 120))
            XCTAssertGreaterThan(near - far, 4.0 / 255)
        }
    }

    /// Along the shadow's top edge — the shadow of the leaf's top edge, which rises from the
    /// spine (height 0) to the free edge — the penumbra, measured down a column between the
    /// 10% and 50% levels of the umbra's darkness there (across the edge: times the edge
    /// normal's vertical share), widens strictly with the height, and matches the same
    /// distance on the model's profile to 0.3 px.
    func testThePenumbraWidensAlongATiltedLeaf() throws {
        let progress = 0.45
        let flip = try Self.flip(progress)
        let model = Model(progress: progress)
        let image = try render(flip.root)
        let c = model.corners
        let dx = c[1].x - c[0].x, dy = c[1].y - c[0].y
        let ny = dx / (dx * dx + dy * dy).squareRoot()
        var widths: [Double] = [], heights: [Double] = []
        for column in stride(from: 198.0, through: 238, by: 8) {
            XCTAssertGreaterThan(column, Self.leafRight(flip) + 2, "the column is clear of the leaf")
            let x = Int(column * Self.scale)
            let vx = (Double(x) + 0.5) / Self.scale
            let h = model.height(atX: vx)
            let o = Self.opacity(h)
            // Walking down the column from the lit page above the edge into the shadow: where
            // the darkness first reaches `level`·o(h), in pixels (linear between pixel centres),
            // on the rendered image and on the model's values at the same pixel centres,
            // rounded to bytes alike (at 10% of a faint umbra the rounding moves a crossing by
            // up to a pixel, the same in both).
            func crossing(_ level: Double, _ darkness: (Int) -> Double) -> Double {
                for y in 0..<(image.height - 1) {
                    let a = darkness(y) / o, b = darkness(y + 1) / o
                    if a < level && b >= level { return Double(y) + 0.5 + (level - a) / (b - a) }
                }
                return .nan
            }
            let rendered = { (y: Int) in Self.darkness(image, x, y) }
            let modelled = { (y: Int) in
                1 - (255 * (1 - model.darkness(at: Point(x: vx, y: (Double(y) + 0.5) / Self.scale)))).rounded() / 255
            }
            let measured = (crossing(0.5, rendered) - crossing(0.1, rendered)) * ny
            let expected = (crossing(0.5, modelled) - crossing(0.1, modelled)) * ny
            XCTAssertEqual(measured, expected, accuracy: 0.3, "column \(column) pt, h \(h) pt")
            print("flat cast shadow penumbra along the leaf, h \(h) pt: \(measured) px measured, \(expected) px model")
            widths.append(measured); heights.append(h)
        }
        for (a, b) in zip(heights, heights.dropFirst()) { XCTAssertLessThan(a, b) }
        for (a, b) in zip(widths, widths.dropFirst()) { XCTAssertLessThan(a, b, "penumbra widths \(widths) at heights \(heights)") }
    }

    // MARK: Where it falls, and where not

    /// The flip drawn inside a larger view: its shadow reaches past the page's lower edge (the
    /// model says so), yet every pixel outside the pages and clear of the leaf keeps the
    /// background's exact colour; the page just inside that edge is in shadow.
    func testNoShadowFallsOnTheBackground() throws {
        let progress = 0.45
        let flip = try Self.flip(progress)
        let model = Model(progress: progress)
        let margin = 40.0
        let size = Size(width: Self.view.width + 2 * margin, height: Self.view.height + 2 * margin)
        let holder = Layer(name: "holder", frame: Rect(x: margin, y: margin, width: Self.view.width, height: Self.view.height))
        try holder.addSublayer(flip.root)
        let root = Layer(name: "root", frame: Rect(x: 0, y: 0, width: size.width, height: size.height), sublayers: [holder])
        // Below the page, under the shadow's lower edge: the model's shadow is there.
        let below = Point(x: model.spine + 0.5 * (model.edgeX - model.spine), y: Self.view.height + 5)
        XCTAssertGreaterThan(model.darkness(at: below), 0.05)
        let image = try render(root, size: size)
        try Self.keep(image, "flip-shadow-background")
        let leaf = flip.panels().first { $0.name == "front" }!.corners.map { Point(x: ($0.x + margin) * Self.scale, y: ($0.y + margin) * Self.scale) }
        // Inside the leaf's quad grown by two pixels.
        func nearLeaf(_ p: Point) -> Bool { Self.depthInside(leaf, p) >= -2 }
        let bg = (UInt8((Self.background.red * 255).rounded()), UInt8((Self.background.green * 255).rounded()),
                  UInt8((Self.background.blue * 255).rounded()))
        let page = (x0: Int(margin * Self.scale), y0: Int(margin * Self.scale),
                    x1: Int((margin + Self.view.width) * Self.scale), y1: Int((margin + Self.view.height) * Self.scale))
        var checked = 0, wrong = 0
        for y in 0..<image.height {
            for x in 0..<image.width where x < page.x0 - 1 || x > page.x1 || y < page.y0 - 1 || y > page.y1 {
                guard !nearLeaf(Point(x: Double(x) + 0.5, y: Double(y) + 0.5)) else { continue }
                let p = image.pixel(x, y)
                if p.r != bg.0 || p.g != bg.1 || p.b != bg.2 {
                    wrong += 1
                    if wrong < 5 { XCTFail("pixel (\(x), \(y)) is \(p), not the background") }
                }
                checked += 1
            }
        }
        XCTAssertEqual(wrong, 0)
        XCTAssertGreaterThan(checked, 50_000)
        // …and the page just above its lower edge, under the same part of the shadow, is darkened.
        let inside = Point(x: below.x, y: Self.view.height - 3)
        let ix = Int((inside.x + margin) * Self.scale), iy = Int((inside.y + margin) * Self.scale)
        XCTAssertEqual(Self.darkness(image, ix, iy), model.darkness(at: inside), accuracy: 2.0 / 255)
        XCTAssertGreaterThan(Self.darkness(image, ix, iy), 0.05)
    }

    /// How far `p` lies inside the convex quad `quad` (pixels): the least distance to its four
    /// sides' lines, negative outside.
    static func depthInside(_ quad: [Point], _ p: Point) -> Double {
        var least = Double.infinity
        for k in 0..<4 {
            let s = quad[k], t = quad[(k + 1) % 4], o = quad[(k + 2) % 4]
            let ex = t.x - s.x, ey = t.y - s.y, l = (ex * ex + ey * ey).squareRoot()
            var d = (ex * (p.y - s.y) - ey * (p.x - s.x)) / l
            if ex * (o.y - s.y) - ey * (o.x - s.x) < 0 { d = -d }
            least = min(least, d)
        }
        return least
    }

    /// The leaf's own pixels are the same with and without cast shadows (the shadow goes under
    /// it), with the built-in pages, at three turns; the shadow does show beside it.
    func testTheLeafIsUnchangedByItsShadow() throws {
        let size = Self.view
        let (w, h) = (Int(size.width * Self.scale), Int(size.height * Self.scale))
        let pages = (SamplePages.page(1, width: w, height: h), SamplePages.page(2, width: w, height: h))
        for progress in [0.2, 0.45, 0.8] {
            let flip = try Self.flip(progress)
            let on = try render(flip.root, pages: pages)
            let off = try render(flip.root, castsShadows: false, pages: pages)
            let name = progress < 0.5 ? "front" : "back"
            let quad = flip.panels().first { $0.name == name }!.corners.map { Point(x: $0.x * Self.scale, y: $0.y * Self.scale) }
            func deepInside(_ p: Point) -> Bool { Self.depthInside(quad, p) >= 2 }
            var same = 0, changed = 0, shadowed = 0
            for y in 0..<on.height {
                for x in 0..<on.width {
                    if deepInside(Point(x: Double(x) + 0.5, y: Double(y) + 0.5)) {
                        if on.pixel(x, y) == off.pixel(x, y) { same += 1 } else {
                            changed += 1
                            if changed <= 3 { XCTFail("progress \(progress): leaf pixel (\(x), \(y)) changed: \(on.pixel(x, y)) vs \(off.pixel(x, y))") }
                        }
                    } else if on.pixel(x, y) != off.pixel(x, y) {
                        shadowed += 1
                    }
                }
            }
            XCTAssertEqual(changed, 0, "progress \(progress): leaf pixels changed by the shadow")
            XCTAssertGreaterThan(same, 10_000, "progress \(progress)")
            if progress < 0.5 { XCTAssertGreaterThan(shadowed, 2_000, "progress \(progress): the shadow shows beside the leaf") }
        }
    }

    // MARK: The lit look's rule, the fold, the unlit look

    /// In the lit look the covered-page tints are gone (the cast shadow stands for them): with
    /// cast shadows off, the lit page beneath is its own colour wherever the unlit flip tints
    /// it. The crease gradients on the leaf stay.
    func testTheLitLookDropsTheCoveredPageTints() throws {
        let lit = try Self.flip(0.3)
        let seed = try Self.flip(0.3, lit: false)
        let litImage = try render(lit.root, castsShadows: false)
        let seedImage = try render(seed.root, light: nil)
        // A reveal pixel right of the leaf: the seed tints it by ⅓·cos54°, the lit look not at all.
        let x = Int((Self.leafRight(seed) + 20) * Self.scale), y = 240
        XCTAssertEqual(Int(litImage.pixel(x, y).r), 255)
        XCTAssertEqual(Self.darkness(seedImage, x, y), cos(54 * Double.pi / 180) / 3, accuracy: 1.5 / 255)
        // The leaf's crease gradient is still drawn in the lit look (darker near the spine).
        let nearSpine = Int(162 * Self.scale)
        XCTAssertLessThan(litImage.pixel(nearSpine, y).r, litImage.pixel(Int((Self.leafRight(lit) - 4) * Self.scale), y).r)
    }

    /// The fold, lit: its panels fold away from the viewer, behind the page plane, into a
    /// valley whose lower wall C faces up toward the light while the upper wall B faces down.
    /// The standard light's rays climb 26.6° from the view's normal (19.3° sideways), so once
    /// the fold is deeper than that (θ = 90°·p past 63.4°; 70.7° for the horizontal fold) B and
    /// the sleeve above it hide the light from C near the crease and C takes their shadow
    /// (docs/curl.md §8, every receiver). With cast shadows on, every pixel that changes lies
    /// on C (or its antialiased rim) and is darker, and the shadow is darkest along the crease,
    /// where B touches C; at θ = 22.5° nothing rises between C and the light and nothing
    /// changes, no pass is prepared. Before shadows fell on raised receivers the deep fold
    /// changed no pixel (0 of the ≥ 2,000 required).
    func testTheFoldsUpperPanelShadesItsLowerPanel() throws {
        let size = Self.view
        let (w, h) = (Int(size.width * Self.scale), Int(size.height * Self.scale))
        for style: FoldStyle in [[], .horizontal] {
            for progress in [0.25, 0.9] {
                let fold = try FoldTransition(size: size, scale: Self.scale, style: style, source: Self.source, destination: Self.destination)
                try fold.setProgress(progress)
                let on = try render(fold.root), off = try render(fold.root, castsShadows: false)
                try Self.keep(on, "fold-\(style.rawValue)-\(progress)")
                let panels = fold.panels()
                let c = panels.first { $0.name == "C" }!.corners.map { Point(x: $0.x * Self.scale, y: $0.y * Self.scale) }
                let b = panels.first { $0.name == "B" }!.corners.map { Point(x: $0.x * Self.scale, y: $0.y * Self.scale) }
                // The crease: C's corners that are B's too.
                let crease = c.filter { p in b.contains { abs($0.x - p.x) + abs($0.y - p.y) < 0.01 } }
                XCTAssertEqual(crease.count, 2, "fold \(style) at \(progress): the crease")
                var changed = 0, darkestOffCrease = 0.0, darkest = 0.0
                for y in 0..<on.height {
                    for x in 0..<on.width where on.pixel(x, y) != off.pixel(x, y) {
                        changed += 1
                        let p = Point(x: Double(x) + 0.5, y: Double(y) + 0.5)
                        XCTAssertLessThan(Self.distanceOutside(p, c), 1.0, "fold \(style) at \(progress): pixel (\(x), \(y)) changed off C")
                        XCTAssertLessThanOrEqual(on.pixel(x, y).r, off.pixel(x, y).r, "fold \(style) at \(progress): pixel (\(x), \(y)) lighter")
                        let d = 1 - Double(on.pixel(x, y).r) / Double(max(off.pixel(x, y).r, 1))
                        if crease.count == 2 && Self.distance(p, crease[0], crease[1]) < 3 { darkest = max(darkest, d) } else { darkestOffCrease = max(darkestOffCrease, d) }
                    }
                }
                print("fold \(style) at \(progress): \(changed) pixels shaded, darkest \(darkest) at the crease, \(darkestOffCrease) elsewhere")
                if progress < 0.5 {
                    XCTAssertEqual(changed, 0, "fold \(style) at \(progress)")
                    XCTAssertEqual(Self.shadowPasses(fold.root, pixelWidth: w, pixelHeight: h), 0, "fold \(style) at \(progress)")
                } else {
                    XCTAssertGreaterThanOrEqual(changed, 2_000, "fold \(style) at \(progress)")
                    XCTAssertGreaterThanOrEqual(darkest, darkestOffCrease - 1.0 / 255, "fold \(style) at \(progress)")
                }
            }
        }
        // A flip prepares one pass for its leaf (its leaf casts on the pages beneath, nothing on it).
        XCTAssertEqual(Self.shadowPasses(try Self.flip(0.45).root, pixelWidth: w, pixelHeight: h), 1)
    }

    /// How far `p` lies outside the convex polygon `polygon` (0 inside), in its units.
    static func distanceOutside(_ p: Point, _ polygon: [Point]) -> Double {
        var area = 0.0
        for i in polygon.indices {
            let a = polygon[i], b = polygon[(i + 1) % polygon.count]
            area += a.x * b.y - b.x * a.y
        }
        var outside = 0.0
        for i in polygon.indices {
            let a = polygon[i], b = polygon[(i + 1) % polygon.count]
            let dx = b.x - a.x, dy = b.y - a.y, l = (dx * dx + dy * dy).squareRoot()
            guard l > 0 else { continue }
            let inside = (dx * (p.y - a.y) - dy * (p.x - a.x)) / l * (area > 0 ? 1 : -1)
            outside = max(outside, -inside)
        }
        return outside
    }

    /// The distance from `p` to the line through `a` and `b`.
    static func distance(_ p: Point, _ a: Point, _ b: Point) -> Double {
        let dx = b.x - a.x, dy = b.y - a.y
        return abs(dx * (p.y - a.y) - dy * (p.x - a.x)) / (dx * dx + dy * dy).squareRoot()
    }

    /// How many cast-shadow passes the renderer prepares for `root` under the light.
    static func shadowPasses(_ root: Layer, pixelWidth w: Int, pixelHeight h: Int) -> Int {
        nonisolated(unsafe) let root = root // XCTest runs on the main thread
        return MainActor.assumeIsolated {
            let renderer = SharedRenderer.offscreen.renderer
            let evaluator = LayerEvaluator()
            evaluator.evaluate(root)
            renderer.light = Self.light
            defer { renderer.light = nil }
            renderer.prepare(evaluator, scale: Self.scale, pixelWidth: w, pixelHeight: h)
            return renderer.list.castShadow.passes.count
        }
    }

    /// The unlit look is the seed's, pixel for pixel: the frames of the flip, vertical flip,
    /// fold and cubic fold of `folio sheet` (150 × 200 pt, built-in pages) hash to the values
    /// they had before flat casters existed. (Checked when pinned: those rows of the sheet
    /// rendered here are byte-identical to docs/sheet-unlit.png, rendered before the change.)
    func testTheUnlitLookIsUnchanged() throws {
        let size = Size(width: 150, height: 200)
        let pages = (SamplePages.page(1, width: 150, height: 200), SamplePages.page(2, width: 150, height: 200))
        let transitions: [(String, any Transition)] = [
            ("fold", try FoldTransition(size: size, scale: 1, source: Self.source, destination: Self.destination)),
            ("fold-cubic", try FoldTransition(size: size, scale: 1, style: .cubic, source: Self.source, destination: Self.destination)),
            ("flip", try FlipTransition(size: size, scale: 1, source: Self.source, destination: Self.destination)),
            ("flip-vertical", try FlipTransition(size: size, scale: 1, style: .vertical, source: Self.source, destination: Self.destination)),
        ]
        var hashes: [String] = []
        // The unlit curl's shadow (`castsUnlitShadows`, which `folio render` and `folio sheet`
        // turn on) leaves every one of these frames as it was: only curled leaves cast it.
        for unlitShadows in [false, true] {
            for (name, transition) in transitions {
                var hash: UInt64 = 0xcbf2_9ce4_8422_2325
                for i in 0..<6 {
                    try transition.setProgress(Double(i) / 5)
                    nonisolated(unsafe) let root = transition.root
                    let image = try MainActor.assumeIsolated {
                        let offscreen = SharedRenderer.offscreen
                        try offscreen.renderer.setImage(pages.0, for: Self.source)
                        try offscreen.renderer.setImage(pages.1, for: Self.destination)
                        // The hashes were taken with the textures sampled plain trilinear, as uploads
                        // were before issue 27 biased their level of detail (docs/sharpness.md): the
                        // turning halves are minified, and what this pins is the unlit look, not the
                        // filter.
                        for handle in [Self.source, Self.destination] {
                            offscreen.renderer.setSampling(mipmapped: true, anisotropy: 1, lodBias: 0, for: handle)
                        }
                        offscreen.renderer.castsUnlitShadows = unlitShadows
                        defer { offscreen.renderer.castsUnlitShadows = false }
                        return try offscreen.render(root, size: size, scale: 1, antialiasing: .analytic,
                                                    background: Color(red: 0.18, green: 0.19, blue: 0.22))
                    }
                    for byte in image.pixels { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
                }
                hashes.append("\(name):\(String(hash, radix: 16))")
            }
        }
        XCTAssertEqual(hashes, Self.unlitHashes + Self.unlitHashes)
    }

    /// FNV-1a hashes of the unlit frames (progress 0, 0.2, …, 1) of each effect.
    static let unlitHashes = ["fold:2dfd9c3ba32e324b", "fold-cubic:526cc40a989130a6", "flip:d506c0b6b941f1fc", "flip-vertical:e5b4bdfb2a3a395a"]
}
