import Foundation
import CGL
import XCTest
@_spi(Benchmarks) @testable import FolioRender
import FolioGeometry
import FolioLayers
import FolioSurface
import FolioBook

/// Cast shadows on curled leaves (docs/curl.md §8, "Curved receivers"): a flat grey sheet held
/// level above a curled leaf, lit obliquely, seen straight down (no perspective), drawn by the
/// GL renderer and read back against an independent ray cast of the same scene — every
/// receiver pixel's point found on the exact cylinder written out here (the leaf's flat part,
/// the upper half of its roll, its turned part), and the share of a disc light its rays that
/// the sheet's rectangle blocks, by sampling the disc.
final class SurfaceReceiverShadowRenderTests: XCTestCase {
    static let view = Size(width: 240, height: 300)
    static let scale = 2.0
    /// The leaf: 160 × 180 pt, spine on the left at x = 20, rolled with its axis parallel to
    /// the spine (α = 0), rest radius 20 pt, its free edge 4 radians round the roll (past the
    /// half turn: a turned part lies over the flat part).
    static let leafOrigin = Point(x: 20, y: 60)
    static let leafSize = Size(width: 160, height: 180)
    static let radius = 20.0, thetaEnd = 4.0
    /// The axis line in the view: x where the roll leaves the page.
    static var axisX: Double { leafOrigin.x + leafSize.width - thetaEnd * radius }
    /// The light: 30° from the page's normal toward −y (up the screen), so shadows fall down it.
    static let tilt = 30.0 * Double.pi / 180
    static var lightDirection: Vector3 { Vector3(x: 0, y: -sin(tilt), z: cos(tilt)) }
    static var light: PaperLight { try! PaperLight(direction: lightDirection) }
    /// The sheet: 70 pt above the page over x 50…170, y 40…120 (view points).
    static let sheetHeight = 70.0
    static let sheet = (x0: 50.0, y0: 40.0, x1: 170.0, y1: 120.0)
    static let background = Color(red: 0.2, green: 0.4, blue: 0.8)

    /// The model's terms (docs/curl.md §8), measured along the light on a curved receiver: a 6°
    /// light, 1 pt contact softness, ⅓ at contact halving at half the sheet's longer side
    /// (60 pt), scaled by the receiver's share of direct light `n / (0.55 + 0.45n)`,
    /// `n = N·L / L_z`.
    static let spread = tan(6 * Double.pi / 180), contactWidth = 1.0
    static func umbra(_ t: Double, share: Double) -> Double { share * (1.0 / 3) / (1 + t / 60) }

    /// The visible point of the leaf at view x (its own height z, and the view's share of
    /// direct light there): the flat part left of the turned part, the turned part (z = 2r,
    /// its back facing up), the roll's upper half (`x = axis + r sin θ`, `z = r(1 − cos θ)`,
    /// θ in π/2…π, its back facing up: normal `(sin θ, 0, −cos θ)`).
    static func surface(atX x: Double) -> (z: Double, share: Double)? {
        let turnedStart = axisX - (thetaEnd - .pi) * radius
        func share(_ n: Double) -> Double { n > 0 ? n / (0.55 + 0.45 * n) : 0 }
        if x < turnedStart { return (0, 1) }
        if x <= axisX { return (2 * radius, 1) }
        guard x < axisX + radius else { return nil }
        let theta = Double.pi - asin((x - axisX) / radius)
        // N·L / L_z with N = (sin θ, 0, −cos θ), L = (0, −sin φ, cos φ): −cos θ.
        return (radius * (1 - cos(theta)), share(-cos(theta)))
    }

    /// The ray cast: the share of a disc light of angular radius `atan(t)` around the light's
    /// direction whose rays from `p` (view points, height `z`) meet the sheet's rectangle, over
    /// a 96 × 96 grid of directions on the disc.
    static func blocked(_ p: Point, z: Double, radius t: Double) -> Double {
        let l = lightDirection
        let u = Vector3(x: 1, y: 0, z: 0), v = Vector3(x: 0, y: cos(tilt), z: sin(tilt))   // across the light
        let n = 96
        var hit = 0, all = 0
        for i in 0..<n {
            for j in 0..<n {
                let a = (2 * (Double(i) + 0.5) / Double(n) - 1) * t, b = (2 * (Double(j) + 0.5) / Double(n) - 1) * t
                guard a * a + b * b <= t * t else { continue }
                all += 1
                let d = l + u * a + v * b
                let s = (sheetHeight - z) / d.z
                let x = p.x + s * d.x, y = p.y + s * d.y
                if x >= sheet.x0 && x <= sheet.x1 && y >= sheet.y0 && y <= sheet.y1 { hit += 1 }
            }
        }
        return Double(hit) / Double(all)
    }

    static func scene(withSheet: Bool) throws -> Layer {
        let across = leafSize.width
        let e = across - thetaEnd * radius
        let curl = try PageCurl(size: leafSize, spine: .left, restRadius: radius, pose: CurlPose(angle: 0, axisFraction: e / across))
        let leaf = SurfaceLayer(name: "leaf")
        leaf.anchorPoint = Point(x: 0, y: 0)
        leaf.position = leafOrigin
        leaf.backgroundColor = Color(red: 1, green: 1, blue: 1)
        let page = Layer(name: "page", frame: Rect(x: 0, y: 0, width: view.width, height: view.height), backgroundColor: .white)
        var sublayers: [Layer] = [page, leaf]
        if withSheet {
            let caster = Layer(name: "sheet", frame: Rect(x: sheet.x0, y: sheet.y0, width: sheet.x1 - sheet.x0, height: sheet.y1 - sheet.y0),
                               backgroundColor: Color(red: 0.5, green: 0.5, blue: 0.5))
            caster.zPosition = sheetHeight
            sublayers.append(caster)
        }
        let root = Layer(name: "root", frame: Rect(x: 0, y: 0, width: view.width, height: view.height), sublayers: sublayers)
        try leaf.setCurl(curl, toView: leaf.localTransform.concatenating(root.pivotedSublayerTransform), scale: scale)
        return root
    }

    func render(_ root: Layer, size: Size = view, light: PaperLight?, onRaisedReceivers: Bool = true, regions: Bool = true) throws -> Image {
        try renderCountingPieces(root, size: size, light: light, onRaisedReceivers: onRaisedReceivers, regions: regions).image
    }

    /// Renders `root`, with the curved receivers' passes split into regions or not
    /// (`castShadow.splitsSurfaceReceivers`), and counts their work from the frame's draw list:
    /// per pass the pixels its triangles cover (their area on screen, from the clip
    /// coordinates) times the pieces it evaluates, summed, and the passes.
    func renderCountingPieces(_ root: Layer, size: Size = view, light: PaperLight?, onRaisedReceivers: Bool = true,
                              regions: Bool = true) throws -> (image: Image, piecePixels: Double, pixels: Double, passes: Int) {
        nonisolated(unsafe) let root = root // XCTest runs on the main thread
        return try MainActor.assumeIsolated {
            let offscreen = SharedRenderer.offscreen
            offscreen.renderer.light = light
            offscreen.renderer.list.castShadow.onRaisedReceivers = onRaisedReceivers
            offscreen.renderer.list.castShadow.splitsSurfaceReceivers = regions
            defer {
                offscreen.renderer.light = nil
                offscreen.renderer.list.castShadow.onRaisedReceivers = true
                offscreen.renderer.list.castShadow.splitsSurfaceReceivers = true
            }
            let image = try offscreen.render(root, size: size, scale: Self.scale, antialiasing: .analytic, background: Self.background)
            let list = offscreen.renderer.list
            var piecePixels = 0.0, pixels = 0.0, passes = 0
            for pass in list.castShadow.passes where pass.receiverSurface {
                passes += 1
                // A region's triangles cut to its band (the scissor draws no more).
                let area = list.rasterizedArea(of: pass)
                pixels += area
                piecePixels += area * Double(pass.casterSlots)
            }
            return (image, piecePixels, pixels, passes)
        }
    }

    static func keep(_ image: Image, _ name: String) throws {
        if let dir = ProcessInfo.processInfo.environment["FOLIO_SHADOW_PNG"] { try image.writePNG(path: "\(dir)/\(name).png") }
    }

    /// Down three pixel columns of the leaf — its turned part (30 pt below the sheet) and two
    /// on its roll (33 and 38 pt below) — across the shadow
    /// of the sheet's bottom edge: the light left (the pixel with the sheet over the pixel
    /// without it) follows `1 − share·o(t)·blocked` of the ray cast within 3/255 at every
    /// pixel from the umbra to past the penumbra (`t` the distance along the light to the
    /// sheet, the ray cast's disc the model's light: `tan β′ = tan 6° + w₀/2t`, so its
    /// penumbra is the model's `w₀ + 2t·tan 6°`); the penumbra's width between the 10% and 90%
    /// levels, along the column in the view's points, matches the ray cast's to 0.5 pt (a
    /// pixel: both are read from byte levels) and its middle to 0.25 pt; the widths grow with
    /// the height of the sheet over the leaf. Before curled leaves took shadows the leaf stayed
    /// as it was under the sheet: every penumbra pixel was off by up to the whole umbra.
    func testASheetsShadowOnACurledLeafMatchesARayCast() throws {
        let with = try render(Self.scene(withSheet: true), light: Self.light)
        let without = try render(Self.scene(withSheet: false), light: Self.light)
        try Self.keep(with, "surface-shadow")
        try Self.keep(without, "surface-no-shadow")
        let turnedStart = Self.axisX - (Self.thetaEnd - .pi) * Self.radius
        var widths: [(Double, Double)] = []
        // The flat part lies on the page plane and takes the page plane's pass alone: the
        // curved receivers' pass leaves it as it was.
        let flat = try render(Self.scene(withSheet: true), light: Self.light, onRaisedReceivers: false)
        let flatColumn = Int((Self.leafOrigin.x + 50) * Self.scale)
        for row in 0..<with.height { XCTAssertEqual(with.pixel(flatColumn, row).r, flat.pixel(flatColumn, row).r, "flat part, row \(row)") }
        for x in [(turnedStart + Self.axisX) / 2, Self.axisX + 0.5 * Self.radius, Self.axisX + 0.8 * Self.radius] {
            let column = Int((x * Self.scale).rounded(.down))
            let vx = (Double(column) + 0.5) / Self.scale
            guard let (z, share) = Self.surface(atX: vx) else { XCTFail("column \(vx) off the leaf"); continue }
            let t = (Self.sheetHeight - z) / cos(Self.tilt)
            let w = Self.contactWidth + 2 * t * Self.spread
            let cone = Self.spread + Self.contactWidth / (2 * t)
            let umbra = Self.umbra(t, share: share)
            // The edge's shadow: the sheet's bottom edge moved down by (H − z)·tan φ.
            let edge = Self.sheet.y1 + (Self.sheetHeight - z) * tan(Self.tilt)
            // Across the edge, w along the light's cross direction is w / cos φ along the page's y
            // on the flat parts: sample ± 2 widths of that.
            var samples: [(s: Double, rendered: Double, cast: Double)] = []
            var worst = 0.0
            for row in 0..<with.height {
                let vy = (Double(row) + 0.5) / Self.scale
                let s = vy - edge
                guard abs(s) < 2 * w / cos(Self.tilt), vy > Self.sheet.y1 + 1, vy < Self.leafOrigin.y + Self.leafSize.height - 2 else { continue }
                let lit = Double(without.pixel(column, row).r)
                guard lit > 60 else { continue }
                let left = Double(with.pixel(column, row).r) / lit
                let cast = 1 - umbra * Self.blocked(Point(x: vx, y: vy), z: z, radius: cone)
                worst = max(worst, abs(left - cast) * 255)
                XCTAssertEqual(left, cast, accuracy: 3.0 / 255, "column \(column) (z \(z)), row \(row): \(left * 255) vs \(cast * 255)")
                samples.append((s, (1 - left) / umbra, (1 - cast) / umbra))
            }
            XCTAssertGreaterThanOrEqual(samples.count, 8, "column at x \(vx): pixels across the penumbra")
            guard samples.count >= 8 else { continue }
            func crossing(_ level: Double, _ value: KeyPath<(s: Double, rendered: Double, cast: Double), Double>) -> Double {
                for k in 1..<samples.count where samples[k - 1][keyPath: value] >= level && samples[k][keyPath: value] < level {
                    let a = samples[k - 1], b = samples[k]
                    return a.s + (b.s - a.s) * (a[keyPath: value] - level) / (a[keyPath: value] - b[keyPath: value])
                }
                return .nan
            }
            let rendered = crossing(0.1, \.rendered) - crossing(0.9, \.rendered)
            let cast = crossing(0.1, \.cast) - crossing(0.9, \.cast)
            let middle = crossing(0.5, \.rendered), castMiddle = crossing(0.5, \.cast)
            print("curved receiver, x \(vx) (sheet \(Self.sheetHeight - z) pt above, share \(share)): penumbra 10–90% \(rendered) pt rendered, \(cast) pt ray cast; 50% at \(middle) vs \(castMiddle) pt; worst \(worst)/255")
            XCTAssertEqual(rendered, cast, accuracy: 0.5, "x \(vx): penumbra width")
            XCTAssertEqual(middle, castMiddle, accuracy: 0.25, "x \(vx): the shadow's edge")
            widths.append((Self.sheetHeight - z, rendered))
        }
        // Higher over the leaf, wider penumbra.
        let sorted = widths.sorted { $0.0 < $1.0 }
        for k in 1..<sorted.count where sorted[k].0 > sorted[k - 1].0 + 5 {
            XCTAssertGreaterThan(sorted[k].1, sorted[k - 1].1, "penumbra at \(sorted[k].0) pt vs \(sorted[k - 1].0) pt")
        }
    }

    /// Three curl leaves in flight over a lit spread (progress 0.45, 0.3 and 0.15): the leaves
    /// turned further lie over the lower ones and shade them. With the shadows on curled
    /// receivers, at least 1,000 pixels of the lower leaves' rolls darken against the
    /// page-plane passes alone (1,694 at 320 × 240 pt, scale 2), and none lightens. Before, not
    /// one pixel changed: a curled leaf off the page plane received no leaf's shadow.
    func testCurlLeavesInFlightShadeTheCurlLeavesBeneathThem() throws {
        let size = Size(width: 320, height: 240)
        let book = try Book(pageCount: 12, configuration: BookConfiguration(viewSize: size, scale: Self.scale,
                                                                          layout: .spread, effect: CurlLeafEffect()))
        book.isLit = true
        try book.setLeaves([BookLeaf(index: 2, progress: 0.45), BookLeaf(index: 3, progress: 0.3), BookLeaf(index: 4, progress: 0.15)])
        let on = try render(book.root, size: size, light: .standard)
        let pagesOnly = try render(book.root, size: size, light: .standard, onRaisedReceivers: false)
        try Self.keep(on, "curl-riffle-lit")
        try Self.keep(pagesOnly, "curl-riffle-pages-only")
        var darker = 0
        for y in 0..<on.height {
            for x in 0..<on.width where on.pixel(x, y) != pagesOnly.pixel(x, y) {
                XCTAssertLessThanOrEqual(on.pixel(x, y).r, pagesOnly.pixel(x, y).r, "pixel (\(x), \(y)) lighter")
                darker += 1
            }
        }
        print("curl riffle: \(darker) pixels shaded by the leaves over them")
        XCTAssertGreaterThanOrEqual(darker, 1_000)
    }

    /// Four curl leaves in flight over a lit spread at the window benchmark's pose (the first
    /// at 0.21, each next 0.1 less far), 320 × 240 pt at scale 2: the curved receivers' passes
    /// split into regions that evaluate only the pieces reaching them (docs/curl.md §8,
    /// "Regions") draw the same pixels as one draw a pass evaluating every piece — none
    /// differs by more than 1/255, and at most 0.1% of the receivers' pixels differ at all —
    /// while the piece-pixels (each pass's covered pixels times its pieces) fall to at most
    /// 0.8 of the unsplit passes' (measured 0.71: 198,452 against 279,586, and 68,613 pixels
    /// drawn against 74,665; 0 pixels differ). Again under a light low from the right (0.7,
    /// −0.3, 1), whose pieces stand steeper to it: at most 0.6 (measured 0.45, 0 pixels differ).
    /// Before the regions, a pass evaluated every piece over every pixel: the ratio was 1.
    func testRegionsOfACurvedReceiverEvaluateOnlyThePiecesReachingThem() throws {
        let size = Size(width: 320, height: 240)
        let book = try Book(pageCount: 12, configuration: BookConfiguration(viewSize: size, scale: Self.scale,
                                                                          layout: .spread, effect: CurlLeafEffect()))
        book.isLit = true
        try book.setLeaves((0..<4).map { BookLeaf(index: 2 + $0, progress: 0.21 + 0.1 * Double(3 - $0)) })
        try checkRegions(book.root, size: size, light: .standard, name: "curl-riffle", ratio: 0.8)
        // A light low from the right and below: longer shadows, pieces steeper to the light.
        let low = try PaperLight(direction: Vector3(x: 0.7, y: -0.3, z: 1))
        try checkRegions(book.root, size: size, light: low, name: "curl-riffle-low-light", ratio: 0.6)
    }

    /// `root` drawn with regions and with one draw a pass: the same pixels (none off by more
    /// than 1/255, at most 0.1% of the receivers' pixels off at all), piece-pixels at most
    /// `ratio` of one draw a pass's.
    func checkRegions(_ root: Layer, size: Size, light: PaperLight, name: String, ratio limit: Double) throws {
        let split = try renderCountingPieces(root, size: size, light: light, regions: true)
        let whole = try renderCountingPieces(root, size: size, light: light, regions: false)
        try Self.keep(split.image, "\(name)-regions")
        try Self.keep(whole.image, "\(name)-one-draw")
        var differing = 0, worst = 0
        for y in 0..<split.image.height {
            for x in 0..<split.image.width {
                let a = split.image.pixel(x, y), b = whole.image.pixel(x, y)
                let d = max(abs(Int(a.r) - Int(b.r)), abs(Int(a.g) - Int(b.g)), abs(Int(a.b) - Int(b.b)))
                if d > 0 { differing += 1 }
                worst = max(worst, d)
            }
        }
        let ratio = split.piecePixels / max(whole.piecePixels, 1)
        print("\(name) regions: \(whole.passes) passes, \(Int(whole.pixels)) pixels, \(Int(whole.piecePixels)) piece-pixels in one draw a pass; \(split.passes) regions, \(Int(split.pixels)) pixels, \(Int(split.piecePixels)) piece-pixels (\(ratio)); \(differing) pixels differ, by at most \(worst)/255")
        XCTAssertGreaterThan(whole.piecePixels, 10_000, "\(name): the pose has curved receivers under shadows")
        XCTAssertLessThanOrEqual(worst, 1, name)
        XCTAssertLessThanOrEqual(Double(differing), 0.001 * whole.pixels, name)
        XCTAssertLessThanOrEqual(ratio, limit, name)
    }

    /// A region's scissor (`QuadRenderer.scissor`), against boxes worked out by hand: its band
    /// moved to framebuffer pixels by the viewport's origin and cut to the frame's own scissor
    /// when that is on; the whole other axis when it is off; none when they do not meet.
    func testARegionsScissorIsItsBandInsideTheFramesScissor() {
        MainActor.assumeIsolated { Self.checkScissors() } // XCTest runs on the main thread
    }

    @MainActor static func checkScissors() {
        let outer = (enabled: true, box: (GLint(10), GLint(20), GLint(100), GLint(50)))
        let x = QuadRenderer.scissor((axis: 0, lower: 30, upper: 70), origin: (5, 0), within: outer)
        XCTAssertTrue(x.map { $0 == (35, 20, 40, 50) } ?? false, "\(String(describing: x))")
        let y = QuadRenderer.scissor((axis: 1, lower: -Double.infinity, upper: 40), origin: (0, 4), within: outer)
        XCTAssertTrue(y.map { $0 == (10, 20, 100, 24) } ?? false, "\(String(describing: y))")
        let off = QuadRenderer.scissor((axis: 1, lower: 16, upper: 32), origin: (0, 0), within: (enabled: false, box: (0, 0, 1, 1)))
        XCTAssertEqual(off?.1, 16); XCTAssertEqual(off?.3, 16)
        XCTAssertLessThanOrEqual(off?.0 ?? 0, -1_000_000); XCTAssertGreaterThanOrEqual(off?.2 ?? 0, 2_000_000)
        XCTAssertNil(QuadRenderer.scissor((axis: 0, lower: 200, upper: 216), origin: (0, 0), within: outer))
    }
}
