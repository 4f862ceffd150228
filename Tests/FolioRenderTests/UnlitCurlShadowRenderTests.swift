import Foundation
import XCTest
@testable import FolioRender
import FolioCLI
import FolioGeometry
import FolioLayers
import FolioSurface
import FolioTessellation
import FolioTransitions
import FolioBook
@testable import FolioBench

/// The unlit curl's cast shadow (docs/curl.md §8, "The unlit curl's cast shadow"): with no paper
/// light and `QuadRenderer.castsUnlitShadows`, a curled leaf casts the lit look's shadow from
/// the standard light's direction — umbra `o(h) = ⅓/(1 + h/h₀)`, penumbra `w(h) = w₀ + 2h·tan β`
/// — on the page beneath, on its own flat part and on curled leaves beneath, and nothing else
/// of the frame changes.
///
/// The oracle is computed here from the exact cylinder (the caster's height above each pixel
/// found along the ray toward the light, by bisection on the roll or, over the flat part, the
/// turned part's height `2r`), not from the renderer's mesh or triangles; its terms are written
/// out in `CastShadowRenderTests` (6° light, 1 pt contact softness, ⅓ at contact, halving at
/// half the leaf's length). White paper unlit reads `255·(1 − darkness)`.
final class UnlitCurlShadowRenderTests: XCTestCase {
    typealias Lit = CastShadowRenderTests

    /// `root` drawn unlit, with or without the unlit curl's shadow.
    func render(_ root: Layer, unlitShadows: Bool, size: Size = Lit.view) throws -> Image {
        nonisolated(unsafe) let root = root // XCTest runs on the main thread
        return try MainActor.assumeIsolated {
            let offscreen = SharedRenderer.offscreen
            offscreen.renderer.light = nil
            offscreen.renderer.castsUnlitShadows = unlitShadows
            defer { offscreen.renderer.castsUnlitShadows = false }
            return try offscreen.render(root, size: size, scale: Lit.scale, antialiasing: .analytic, background: Lit.background)
        }
    }

    // MARK: On the page

    /// Across the free edge's shadow on the page, and inside its umbra, the unlit page is
    /// darkened by the model's `o(h)·F(2d/w(h))` at three heights of the edge (12.8, 20.4 and
    /// 28.7 pt), to 2/255; without the unlit shadow (the renderer before) the page stays white
    /// there, up to `o(h)` = 66/255 off.
    func testTheUnlitCurlCastsTheModelsShadowOnThePage() throws {
        for radius in [20.0, 32, 45] {
            let scene = try Lit.scene(radius: radius, thetaEnd: 1.2)
            let image = try render(scene.root, unlitShadows: true)
            let bare = try render(scene.root, unlitShadows: false)
            if let dir = ProcessInfo.processInfo.environment["FOLIO_SHADOW_PNG"] { try image.writePNG(path: "\(dir)/unlit-shadow-R\(Int(radius)).png") }
            let first = Int((scene.silhouetteX * Lit.scale).rounded(.up)) + 2
            let last = Int(((scene.edgeX + Lit.width(scene.edgeHeight)) * Lit.scale).rounded(.up)) + 2
            let scan = Lit.scanShadow(image, bare: bare, rows: Lit.rows, columns: first...last, label: "R \(radius)",
                                      expected: scene.expectedDarkness(atX:), isUmbra: scene.isUmbra(atX:))
            print("unlit cast shadow on the page, R \(radius): h at the edge \(scene.edgeHeight) pt, \(scan.umbra) umbra and \(scan.penumbra) penumbra pixels, "
                  + "worst error \(scan.worst * 255)/255 (without the unlit shadow \(scan.missing * 255)/255)")
            XCTAssertGreaterThanOrEqual(scan.umbra, 6, "R \(radius): umbra pixels checked")
            XCTAssertGreaterThanOrEqual(scan.penumbra, 15, "R \(radius): penumbra pixels checked")
            XCTAssertGreaterThan(scan.missing, 0.2, "R \(radius): the shadow is there to be missed")
        }
    }

    // MARK: On the leaf's own flat part

    /// A leaf with its spine on the right, rolled past the half turn so that its turned part
    /// lies face down `2r` above its flat part. Placed so that the free edge lies near the view's
    /// centre (the perspective's pivot), where the turned part's image barely moves.
    struct WrappedScene {
        let root: Layer
        /// The turned part's free edge on the page plane (view x), the radius, the leaf's
        /// length across the spine (the fade height is half of it).
        let freeX: Double, radius: Double, across: Double

        /// The standard light's slope: a caster point `h` above the plane shades the point
        /// `h·(0.35, 0.5)` from it (view points, y down), L = (−0.35, −0.5, 1).
        static let slope = (x: 0.35, y: 0.5)
        /// The turned part's free edge's shadow on the plane.
        var shadowEdgeX: Double { freeX + 2 * radius * Self.slope.x }
        /// The model at view x right of the free edge: a ray from the flat part toward the light
        /// meets the turned part `2r` up when it starts left of the free edge's shadow (the
        /// turned part reaches back past the roll's top, so nothing lower stands in the way).
        func expectedDarkness(atX x: Double) -> Double {
            let h = 2 * radius
            let w = Lit.contactWidth + 2 * h * tan(Lit.angularRadius)
            let o = Lit.contactOpacity / (1 + h / (across / 2))
            return o * Lit.F(2 * (shadowEdgeX - x) / w)
        }
    }

    /// The leaf of rest radius `radius`, its free edge `thetaEnd` radians round the roll, white
    /// on a white page.
    static func wrappedScene(radius: Double, thetaEnd: Double) throws -> WrappedScene {
        let across = Lit.leafSize.width
        let e = across - thetaEnd * radius
        precondition(e >= 2 * radius && thetaEnd > .pi, "the radius law keeps r = R, and the leaf is past the half turn")
        let turned = radius * (thetaEnd - .pi)
        // Spine right: the axis lies e from the spine, the turned part reaches `turned` back
        // over the flat part from it; the free edge 5 pt left of the view's centre.
        let originX = Lit.view.width / 2 - 5 - turned - (across - e)
        let curl = try PageCurl(size: Lit.leafSize, spine: .right, restRadius: radius,
                                pose: CurlPose(angle: 0, axisFraction: e / across))
        let leaf = SurfaceLayer(name: "leaf")
        leaf.anchorPoint = Point(x: 0, y: 0)
        leaf.position = Point(x: originX, y: Lit.leafOrigin.y)
        leaf.backgroundColor = .white
        let page = Layer(name: "page", frame: Rect(x: 0, y: 0, width: Lit.view.width, height: Lit.view.height), backgroundColor: .white)
        let root = Layer(name: "root", frame: Rect(x: 0, y: 0, width: Lit.view.width, height: Lit.view.height), sublayers: [page, leaf])
        var perspective = Transform3D.identity
        perspective.m34 = -1 / (4.666667 * Lit.view.width / 2)
        root.sublayerTransform = perspective
        try leaf.setCurl(curl, toView: leaf.localTransform.concatenating(root.pivotedSublayerTransform), scale: Lit.scale)
        let axisX = originX + across - e
        return WrappedScene(root: root, freeX: axisX + turned, radius: radius, across: across)
    }

    /// The turned part's shadow on the leaf's own flat part: right of the free edge the flat
    /// part takes the umbra `o(2r)` and then the penumbra `w(2r)` across the free edge's shadow,
    /// to 2/255, at r = 16 and 24 pt (heights 32 and 48 pt: umbra 60.7 and 51.0/255). Without
    /// the unlit shadow the flat part stays white.
    func testTheTurnedPartShadesTheLeafsOwnFlatPart() throws {
        for radius in [16.0, 24] {
            let scene = try Self.wrappedScene(radius: radius, thetaEnd: 4.5)
            let image = try render(scene.root, unlitShadows: true)
            let bare = try render(scene.root, unlitShadows: false)
            if let dir = ProcessInfo.processInfo.environment["FOLIO_SHADOW_PNG"] { try image.writePNG(path: "\(dir)/unlit-flat-part-R\(Int(radius)).png") }
            let h = 2 * radius
            let w = Lit.contactWidth + 2 * h * tan(Lit.angularRadius)
            // From two pixels right of the free edge (its image lies left of it: the view's
            // centre is right of the edge) to past the penumbra.
            let first = Int((scene.freeX * Lit.scale).rounded(.up)) + 2
            let last = Int(((scene.shadowEdgeX + w) * Lit.scale).rounded(.up)) + 2
            // Rows between the shadows of the leaf's top and bottom edges (moved down by r).
            let scan = Lit.scanShadow(image, bare: bare, rows: Lit.rows, columns: first...last, label: "r \(radius)",
                                      expected: scene.expectedDarkness(atX:), isUmbra: { scene.shadowEdgeX - $0 > w / 2 + 0.5 / Lit.scale })
            print("unlit cast shadow on the leaf's flat part, r \(radius): h \(h) pt, \(scan.umbra) umbra and \(scan.penumbra) penumbra pixels, "
                  + "worst error \(scan.worst * 255)/255 (without the unlit shadow \(scan.missing * 255)/255)")
            XCTAssertGreaterThanOrEqual(scan.umbra, 30, "r \(radius): umbra pixels checked")
            XCTAssertGreaterThanOrEqual(scan.penumbra, 30, "r \(radius): penumbra pixels checked")
            XCTAssertGreaterThan(scan.missing, 0.18, "r \(radius): the shadow is there to be missed")
        }
    }

    // MARK: What it changes, and when

    /// Unlit, the shadow's passes are the lit look's, for curled leaves only: the same passes
    /// as under the light for a curl; none for a frame without a curled leaf, nor with the
    /// switch off or shadows off.
    func testTheUnlitPassesAreTheLitOnesAndOnlyForCurledLeaves() throws {
        let scene = try Lit.scene(radius: 30, thetaEnd: 1.2)
        nonisolated(unsafe) let root = scene.root
        MainActor.assumeIsolated {
            let renderer = SharedRenderer.offscreen.renderer
            let evaluator = LayerEvaluator()
            evaluator.evaluate(root)
            defer { renderer.light = nil; renderer.castsShadows = true; renderer.castsUnlitShadows = false }
            renderer.light = Lit.light
            renderer.prepare(evaluator, scale: Lit.scale, pixelWidth: 600, pixelHeight: 600)
            let lit = renderer.list.castShadow.passes.map { ($0.beforeBatch, $0.vertices.count) }
            XCTAssertFalse(lit.isEmpty)
            renderer.light = nil
            renderer.castsUnlitShadows = true
            XCTAssertEqual(renderer.frameInputs, .all)
            renderer.prepare(evaluator, scale: Lit.scale, pixelWidth: 600, pixelHeight: 600)
            let unlit = renderer.list.castShadow.passes.map { ($0.beforeBatch, $0.vertices.count) }
            XCTAssertEqual(renderer.frame.inputs, .all)
            XCTAssertEqual(unlit.map(\.0), lit.map(\.0))
            XCTAssertEqual(unlit.map(\.1), lit.map(\.1))
            renderer.castsShadows = false
            XCTAssertEqual(renderer.frameInputs, [])
            renderer.prepare(evaluator, scale: Lit.scale, pixelWidth: 600, pixelHeight: 600)
            XCTAssertTrue(renderer.list.castShadow.passes.isEmpty)
            renderer.castsShadows = true
            // A flip's leaf, standing off the page, casts nothing unlit (its tints stand for it).
            let flip = try! FlipTransition(size: Size(width: 150, height: 200), scale: 1, source: ContentHandle(1), destination: ContentHandle(2))
            try! flip.setProgress(0.3)
            try! renderer.setImage(SamplePages.page(1, width: 150, height: 200), for: ContentHandle(1))
            try! renderer.setImage(SamplePages.page(2, width: 150, height: 200), for: ContentHandle(2))
            evaluator.evaluate(flip.root)
            renderer.prepare(evaluator, scale: Lit.scale, pixelWidth: 600, pixelHeight: 600)
            XCTAssertTrue(renderer.list.castShadow.passes.isEmpty, "a flat caster casts nothing unlit")
            XCTAssertEqual(renderer.frame.inputs, [], "a frame with no curled leaf records what it recorded before")
            renderer.light = Lit.light
            renderer.prepare(evaluator, scale: Lit.scale, pixelWidth: 600, pixelHeight: 600)
            XCTAssertFalse(renderer.list.castShadow.passes.isEmpty, "the same leaf casts under the light")
        }
    }

    /// The unlit curl's shadow fades in from rest and out as the leaf lands, like the lit one:
    /// `folio render --effect curl` (unlit, shadows on by default) against `--no-shadows`, the
    /// darkening summed over the frame (levels of the three channels, /255) is 0 at rest, grows
    /// as the leaf lifts (from nothing: under 1% of the mid-turn figure at progress 0.1) and
    /// falls back to nothing as the leaf lands: at 0.9999 under 0.2% of mid-turn and no pixel
    /// more than 2 levels dark (measured: 4.9 at 0.1, 3,586 at 0.5, 16.0 at 0.999, 0 at 0.9999). (Before the landing fade, `landingFade`, a line along the spine
    /// stayed to the end: 64.8 at 0.9999, 19 levels on one pixel, 55.7 and 17 at 0.99999.)
    func testTheShadowFadesInFromRestAndOutAtLanding() throws {
        func darkening(_ progress: Double) throws -> (total: Double, most: Int) {
            func image(_ extra: [String]) throws -> Image {
                let command = try RenderCommand.parse(["--effect", "curl", "--progress", "\(progress)", "--size", "320x200",
                                                       "--scale", "2", "--out", "/tmp/folio-unlit-curl.png"] + extra)
                return try MainActor.assumeIsolated { try command.image() }
            }
            let shaded = try image([]), bare = try image(["--no-shadows"])
            var total = 0.0, most = 0
            for (a, b) in zip(shaded.pixels, bare.pixels) {
                XCTAssertLessThanOrEqual(a, b, "progress \(progress): the shadow only darkens")
                total += Double(Int(b) - Int(a)) / 255
                most = max(most, Int(b) - Int(a))
            }
            return (total, most)
        }
        let start = [0, 0.0001, 0.001, 0.01, 0.1], middle = 0.5, end = [0.9, 0.99, 0.999, 0.9999, 1]
        let opening = try start.map { try darkening($0) }, mid = try darkening(middle), landing = try end.map { try darkening($0) }
        print("unlit curl shadow, darkening summed (levels/255) and the most on one channel: "
              + zip(start + [middle] + end, opening + [mid] + landing).map { "\($0): \(String(format: "%.1f", $1.total)) (\($1.most))" }.joined(separator: ", "))
        XCTAssertEqual(opening[0].total, 0, "nothing at rest")
        XCTAssertEqual(landing.last!.total, 0, "nothing once landed")
        XCTAssertGreaterThan(mid.total, 1000, "a shadow mid-turn")
        for k in 1..<start.count { XCTAssertGreaterThanOrEqual(opening[k].total, opening[k - 1].total, "growing from rest at \(start[k])") }
        for k in 1..<end.count where landing[k - 1].total > 0 {
            XCTAssertLessThan(landing[k].total, landing[k - 1].total, "falling toward landing at \(end[k])")
        }
        XCTAssertLessThan(opening[start.count - 1].total, 0.01 * mid.total, "no jump as the turn starts")
        XCTAssertLessThan(landing[end.count - 2].total, 0.002 * mid.total, "no jump as the leaf lands")
        XCTAssertLessThanOrEqual(landing[end.count - 2].most, 2, "no line left at the spine as the leaf lands")
    }

    /// Preparing an unlit four-leaf curl riffle's frames with the unlit shadow allocates no
    /// more per frame than preparing them lit (which `folio bench --quick` counts at 0 in a
    /// release build): the same passes, in the list's own storage.
    func testTheUnlitShadowAllocatesNoMorePerFrameThanTheLitOne() throws {
        guard AllocationCounter.isActive else { return XCTFail("the allocation counter is not interposed in this process") }
        try MainActor.assumeIsolated {
            let size = Size(width: 640, height: 400)
            let book = try Book(pageCount: 12, configuration: BookConfiguration(viewSize: size, layout: .spread, effect: CurlLeafEffect()))
            let renderer = SharedRenderer.offscreen.renderer
            for page in 0..<book.pageCount {
                try renderer.setImage(SamplePages.page(page + 1, width: 64, height: 80), for: book.handle(forPage: page))
            }
            let evaluator = LayerEvaluator()
            var frames: [Frame] = []
            var leaves = (0..<4).map { BookLeaf(index: 2 + $0, progress: 0) }
            for k in 0..<8 {
                for i in leaves.indices { leaves[i].progress = 0.1 + 0.02 * Double(k) + 0.15 * Double(3 - i) }
                try book.setLeaves(leaves)
                evaluator.evaluate(book.root)
                frames.append(Frame(recording: evaluator, inputs: .all))
            }
            defer { renderer.light = nil; renderer.castsUnlitShadows = false }
            var counts: [Double] = [], passes: [Int] = []
            for (light, unlit) in [(PaperLight?.none, false), (PaperLight.standard, false), (nil, true)] {
                renderer.light = light
                renderer.castsUnlitShadows = unlit
                var k = 0
                counts.append(AllocationCounter.perCall(warmUp: 8, iterations: 16) {
                    k += 1
                    renderer.prepare(frames[k % frames.count], scale: 2, pixelWidth: 1280, pixelHeight: 800, origin: (0, 0))
                })
                passes.append(renderer.list.castShadow.passes.count)
            }
            print("preparing an unlit curl riffle (debug build): \(counts[0]) allocations a frame without shadows, \(counts[1]) lit, "
                  + "\(counts[2]) unlit with the curl's shadow; shadow passes \(passes)")
            XCTAssertEqual(passes[0], 0)
            XCTAssertGreaterThan(passes[2], 3, "the riffle's leaves cast unlit")
            XCTAssertLessThanOrEqual(counts[2], counts[1], "no more allocations than the lit shadow's")
        }
    }

    // MARK: A flat leaf over a curled leaf

    /// A white curled leaf (spine left, rolled to 1.2 rad at rest radius 20 pt: its flat part
    /// spans view x 40–176, y 60–240) on a white page, and over its flat part a white sheet
    /// `sheet` held parallel to the page `height` pt above it (a hard cover's board, seen at
    /// one pose: a flat opaque layer in flight in the same 3D rendering context).
    static func sheetOverCurledLeaf(height: Double) throws -> Layer {
        let scene = try Lit.scene(radius: 20, thetaEnd: 1.2)
        scene.leaf.backgroundColor = .white
        let s = sheet
        let board = Layer(name: "board", frame: Rect(x: s.x0, y: s.y0, width: s.x1 - s.x0, height: s.y1 - s.y0), backgroundColor: .white)
        board.zPosition = height
        try scene.root.setSublayers(scene.root.sublayers + [board])
        return scene.root
    }

    /// The sheet of `sheetOverCurledLeaf` (view points): its right edge's shadow falls on the
    /// leaf's flat part, clear of the roll's shadow (right of the axis at x = 176).
    static let sheet = (x0: 90.0, y0: 90.0, x1: 140.0, y1: 150.0)

    /// The oracle for `sheetOverCurledLeaf`: the darkness at a page-plane point at view x
    /// (points: the perspective leaves the page plane where it is) on a row whose ray toward
    /// the light meets the sheet's plane well inside its top and bottom edges. A ray from the
    /// point toward the standard light, `(x, y) + t·(−0.35, −0.5)` per point of height, meets the
    /// sheet's plane at `(x − 0.35h, y − 0.5h)`: the occluder's height is `h` where that lands
    /// on the sheet, and outside it the height of the nearest edge's (the same `h`: the sheet
    /// is level). Across the right edge's shadow, `d` points inside it, the model gives
    /// `o(h)·F(2d/w(h))` with the sheet's fade height half its larger side (30 pt).
    static func sheetDarkness(atX x: Double, height h: Double) -> Double {
        let s = sheet
        let hx = x - 0.35 * h
        precondition(hx > s.x0 + 10, "left of the sheet's shadow")
        let d = s.x1 - hx
        let fade = max(s.x1 - s.x0, s.y1 - s.y0) / 2
        let o = Lit.contactOpacity / (1 + h / fade)
        return o * Lit.F(2 * d / Lit.width(h))
    }

    /// Unlit, a flat leaf in flight over a curled leaf's flat part (a hard cover's board over
    /// a curl book's leaf) casts the lit look's shadow from the standard light, as the curled
    /// leaf's own does: across the right edge's shadow of a sheet held 12, 24 and 36 pt above
    /// the flat part, every pixel within 2/255 of the ray-cast oracle (`sheetDarkness`), the
    /// penumbra widening with the height. Before, a flat layer cast nothing unlit even on a
    /// curled leaf (which takes no tint): the flat part stayed white, up to `o(h)` (71, 64 and
    /// 58/255) off.
    func testAFlatLeafOverACurledLeafCastsUnlit() throws {
        var widths: [Double] = []
        for height in [12.0, 24, 36] {
            let root = try Self.sheetOverCurledLeaf(height: height)
            let image = try render(root, unlitShadows: true)
            if let dir = ProcessInfo.processInfo.environment["FOLIO_SHADOW_PNG"] { try image.writePNG(path: "\(dir)/unlit-board-over-curl-\(Int(height)).png") }
            let edge = Self.sheet.x1 + 0.35 * height, w = Lit.width(height)
            // From the umbra, clear of the sheet's own image (it stands nearer the eye, 1 + h/700
            // times larger about the view's centre), to past the penumbra.
            let first = Int(((edge - w / 2 - 1.5) * Lit.scale).rounded(.down)), last = Int(((edge + w / 2 + 2) * Lit.scale).rounded(.up))
            let sheetImage = Lit.view.width / 2 + (Self.sheet.x1 - Lit.view.width / 2) / (1 - height / (4.666667 * Lit.view.width / 2))
            XCTAssertGreaterThan(Double(first) / Lit.scale, sheetImage + 0.5, "\(height) pt: the pixels read lie off the sheet's image")
            let rows = [250, 270, 290]
            for y in rows {
                // The ray from the pixel meets the sheet's plane well inside its top and bottom
                // edges (their penumbrae are far).
                let hy = (Double(y) + 0.5) / Lit.scale - 0.5 * height
                XCTAssertTrue(hy > Self.sheet.y0 + 10 && hy < Self.sheet.y1 - 10, "\(height) pt: row \(y) lies under the sheet")
            }
            let bare = try render(root, unlitShadows: false)
            let scan = Lit.scanShadow(image, bare: bare, rows: rows, columns: first...last, label: "\(height) pt",
                                      expected: { Self.sheetDarkness(atX: $0, height: height) }, isUmbra: { edge - $0 > w / 2 + 0.5 / Lit.scale })
            let profile = (first...last).map { x in (x: (Double(x) + 0.5) / Lit.scale, darkness: Lit.darkness(image, x, 270)) }
            // The penumbra between the 10% and 90% levels of the umbra's darkness (points).
            let o = Lit.contactOpacity / (1 + height / 30)
            func crossing(_ level: Double) -> Double {
                for k in 1..<profile.count where profile[k - 1].darkness >= level * o && profile[k].darkness < level * o {
                    let a = profile[k - 1], b = profile[k]
                    return a.x + (b.x - a.x) * (a.darkness - level * o) / (a.darkness - b.darkness)
                }
                return .nan
            }
            widths.append(crossing(0.1) - crossing(0.9))
            print("unlit board over a curled leaf's flat part, \(height) pt up: \(scan.umbra) umbra and \(scan.penumbra) penumbra pixels, "
                  + "worst \(scan.worst * 255)/255 (without the shadow \(scan.missing * 255)/255), penumbra 10–90% \(widths.last!) pt")
            XCTAssertGreaterThanOrEqual(scan.umbra, 6, "\(height) pt: umbra pixels checked")
            XCTAssertGreaterThanOrEqual(scan.penumbra, 12, "\(height) pt: penumbra pixels checked")
            XCTAssertGreaterThan(scan.missing, 0.15, "\(height) pt: the shadow is there to be missed")
        }
        XCTAssertLessThan(widths[0], widths[1], "the penumbra widens with the height")
        XCTAssertLessThan(widths[1], widths[2], "the penumbra widens with the height")
    }

    /// A curl book with hard covers (`folio render --effect book --leaf-effect curl
    /// --hard-cover`, 640 × 400 pt), the front board turning at 0.45 above the first curled
    /// leaf at 0.3 and at 0.42: unlit, the board's shadow on the leaf's flat part is the lit
    /// look's, byte for byte — on every pixel lying flat and facing the viewer (the same
    /// without shadows lit and unlit, as the paper light leaves it as it is) the unlit frame is
    /// the lit frame, over 30,000 of them darkened by 4 levels or more. Before, the board cast
    /// nothing unlit: those pixels stayed as without shadows (up to 75 levels off).
    func testAHardCoverOverACurledLeafShadesItUnlitAsLit() throws {
        for progress in [0.3, 0.42] {
            func image(_ extra: [String]) throws -> Image {
                let command = try RenderCommand.parse(["--effect", "book", "--layout", "spread", "--leaf-effect", "curl", "--hard-cover",
                                                       "--page-count", "12", "--leaf", "0:0.45", "--leaf", "1:\(progress)", "--size", "640x400",
                                                       "--scale", "1", "--out", "/tmp/folio-unlit-board.png"] + extra)
                return try MainActor.assumeIsolated { try command.image() }
            }
            let unlit = try image([]), unlitBare = try image(["--no-shadows"])
            let lit = try image(["--light"]), litBare = try image(["--light", "--no-shadows"])
            if let dir = ProcessInfo.processInfo.environment["FOLIO_SHADOW_PNG"] { try unlit.writePNG(path: "\(dir)/unlit-board-book-\(progress).png") }
            var flat = 0, darkened = 0, worst = 0, missing = 0
            for y in 0..<unlit.height {
                for x in 0..<unlit.width {
                    let ub = unlitBare.pixel(x, y), lb = litBare.pixel(x, y)
                    guard ub == lb else { continue }
                    flat += 1
                    let u = unlit.pixel(x, y), l = lit.pixel(x, y)
                    let off = max(abs(Int(u.r) - Int(l.r)), abs(Int(u.g) - Int(l.g)), abs(Int(u.b) - Int(l.b)))
                    let shade = max(Int(ub.r) - Int(l.r), Int(ub.g) - Int(l.g), Int(ub.b) - Int(l.b))
                    worst = max(worst, off)
                    missing = max(missing, shade)
                    if shade >= 4 { darkened += 1 }
                    XCTAssertLessThanOrEqual(off, 1, "leaf at \(progress), pixel (\(x), \(y)): unlit \(u) against lit \(l)")
                }
            }
            print("hard cover over a curled leaf at \(progress), unlit: \(flat) flat pixels, \(darkened) darkened by 4 levels or more, "
                  + "worst \(worst) levels off the lit frame (the shadow up to \(missing) levels)")
            XCTAssertGreaterThan(darkened, 30000, "leaf at \(progress): the shadow is there")
        }
    }

    // MARK: On curled leaves beneath

    /// A three-leaf curl riffle (`folio render --effect book --leaf-effect curl`, 640 × 400 pt,
    /// leaves at 0.45, 0.3 and 0.15): on the rolls of the leaves beneath, which the paper light
    /// shades lit, the unlit shadow takes the same share of the light as the lit one — where
    /// the lit shadow darkens a shaded pixel by the factor `lit ÷ lit without shadows` (the lit
    /// curved receivers' pass, held to a ray cast in `SurfaceReceiverShadowRenderTests`), the
    /// unlit pixel is its own unshadowed value times that factor, to 2 levels (four 8-bit
    /// values make the prediction). Before the unlit shadow, those pixels were not darkened
    /// at all (up to 83 levels off).
    func testCurledLeavesBeneathTakeTheLitShadowsShareOfTheLight() throws {
        func image(_ extra: [String]) throws -> Image {
            let command = try RenderCommand.parse(["--effect", "book", "--layout", "spread", "--leaf-effect", "curl", "--page-count", "12",
                                                   "--leaf", "2:0.45", "--leaf", "3:0.3", "--leaf", "4:0.15", "--size", "640x400",
                                                   "--scale", "1", "--out", "/tmp/folio-unlit-riffle.png"] + extra)
            return try MainActor.assumeIsolated { try command.image() }
        }
        let unlit = try image([]), unlitBare = try image(["--no-shadows"])
        let lit = try image(["--light"]), litBare = try image(["--light", "--no-shadows"])
        // Away from edges: an antialiased outline mixes an unshadowed leaf over the shadowed
        // receiver, which no one factor describes (there the unlit pixel reads up to 7 levels
        // lighter than the factor says, as the leaf's share is not darkened).
        func smooth(_ image: Image, _ x: Int, _ y: Int) -> Bool {
            guard x > 0, y > 0, x + 1 < image.width, y + 1 < image.height else { return false }
            let p = image.pixel(x, y)
            for (dx, dy) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
                let q = image.pixel(x + dx, y + dy)
                if max(abs(Int(q.r) - Int(p.r)), abs(Int(q.g) - Int(p.g)), abs(Int(q.b) - Int(p.b))) > 16 { return false }
            }
            return true
        }
        var compared = 0, worst = 0.0, missing = 0.0
        for y in 0..<unlit.height {
            for x in 0..<unlit.width {
                let ub = unlitBare.pixel(x, y), lb = litBare.pixel(x, y), l = lit.pixel(x, y), u = unlit.pixel(x, y)
                // A pixel the light shades (a curved part), that the lit shadow darkens clearly.
                guard ub != lb, lb.r > 100, lb.g > 100, lb.b > 100, Int(lb.r) - Int(l.r) >= 4 else { continue }
                guard smooth(unlit, x, y), smooth(unlitBare, x, y), smooth(lit, x, y), smooth(litBare, x, y) else { continue }
                compared += 1
                for (unshaded, litShaded, litBare, actual) in [(ub.r, l.r, lb.r, u.r), (ub.g, l.g, lb.g, u.g), (ub.b, l.b, lb.b, u.b)] {
                    let expected = Double(unshaded) * Double(litShaded) / Double(litBare)
                    worst = max(worst, abs(Double(actual) - expected))
                    missing = max(missing, abs(Double(unshaded) - expected))
                    XCTAssertEqual(Double(actual), expected, accuracy: 2, "pixel (\(x), \(y))")
                }
            }
        }
        print("unlit curl riffle, shaded pixels the lit shadow darkens: \(compared), worst \(worst) levels off the lit factor "
              + "(without the unlit shadow \(missing))")
        XCTAssertGreaterThan(compared, 400, "shaded pixels compared")
        XCTAssertGreaterThan(missing, 20, "the shadow is there to be missed")
    }
}
