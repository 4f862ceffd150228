import CGL
import XCTest
import FolioGeometry
import FolioLayers
@testable import FolioRender

/// Compositing groups inside an app's GL context: the group's picture is drawn offscreen and
/// composited in place, wherever the app's viewport is, with the app's state put back, its
/// scissor still applied, and the offscreen textures reused from frame to frame.
final class GroupCompositingTests: XCTestCase {
    func testAGroupInAnOffsetViewportDrawsTheSamePixelsShifted() throws {
        try MainActor.assumeIsolated { try Groups.offsetViewport() }
    }

    func testDrawingAGroupLeavesTheAppsStateAndHonoursItsScissor() throws {
        try MainActor.assumeIsolated { try Groups.stateAndScissor() }
    }

    func testGroupTexturesAreReusedAcrossFrames() throws {
        try MainActor.assumeIsolated { try Groups.texturesReused() }
    }

    func testRasterizingAndSnapshotsLeaveTheAppsState() throws {
        try MainActor.assumeIsolated { try Groups.rasterizedState() }
    }

    func testNestedGroupsCompositeInnerFirst() throws {
        try MainActor.assumeIsolated { try Groups.nested() }
    }
}

@MainActor
enum Groups {
    static let red = Color(red: 1, green: 0, blue: 0), blue = Color(red: 0, green: 0, blue: 1)

    static func square(_ x: Double, _ y: Double, _ side: Double, _ color: Color) -> Layer {
        Layer(bounds: Rect(x: 0, y: 0, width: side, height: side), position: Point(x: x + side / 2, y: y + side / 2), backgroundColor: color)
    }

    /// A 100-point view: a group at 0.6 holding two overlapping squares, a at (0, 0) and b at
    /// (40, 40), 60 points each (the compositing fixture `group-overlapping-children`).
    static func scene() -> LayerEvaluator {
        let group = Layer(bounds: Rect(x: 0, y: 0, width: 100, height: 100), position: Point(x: 50, y: 50),
                          sublayers: [square(0, 0, 60, red), square(40, 40, 60, blue)])
        group.opacity = 0.6
        let root = Layer(bounds: Rect(x: 0, y: 0, width: 100, height: 100), position: Point(x: 50, y: 50), sublayers: [group])
        let e = LayerEvaluator()
        e.evaluate(root)
        return e
    }

    static func rgb(_ image: Image, _ x: Int, _ y: Int) -> [Int] {
        let p = image.pixel(x, y)
        return [Int(p.r), Int(p.g), Int(p.b)]
    }

    static func offsetViewport() throws {
        let renderer = SharedRenderer.offscreen.renderer
        let e = scene()
        XCTAssertEqual(e.compositingGroups.count, 1)
        let target = try RenderTarget(width: 300, height: 240)
        let full = Viewport(width: 300, height: 240)
        renderer.clear(.white, viewport: full, framebuffer: target.framebuffer)
        renderer.draw(e, scale: 1, viewport: Viewport(x: 0, y: 140, width: 100, height: 100), framebuffer: target.framebuffer)
        let reference = target.readImage()
        XCTAssertEqual(rgb(reference, 50, 50), [102, 102, 255], "b over a, blended once at 0.6")
        // Partly past the target's right edge too.
        for (x, y) in [(150, 30), (230, 100)] {
            renderer.clear(.white, viewport: full, framebuffer: target.framebuffer)
            renderer.draw(e, scale: 1, viewport: Viewport(x: x, y: y, width: 100, height: 100), framebuffer: target.framebuffer)
            let shifted = target.readImage()
            let top = 240 - y - 100
            var differing = 0
            for row in 0..<100 {
                for col in 0..<100 where x + col < 300 {
                    let a = rgb(reference, col, row), b = rgb(shifted, x + col, top + row)
                    if zip(a, b).contains(where: { abs($0 - $1) > 1 }) { differing += 1 }
                }
            }
            XCTAssertEqual(differing, 0, "viewport at (\(x), \(y))")
        }
    }

    static func stateAndScissor() throws {
        let renderer = SharedRenderer.offscreen.renderer
        let e = scene()
        let target = try RenderTarget(width: 200, height: 200)
        renderer.clear(.white, viewport: Viewport(width: 200, height: 200), framebuffer: target.framebuffer)
        var unpack: GLuint = 0
        glGenBuffers(1, &unpack)
        defer { glDeleteBuffers(1, &unpack) }
        // The app's state: its framebuffer and an offset viewport bound, a scissor box over the
        // left half of the view, an unpack buffer, texture unit 2 active, a clear colour.
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), target.framebuffer)
        glViewport(20, 30, 100, 100)
        glEnable(GLenum(GL_SCISSOR_TEST))
        glScissor(20, 0, 50, 200)
        glBindBuffer(GLenum(GL_PIXEL_UNPACK_BUFFER), unpack)
        glActiveTexture(GLenum(GL_TEXTURE2))
        glClearColor(0.1, 0.2, 0.3, 0.4)
        let before = appState()
        renderer.draw(e, scale: 1)
        XCTAssertEqual(appState(), before)
        glDisable(GLenum(GL_SCISSOR_TEST))
        glActiveTexture(GLenum(GL_TEXTURE0))
        glBindBuffer(GLenum(GL_PIXEL_UNPACK_BUFFER), 0)
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), 0)
        let image = target.readImage()
        // View point (p, q) is image pixel (20 + p, 200 − 30 − 100 + q).
        let (x0, y0) = (20, 70)
        XCTAssertEqual(rgb(image, x0 + 20, y0 + 20), [255, 102, 102], "a alone, inside the scissor box")
        XCTAssertEqual(rgb(image, x0 + 45, y0 + 50), [102, 102, 255], "the overlap, inside the box: the whole picture was drawn")
        XCTAssertEqual(rgb(image, x0 + 80, y0 + 80), [255, 255, 255], "b, outside the app's scissor box: not drawn")
    }

    /// The GL state an app may have that Folio's offscreen passes touch.
    static func appState() -> [GLint] {
        var v = [GLint](repeating: 0, count: 4)
        glGetIntegerv(GLenum(GL_VIEWPORT), &v)
        var s = [GLint](repeating: 0, count: 4)
        glGetIntegerv(GLenum(GL_SCISSOR_BOX), &s)
        var c = [GLfloat](repeating: 0, count: 4)
        glGetFloatv(GLenum(GL_COLOR_CLEAR_VALUE), &c)
        func int(_ name: Int32) -> GLint { var x: GLint = 0; glGetIntegerv(GLenum(name), &x); return x }
        return v + s + c.map { GLint($0 * 1000) } + [
            GLint(glIsEnabled(GLenum(GL_SCISSOR_TEST))), int(GL_DRAW_FRAMEBUFFER_BINDING), int(GL_READ_FRAMEBUFFER_BINDING),
            int(GL_PIXEL_UNPACK_BUFFER_BINDING), int(GL_ACTIVE_TEXTURE), int(GL_CURRENT_PROGRAM), int(GL_TEXTURE_BINDING_2D),
        ]
    }

    static func rasterizedState() throws {
        let renderer = SharedRenderer.offscreen.renderer
        let inner = Layer(bounds: Rect(x: 0, y: 0, width: 100, height: 100), position: Point(x: 50, y: 50),
                          sublayers: [square(0, 0, 60, red), square(40, 40, 60, blue)])
        inner.shouldRasterize = true
        let root = Layer(bounds: Rect(x: 0, y: 0, width: 100, height: 100), position: Point(x: 50, y: 50), sublayers: [inner])
        let e = LayerEvaluator()
        e.evaluate(root)
        XCTAssertEqual(e.rasterizedLayers.count, 1)
        let target = try RenderTarget(width: 200, height: 200)
        var unpack: GLuint = 0
        glGenBuffers(1, &unpack)
        defer { glDeleteBuffers(1, &unpack) }
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), target.framebuffer)
        glViewport(20, 30, 100, 100)
        glEnable(GLenum(GL_SCISSOR_TEST))
        glScissor(0, 0, 200, 200)
        glBindBuffer(GLenum(GL_PIXEL_UNPACK_BUFFER), unpack)
        glActiveTexture(GLenum(GL_TEXTURE2))
        glClearColor(0.1, 0.2, 0.3, 0.4)
        let before = appState()
        renderer.draw(e, scale: 1)
        XCTAssertEqual(appState(), before, "draw with a rasterized layer")
        try renderer.setSnapshot(of: root, size: Size(width: 100, height: 100), scale: 1, for: ContentHandle(7_100))
        XCTAssertEqual(appState(), before, "setSnapshot")
        renderer.removeImage(for: ContentHandle(7_100))
        glDisable(GLenum(GL_SCISSOR_TEST))
        glActiveTexture(GLenum(GL_TEXTURE0))
        glBindBuffer(GLenum(GL_PIXEL_UNPACK_BUFFER), 0)
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), 0)
        let image = target.readImage()
        // View (50, 50) is image pixel (70, 120): b over a, opaque.
        XCTAssertEqual(rgb(image, 70, 120), [0, 0, 255])
    }

    static func texturesReused() throws {
        let renderer = SharedRenderer.offscreen.renderer
        let e = scene()
        let target = try RenderTarget(width: 100, height: 100)
        renderer.draw(e, scale: 1, into: target)
        let first = renderer.groups.targets.map(\.texture)
        XCTAssertEqual(first.count, 1)
        for _ in 0..<3 { renderer.draw(e, scale: 1, into: target) }
        XCTAssertEqual(renderer.groups.targets.map(\.texture), first, "the same texture every frame")
        XCTAssertEqual(glIsTexture(first[0]), GLboolean(GL_TRUE))
    }

    static func nested() throws {
        // An inner group at 0.5 (a and b overlapping) and a square c over part of it, inside an
        // outer group at 0.8: both need pictures. Inside the outer picture: c over (b over a at
        // 0.5); then that at 0.8 over white.
        let inner = Layer(bounds: Rect(x: 0, y: 0, width: 100, height: 100), position: Point(x: 50, y: 50),
                          sublayers: [square(0, 0, 60, red), square(40, 40, 60, blue)])
        inner.opacity = 0.5
        let c = square(45, 5, 30, Color(red: 0, green: 1, blue: 0))
        let outer = Layer(bounds: Rect(x: 0, y: 0, width: 100, height: 100), position: Point(x: 50, y: 50), sublayers: [inner, c])
        outer.opacity = 0.8
        let root = Layer(bounds: Rect(x: 0, y: 0, width: 100, height: 100), position: Point(x: 50, y: 50), sublayers: [outer])
        let image = try SharedRenderer.offscreen.render(root, size: Size(width: 100, height: 100), scale: 1, background: .white)
        // The overlap of a and b: blue at 0.5 → at 0.8: 0.4 blue over white = (153, 153, 255).
        XCTAssertEqual(rgb(image, 50, 50), [153, 153, 255])
        // c over a: green opaque inside the outer picture → at 0.8: (51, 255, 51).
        XCTAssertEqual(rgb(image, 50, 10), [51, 255, 51])
        // a alone: red at 0.5 → 0.4 → (255, 153, 153).
        XCTAssertEqual(rgb(image, 20, 20), [255, 153, 153])
        // c alone (outside a and b): green at 0.8.
        XCTAssertEqual(rgb(image, 70, 30), [51, 255, 51])
    }
}
