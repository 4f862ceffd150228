import CGL
import XCTest
import FolioRender
import FolioTransitions

/// Folio inside an app's own GLFW window: the app owns the window, the context, the viewport
/// and a texture; Folio draws where it is told and samples what it is given.
///
/// XCTest runs on the main thread; each body runs as `@MainActor` code.
final class EmbeddedRenderingTests: XCTestCase {
    func testAnOffsetViewportRendersTheSamePagePixelsAsTheOriginShifted() throws {
        try MainActor.assumeIsolated { try Embedded.offsetViewport() }
    }

    func testATextureTheAppMadeIsDrawnWithoutACPUCopy() throws {
        try MainActor.assumeIsolated { try Embedded.appTexture() }
    }

    func testTheWindowAndOffscreenRenderersAdoptTheAppsContextAndLeaveItsStateAlone() throws {
        try MainActor.assumeIsolated { try Embedded.adoptedRenderers() }
    }
}

@MainActor
enum Embedded {
    static let page = (width: 240, height: 300)

    /// A fold at 0.35 of two built-in pages, evaluated.
    static func foldScene(_ renderer: QuadRenderer, source: ContentHandle = ContentHandle(1)) throws -> LayerEvaluator {
        try renderer.setImage(SamplePages.page(1, width: page.width, height: page.height), for: ContentHandle(1))
        try renderer.setImage(SamplePages.page(2, width: page.width, height: page.height), for: ContentHandle(2))
        let fold = try FoldTransition(size: Size(width: Double(page.width), height: Double(page.height)),
                                      source: source, destination: ContentHandle(2))
        try fold.setProgress(0.35)
        let evaluator = LayerEvaluator()
        evaluator.evaluate(fold.root)
        return evaluator
    }

    static func offsetViewport() throws {
        _ = AppWindow.window
        let context = try GLContext.current()
        XCTAssertFalse(context.ownsWindow)
        let renderer = try QuadRenderer()
        let evaluator = try foldScene(renderer)
        let (fw, fh) = AppWindow.framebufferSize
        XCTAssertEqual(fw, AppWindow.width)

        // The app draws at the window's top-left corner first: GL's viewport y counts up.
        AppWindow.clear(grey: 0.25)
        glViewport(0, GLint(fh - page.height), GLsizei(page.width), GLsizei(page.height))
        renderer.draw(evaluator, scale: 1)
        let reference = AppWindow.read()
        for (x, y) in [(340, 70), (20, 70), (517, 211), (101, 299)] {
            AppWindow.clear(grey: 0.25)
            glViewport(GLint(x), GLint(y), GLsizei(page.width), GLsizei(page.height))
            renderer.draw(evaluator, scale: 1)
            let shifted = AppWindow.read()
            let top = fh - y - page.height // the viewport's top row, counted from the window's top
            var differing = 0, drawn = 0
            for row in 0..<page.height {
                for col in 0..<page.width {
                    let i = (row * fw + col) * 4, j = ((top + row) * fw + x + col) * 4
                    if reference.pixels[i] != 64 || reference.pixels[i + 2] != 64 { drawn += 1 }
                    for c in 0..<3 where abs(Int(reference.pixels[i + c]) - Int(shifted.pixels[j + c])) > 1 {
                        differing += 1
                        break
                    }
                }
            }
            XCTAssertGreaterThan(drawn, page.width * page.height * 8 / 10, "the fold covers most of its view")
            XCTAssertEqual(differing, 0, "viewport at (\(x), \(y)): \(differing) of \(page.width * page.height) pixels differ")
            // The viewport is where Folio left it: the app's.
            var viewport = [GLint](repeating: 0, count: 4)
            glGetIntegerv(GLenum(GL_VIEWPORT), &viewport)
            XCTAssertEqual(viewport, [GLint(x), GLint(y), GLint(page.width), GLint(page.height)])
        }
    }

    /// `WindowRenderer(adopting:)` draws whole frames into the app's window and
    /// `OffscreenRenderer(context:)` renders images inside the app's context; neither creates a
    /// window, and the app's framebuffer binding and viewport survive both.
    static func adoptedRenderers() throws {
        let window = AppWindow.window
        let surface = try WindowRenderer(adopting: window)
        XCTAssertTrue(surface.context.window == window)
        XCTAssertFalse(surface.context.ownsWindow)
        XCTAssertEqual(surface.framebufferSize.width, AppWindow.framebufferSize.width)
        let page = Layer(name: "page", bounds: Rect(x: 0, y: 0, width: 100, height: 80), position: Point(x: 60, y: 50),
                         backgroundColor: Color(red: 1, green: 0, blue: 0))
        let root = Layer(name: "root", frame: Rect(x: 0, y: 0, width: Double(AppWindow.width), height: Double(AppWindow.height)),
                         sublayers: [page])
        glViewport(11, 22, 33, 44)
        surface.draw(root, background: Color(red: 0, green: 0, blue: 1))
        var viewport = [GLint](repeating: 0, count: 4)
        glGetIntegerv(GLenum(GL_VIEWPORT), &viewport)
        XCTAssertEqual(viewport, [11, 22, 33, 44], "the app's viewport survives a whole-window draw")
        let image = surface.readImage()
        XCTAssertTrue(image.pixel(60, 50) == (255, 0, 0, 255), "\(image.pixel(60, 50))")
        XCTAssertTrue(image.pixel(300, 300) == (0, 0, 255, 255), "\(image.pixel(300, 300))")

        let offscreen = try OffscreenRenderer(context: try GLContext.current())
        var framebuffer: GLuint = 0
        glGenFramebuffers(1, &framebuffer)
        defer { glDeleteFramebuffers(1, &framebuffer) }
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), 0)
        let rendered = try offscreen.render(page, size: Size(width: 120, height: 100), scale: 1, background: .white)
        XCTAssertTrue(rendered.pixel(60, 50) == (255, 0, 0, 255), "\(rendered.pixel(60, 50))")
        XCTAssertTrue(rendered.pixel(115, 95) == (255, 255, 255, 255))
        var bound: GLint = -1
        glGetIntegerv(GLenum(GL_DRAW_FRAMEBUFFER_BINDING), &bound)
        XCTAssertEqual(bound, 0, "the app's framebuffer binding survives offscreen rendering")
        glGetIntegerv(GLenum(GL_VIEWPORT), &viewport)
        XCTAssertEqual(viewport, [11, 22, 33, 44])
    }

    static func appTexture() throws {
        _ = AppWindow.window
        let renderer = try QuadRenderer()
        // The app's texture: filled by the GPU (a clear through the app's framebuffer), never in
        // client memory, so Folio can only have drawn it by sampling it in place.
        let (w, h) = (page.width, page.height)
        var texture: GLuint = 0, framebuffer: GLuint = 0
        glGenTextures(1, &texture)
        glBindTexture(GLenum(GL_TEXTURE_2D), texture)
        glTexImage2D(GLenum(GL_TEXTURE_2D), 0, GL_RGBA8, GLsizei(w), GLsizei(h), 0, GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), nil)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MIN_FILTER), GL_LINEAR)
        glGenFramebuffers(1, &framebuffer)
        defer { glDeleteFramebuffers(1, &framebuffer); glDeleteTextures(1, &texture) }
        func paint(_ r: Float, _ g: Float, _ b: Float) {
            glBindFramebuffer(GLenum(GL_FRAMEBUFFER), framebuffer)
            glFramebufferTexture2D(GLenum(GL_FRAMEBUFFER), GLenum(GL_COLOR_ATTACHMENT0), GLenum(GL_TEXTURE_2D), texture, 0)
            glClearColor(r, g, b, 1)
            glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
            glBindFramebuffer(GLenum(GL_FRAMEBUFFER), 0)
        }
        paint(0.1, 0.8, 0.3)
        try renderer.setTexture(texture, premultiplied: true, for: ContentHandle(7))
        let evaluator = try foldScene(renderer, source: ContentHandle(7))
        // Panels B and C (the source) cover the middle of the view at 0.35.
        func centrePixel() -> [UInt8] {
            AppWindow.clear(grey: 0)
            glViewport(150, 100, GLsizei(w), GLsizei(h))
            renderer.draw(evaluator, scale: 1)
            let image = AppWindow.read()
            let (x, y) = (150 + w / 2, AppWindow.framebufferSize.height - 100 - h / 2)
            let i = (y * image.width + x) * 4
            return Array(image.pixels[i..<(i + 3)])
        }
        let first = centrePixel()
        // Under C's fold shadow the colour darkens, but its hue is the texture's.
        XCTAssertGreaterThan(first[1], 150, "\(first)")
        XCTAssertLessThan(first[0], 60, "\(first)")
        paint(0.9, 0.1, 0.6) // the app changes its texture; Folio is not told
        let second = centrePixel()
        XCTAssertGreaterThan(second[0], 150, "the next frame shows the app's change: \(second)")
        XCTAssertLessThan(second[1], 60, "\(second)")
        XCTAssertTrue(renderer.textureSize(for: ContentHandle(7))! == (w, h))
    }
}
