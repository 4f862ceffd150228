import Foundation
import XCTest
@testable import FolioRender
import FolioCLI
import FolioGeometry
import FolioLayers
import FolioSurface

/// The cast shadow of a curled leaf, drawn by the GL renderer and read back, against values
/// computed here on the CPU from the shadow model's formulas (docs/curl.md §8) and the exact
/// cylinder, not from the renderer's triangles.
///
/// The scene is seen as the effects see it — a perspective pivoting on the view's centre, under
/// which the page plane projects onto itself: a white page, and on it a 160 × 180 pt leaf with
/// its spine on the left, rolled with its axis parallel to the spine (α = 0) so
/// that its free edge is a ruling at the angle `θ_end` on the roll. For `θ_end` below the fold
/// (where the surface turns away from the light) the shadow right of the leaf is bounded by
/// that edge's shadow, a straight line at constant height.
final class CastShadowRenderTests: XCTestCase {
    static let view = Size(width: 300, height: 300)
    static let scale = 2.0
    static let leafOrigin = Point(x: 40, y: 60)
    static let leafSize = Size(width: 160, height: 180)
    static let background = Color(red: 0.2, green: 0.4, blue: 0.8)

    /// The light from the upper left, in front of the page: (−0.35, −0.5, 1).
    static let light = PaperLight.standard
    /// The model's terms, written out here: a 6° light, 1 pt contact softness, ⅓ at contact
    /// halving at half the leaf's length across the spine (80 pt).
    static let angularRadius = 6.0 * Double.pi / 180
    static let contactWidth = 1.0, contactOpacity = 1.0 / 3, fadeHeight = 80.0

    static func width(_ h: Double) -> Double { contactWidth + 2 * h * tan(angularRadius) }
    static func opacity(_ h: Double) -> Double { contactOpacity / (1 + h / fadeHeight) }
    /// The share of a disc light hidden `u` half-widths inside a straight edge.
    static func F(_ u: Double) -> Double {
        let v = min(1, max(-1, u))
        return 1 - (acos(v) - v * (1 - v * v).squareRoot()) / .pi
    }

    struct Scene {
        let root: Layer
        let page: Layer
        let leaf: SurfaceLayer
        /// The axis line's x and the radius, view points.
        let axisX: Double, radius: Double, thetaEnd: Double

        /// The height of the roll at angle θ and where its shadow lands (view x), α = 0.
        func height(_ theta: Double) -> Double { radius * (1 - cos(theta)) }
        func shadowX(_ theta: Double) -> Double {
            let l = CastShadowRenderTests.light.direction
            return axisX + radius * sin(theta) - height(theta) * l.x / l.z
        }
        /// The free edge's shadow line and its height.
        var edgeX: Double { shadowX(thetaEnd) }
        var edgeHeight: Double { height(thetaEnd) }
        /// The leaf's rightmost point on screen (its mesh, projected).
        var silhouetteX: Double { leaf.mesh.vertices.map(\.point.x).max() ?? 0 }

        /// The exact height of the caster over the receiver at view x (bisection on the roll,
        /// where the shadow moves monotonically), nil left of the axis.
        func casterHeight(atX x: Double) -> Double? {
            guard x >= axisX, x <= edgeX else { return nil }
            var lo = 0.0, hi = thetaEnd
            for _ in 0..<80 {
                let mid = (lo + hi) / 2
                if shadowX(mid) < x { lo = mid } else { hi = mid }
            }
            return height((lo + hi) / 2)
        }

        /// Whether view x lies in the umbra (more than half a penumbra and half a pixel inside
        /// the free edge's shadow).
        func isUmbra(atX x: Double) -> Bool {
            let h = casterHeight(atX: x) ?? edgeHeight
            return edgeX - x > CastShadowRenderTests.width(h) / 2 + 0.5 / CastShadowRenderTests.scale
        }

        /// The darkness the model gives at view x across the free edge's shadow.
        func expectedDarkness(atX x: Double) -> Double {
            let d = edgeX - x
            let h = d > 0 ? (casterHeight(atX: x) ?? edgeHeight) : edgeHeight
            return CastShadowRenderTests.opacity(h) * CastShadowRenderTests.F(2 * d / CastShadowRenderTests.width(h))
        }
    }

    /// A leaf of rest radius `radius` rolled so that its free edge lies at `thetaEnd` on the
    /// roll, over a white page `pageWidth` points wide.
    static func scene(radius: Double, thetaEnd: Double, pageWidth: Double = view.width) throws -> Scene {
        let across = leafSize.width
        let e = across - thetaEnd * radius
        precondition(e >= 2 * radius, "the radius law keeps r = R")
        let curl = try PageCurl(size: leafSize, spine: .left, restRadius: radius,
                                pose: CurlPose(angle: 0, axisFraction: e / across))
        let leaf = SurfaceLayer(name: "leaf")
        leaf.anchorPoint = Point(x: 0, y: 0)
        leaf.position = leafOrigin
        leaf.backgroundColor = Color(red: 0.5, green: 0.5, blue: 0.5)
        let page = Layer(name: "page", frame: Rect(x: 0, y: 0, width: pageWidth, height: view.height), backgroundColor: .white)
        let root = Layer(name: "root", frame: Rect(x: 0, y: 0, width: view.width, height: view.height), sublayers: [page, leaf])
        // The effects' perspective (an eye 4.67 half-widths above the page), pivoting on the
        // root's anchor: every point of the page plane projects onto itself.
        var perspective = Transform3D.identity
        perspective.m34 = -1 / (4.666667 * view.width / 2)
        root.sublayerTransform = perspective
        try leaf.setCurl(curl, toView: leaf.localTransform.concatenating(root.pivotedSublayerTransform), scale: scale)
        return Scene(root: root, page: page, leaf: leaf, axisX: leafOrigin.x + e, radius: radius, thetaEnd: thetaEnd)
    }

    func render(_ scene: Scene, castsShadows: Bool = true) throws -> Image {
        nonisolated(unsafe) let root = scene.root // XCTest runs on the main thread
        return try MainActor.assumeIsolated {
            let offscreen = SharedRenderer.offscreen
            offscreen.renderer.light = Self.light
            offscreen.renderer.castsShadows = castsShadows
            defer { offscreen.renderer.light = nil; offscreen.renderer.castsShadows = true }
            return try offscreen.render(root, size: Self.view, scale: Self.scale, antialiasing: .analytic, background: Self.background)
        }
    }

    /// The darkness a white page shows at pixel (x, y): 1 − red/255.
    static func darkness(_ image: Image, _ x: Int, _ y: Int) -> Double { 1 - Double(image.pixel(x, y).r) / 255 }

    /// Rows well away from the shadows of the leaf's top and bottom edges.
    static let rows = [240, 300, 360]

    // MARK: Umbra and penumbra

    /// Inside the umbra (more than half a penumbra inside the edge) the page is darkened by
    /// exactly o(h), h the height of the leaf above that point; across the free edge's shadow
    /// the darkness follows o(h)·F(2d/w(h)); both within 2/255, at three heights.
    func testTheShadowFollowsTheModelInsideTheUmbraAndAcrossItsEdge() throws {
        for radius in [20.0, 32, 45] {
            let scene = try Self.scene(radius: radius, thetaEnd: 1.2)
            let image = try render(scene)
            if let dir = ProcessInfo.processInfo.environment["FOLIO_SHADOW_PNG"] { try image.writePNG(path: "\(dir)/shadow-R\(Int(radius)).png") }
            let first = Int((scene.silhouetteX * Self.scale).rounded(.up)) + 2
            let last = Int(((scene.edgeX + Self.width(scene.edgeHeight)) * Self.scale).rounded(.up)) + 2
            let scan = Self.scanShadow(image, rows: Self.rows, columns: first...last, label: "R \(radius)",
                                       expected: scene.expectedDarkness(atX:), isUmbra: scene.isUmbra(atX:))
            XCTAssertGreaterThanOrEqual(scan.umbra, 6, "R \(radius): umbra pixels checked")
            print("cast shadow, R \(radius): h at the edge \(scene.edgeHeight) pt, \(scan.umbra) umbra and \(scan.penumbra) penumbra pixels, "
                  + "worst error \(scan.worst * 255)/255")
            XCTAssertGreaterThanOrEqual(scan.penumbra, 15, "R \(radius): penumbra pixels checked")
            // The shadow is there at all: the darkest pixel checked is a third of the way to o₀.
            XCTAssertGreaterThan(scene.expectedDarkness(atX: Double(first) / Self.scale), 0.2)
        }
    }

    /// The penumbra measured in pixels — from where the darkness outside the edge is a tenth
    /// of the umbra's to where it is half (the edge) — widens with the leaf's height, and is
    /// the model's `w(h)` times the share of a half-width that F needs to rise from 0.1 to 0.5
    /// (to 0.3 px).
    func testThePenumbraWidensMonotonicallyWithHeight() throws {
        // F(u) = 0.1 at u₁ (bisection on the formula).
        var lo = -1.0, hi = 0.0
        for _ in 0..<60 { let m = (lo + hi) / 2; if Self.F(m) < 0.1 { lo = m } else { hi = m } }
        let u1 = (lo + hi) / 2
        var widths: [Double] = []
        for radius in [12.0, 20, 28, 36, 45] {
            let scene = try Self.scene(radius: radius, thetaEnd: 1.2)
            let image = try render(scene)
            let o = Self.opacity(scene.edgeHeight)
            // Outside the edge, walking right: the first pixel centres past 0.5·o and 0.1·o.
            func crossing(_ level: Double, row: Int) -> Double {
                let start = Int((scene.edgeX * Self.scale).rounded(.down)) - 2
                for x in start..<(start + 200) {
                    let a = Self.darkness(image, x, row) / o, b = Self.darkness(image, x + 1, row) / o
                    if a >= level && b < level { return Double(x) + 0.5 + (a - level) / (a - b) }
                }
                return .nan
            }
            let row = Self.rows[1]
            let measured = crossing(0.1, row: row) - crossing(0.5, row: row)
            let model = -u1 * Self.width(scene.edgeHeight) / 2 * Self.scale
            XCTAssertEqual(measured, model, accuracy: 0.3, "R \(radius), h \(scene.edgeHeight)")
            print("cast shadow penumbra, h \(scene.edgeHeight) pt: \(measured) px measured, \(model) px model")
            widths.append(measured)
        }
        for (a, b) in zip(widths, widths.dropFirst()) { XCTAssertLessThan(a, b, "penumbra widths \(widths)") }
    }

    // MARK: Where it falls

    /// A page that ends inside the shadow: past its edge the background keeps its exact colour
    /// (the shadow is clipped to the pages beneath), while the page just inside is darkened.
    func testNoShadowFallsOnTheBackground() throws {
        let probe = try Self.scene(radius: 45, thetaEnd: 1.2)
        let pageWidth = probe.edgeX - 3
        let scene = try Self.scene(radius: 45, thetaEnd: 1.2, pageWidth: pageWidth)
        // The model's shadow reaches past the page's edge: without the clip, it would show.
        XCTAssertGreaterThan(scene.expectedDarkness(atX: pageWidth + 1), 0.15)
        let image = try render(scene)
        let bg = (UInt8((Self.background.red * 255).rounded()), UInt8((Self.background.green * 255).rounded()),
                  UInt8((Self.background.blue * 255).rounded()))
        var checked = 0
        for y in 0..<image.height {
            for x in Int((pageWidth * Self.scale).rounded(.up)) + 1..<image.width {
                let p = image.pixel(x, y)
                XCTAssertTrue(p.r == bg.0 && p.g == bg.1 && p.b == bg.2, "pixel (\(x), \(y)) is \(p), not the background")
                checked += 1
                if p.r != bg.0 || p.g != bg.1 || p.b != bg.2 { return }
            }
        }
        XCTAssertGreaterThan(checked, 10_000)
        // …and the page just inside its edge is in shadow.
        let inside = Int((pageWidth * Self.scale).rounded(.down)) - 2
        XCTAssertGreaterThan(Self.darkness(image, inside, Self.rows[1]), 0.1)
    }

    /// Wrapped past the half turn, the turned part lies over the flat part and its shadow falls
    /// there; but wherever the lifted leaf itself is seen, its pixels are exactly those drawn
    /// without any cast shadow (the shadow goes under the lifted patches, never over them).
    func testTheLeafIsNotDarkenedByItsOwnShadowWhereItIsAboveIt() throws {
        let scene = try Self.scene(radius: 20, thetaEnd: 4.2)
        let lit = try render(scene)
        let plain = try render(scene, castsShadows: false)
        if let dir = ProcessInfo.processInfo.environment["FOLIO_SHADOW_PNG"] {
            try lit.writePNG(path: "\(dir)/wrapped-lit.png"); try plain.writePNG(path: "\(dir)/wrapped-plain.png")
        }
        let mesh = scene.leaf.mesh
        // The lifted triangles in image pixels (the view is the leaf's plane shifted).
        let lifted = mesh.triangles.filter { mesh.patches[$0.patch].region != .flat }.map { t in
            [t.a, t.b, t.c].map { Point(x: mesh.vertices[$0].point.x * Self.scale, y: mesh.vertices[$0].point.y * Self.scale) }
        }
        func inside(_ p: Point) -> Bool {
            lifted.contains { t in
                func cross(_ u: Point, _ v: Point) -> Double { (u.x - p.x) * (v.y - p.y) - (u.y - p.y) * (v.x - p.x) }
                let (s1, s2, s3) = (cross(t[0], t[1]), cross(t[1], t[2]), cross(t[2], t[0]))
                return (s1 >= 0 && s2 >= 0 && s3 >= 0) || (s1 <= 0 && s2 <= 0 && s3 <= 0)
            }
        }
        var same = 0, shadowed = 0
        for y in stride(from: 0, to: lit.height, by: 1) {
            for x in stride(from: 0, to: lit.width, by: 1) {
                let c = Point(x: Double(x) + 0.5, y: Double(y) + 0.5)
                var all = true
                for dy in -1...1 where all {
                    for dx in -1...1 where !inside(Point(x: c.x + Double(dx), y: c.y + Double(dy))) { all = false; break }
                }
                if all {
                    let (a, b) = (lit.pixel(x, y), plain.pixel(x, y))
                    XCTAssertTrue(a == b, "lifted leaf pixel (\(x), \(y)) changed by the shadow: \(a) vs \(b)")
                    same += 1
                } else if lit.pixel(x, y) != plain.pixel(x, y) {
                    shadowed += 1
                }
            }
        }
        XCTAssertGreaterThan(same, 5000)
        // The shadow is drawn (on the page and the flat part), so the comparison means something.
        XCTAssertGreaterThan(shadowed, 2000)
    }

    /// Without light, or with cast shadows off, no shadow pass is prepared at all: the unlit
    /// look is the pipeline as it was.
    func testNoShadowPassWithoutLightOrWhenTurnedOff() throws {
        let scene = try Self.scene(radius: 30, thetaEnd: 1.2)
        nonisolated(unsafe) let root = scene.root
        MainActor.assumeIsolated {
            let renderer = SharedRenderer.offscreen.renderer
            let evaluator = LayerEvaluator()
            evaluator.evaluate(root)
            defer { renderer.light = nil; renderer.castsShadows = true }
            renderer.light = nil
            renderer.prepare(evaluator, scale: Self.scale, pixelWidth: 600, pixelHeight: 600)
            XCTAssertTrue(renderer.list.castShadow.passes.isEmpty)
            renderer.light = Self.light
            renderer.castsShadows = false
            renderer.prepare(evaluator, scale: Self.scale, pixelWidth: 600, pixelHeight: 600)
            XCTAssertTrue(renderer.list.castShadow.passes.isEmpty)
            renderer.castsShadows = true
            renderer.prepare(evaluator, scale: Self.scale, pixelWidth: 600, pixelHeight: 600)
            XCTAssertEqual(renderer.list.castShadow.passes.count, 1)
        }
    }

    // MARK: Command line

    /// `folio render --effect curl --light` casts the shadow; `--no-shadows` leaves it out.
    /// The shadow only ever darkens (never lightens or tints: every channel scales alike), and
    /// only on the page beneath, right of and below the roll (the light comes from the upper
    /// left). Unlit, the curl casts the same shadow (`castsUnlitShadows`, docs/curl.md §8): on
    /// every pixel the light leaves as it is (the pages, the leaf's flat part) the unlit frame
    /// is the lit one, and `--no-shadows` leaves the shadow out. (Before the unlit shadow, the
    /// unlit frame was the same with and without `--no-shadows`: 0 pixels darker.)
    func testTheCommandLineCastsTheShadowLitAndUnlitAndLeavesItOutWithNoShadows() throws {
        func image(_ extra: [String]) throws -> Image {
            let command = try RenderCommand.parse(["--effect", "curl", "--progress", "0.5", "--angle", "0", "--size", "320x200",
                                                   "--scale", "2", "--out", "/tmp/folio-shadow.png"] + extra)
            return try MainActor.assumeIsolated { try command.image() }
        }
        let lit = try image(["--light"]), bare = try image(["--light", "--no-shadows"])
        var darker = 0
        for y in 0..<lit.height {
            for x in 0..<lit.width {
                let a = lit.pixel(x, y), b = bare.pixel(x, y)
                XCTAssertTrue(a.r <= b.r && a.g <= b.g && a.b <= b.b, "pixel (\(x), \(y)) lightened: \(a) vs \(b)")
                if a.r < b.r { darker += 1 }
                // Darkened by one factor: the channels keep their ratios (to rounding), where the
                // page is one colour around the pixel (not an antialiased edge of the leaf).
                func uniform() -> Bool {
                    guard x > 0, y > 0, x + 1 < bare.width, y + 1 < bare.height else { return false }
                    for dy in -1...1 { for dx in -1...1 where bare.pixel(x + dx, y + dy) != b { return false } }
                    return true
                }
                if b.r > 60 && b.g > 60 && b.b > 60 && a.r < b.r && uniform() {
                    let k = Double(a.r) / Double(b.r)
                    XCTAssertEqual(Double(a.g), k * Double(b.g), accuracy: 2.5, "pixel (\(x), \(y))")
                    XCTAssertEqual(Double(a.b), k * Double(b.b), accuracy: 2.5, "pixel (\(x), \(y))")
                }
            }
        }
        XCTAssertGreaterThan(darker, 2000, "the lit curl casts a shadow")
        let unlit = try image([]), unlitBare = try image(["--no-shadows"])
        var unlitDarker = 0, compared = 0
        for y in 0..<unlit.height {
            for x in 0..<unlit.width {
                let a = unlit.pixel(x, y), b = unlitBare.pixel(x, y)
                XCTAssertTrue(a.r <= b.r && a.g <= b.g && a.b <= b.b, "unlit pixel (\(x), \(y)) lightened: \(a) vs \(b)")
                if a.r < b.r { unlitDarker += 1 }
                // Where the light changes nothing (flat paper facing the viewer), the unlit shadow
                // is the lit one, byte for byte.
                guard unlitBare.pixel(x, y) == bare.pixel(x, y) else { continue }
                compared += 1
                let l = lit.pixel(x, y)
                XCTAssertTrue(a == l, "pixel (\(x), \(y)): the unlit shadow \(a) is the lit one \(l)")
            }
        }
        print("unlit curl from the command line: \(unlitDarker) pixels darker than with --no-shadows (lit: \(darker)), \(compared) compared with the lit frame")
        XCTAssertGreaterThan(unlitDarker, 2000, "the unlit curl casts a shadow")
    }
}
