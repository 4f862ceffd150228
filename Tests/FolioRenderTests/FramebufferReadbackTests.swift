import CGL
import XCTest
import FolioGeometry
import FolioRender

/// `Image.readFramebuffer`: any viewport of any framebuffer, rows top to bottom, the bytes as
/// drawn (premultiplied) or divided by alpha, the app's GL state left as it was, and bad
/// requests refused by name.
///
/// XCTest runs these on the main thread; each body runs as `@MainActor` code.
final class FramebufferReadbackTests: XCTestCase {
    func testAViewportComesBackTopRowFirstAtItsPlaceInTheFramebuffer() throws {
        try MainActor.assumeIsolated { try Readback.viewportRowsAndPlace() }
    }

    func testNoFramebufferNamedReadsTheOneBoundForDrawingAndLeavesTheStateAsItWas() throws {
        try MainActor.assumeIsolated { try Readback.boundFramebufferAndState() }
    }

    func testStraightAlphaDividesByAlphaWhilePremultipliedKeepsTheDrawnBytes() throws {
        try MainActor.assumeIsolated { try Readback.alpha() }
    }

    func testBadReadsAreRefusedByName() throws {
        try MainActor.assumeIsolated { try Readback.refusals() }
    }
}

@MainActor
enum Readback {
    static let (width, height) = (64, 48)
    static let grey = Color(red: 0.25, green: 0.25, blue: 0.25)

    /// A target cleared grey with a red top row and a green bottom row inside `inner`, blue
    /// elsewhere inside it.
    static func paintedTarget(_ renderer: QuadRenderer, inner: Viewport) throws -> RenderTarget {
        let target = try RenderTarget(width: width, height: height)
        renderer.clear(grey, viewport: Viewport(width: width, height: height), framebuffer: target.framebuffer)
        renderer.clear(Color(red: 0, green: 0, blue: 1), viewport: inner, framebuffer: target.framebuffer)
        renderer.clear(Color(red: 1, green: 0, blue: 0), viewport: Viewport(x: inner.x, y: inner.y + inner.height - 1, width: inner.width, height: 1),
                       framebuffer: target.framebuffer)
        renderer.clear(Color(red: 0, green: 1, blue: 0), viewport: Viewport(x: inner.x, y: inner.y, width: inner.width, height: 1),
                       framebuffer: target.framebuffer)
        return target
    }

    static func viewportRowsAndPlace() throws {
        let renderer = SharedRenderer.offscreen.renderer
        let inner = Viewport(x: 10, y: 5, width: 20, height: 12)
        let target = try paintedTarget(renderer, inner: inner)
        let image = try Image.readFramebuffer(inner, framebuffer: target.framebuffer, premultiplied: true)
        XCTAssertEqual(image.width, 20)
        XCTAssertEqual(image.height, 12)
        XCTAssertTrue(image.pixel(0, 0) == (255, 0, 0, 255), "row 0 is the viewport's top row: \(image.pixel(0, 0))")
        XCTAssertTrue(image.pixel(19, 11) == (0, 255, 0, 255), "the last row is its bottom row: \(image.pixel(19, 11))")
        XCTAssertTrue(image.pixel(7, 6) == (0, 0, 255, 255), "\(image.pixel(7, 6))")
        // The whole target read back (top row first): the viewport is its rows
        // height − y − h … height − y − 1 and columns x … x + w − 1, byte for byte.
        let whole = target.readImage()
        let top = height - inner.y - inner.height
        for row in 0..<inner.height {
            for column in 0..<inner.width where image.pixel(column, row) != whole.pixel(inner.x + column, top + row) {
                XCTFail("pixel (\(column), \(row)) differs from the whole target's (\(inner.x + column), \(top + row))")
                return
            }
        }
        // A viewport straddling the inner one's corner: grey, blue and red where expected.
        let corner = try Image.readFramebuffer(Viewport(x: 28, y: 15, width: 4, height: 4), framebuffer: target.framebuffer, premultiplied: true)
        XCTAssertTrue(corner.pixel(0, 0) == (64, 64, 64, 255), "\(corner.pixel(0, 0))")  // above the inner viewport
        XCTAssertTrue(corner.pixel(1, 2) == (255, 0, 0, 255), "\(corner.pixel(1, 2))")  // its top row, last columns
        XCTAssertTrue(corner.pixel(1, 3) == (0, 0, 255, 255), "\(corner.pixel(1, 3))")
        XCTAssertTrue(corner.pixel(2, 3) == (64, 64, 64, 255), "\(corner.pixel(2, 3))") // right of it
    }

    static func boundFramebufferAndState() throws {
        let renderer = SharedRenderer.offscreen.renderer
        let inner = Viewport(x: 3, y: 30, width: 40, height: 10)
        let target = try paintedTarget(renderer, inner: inner)
        let other = try RenderTarget(width: 8, height: 8)
        func int(_ name: Int32) -> GLint { var v: GLint = 0; glGetIntegerv(GLenum(name), &v); return v }
        var savedDraw: GLint = 0, savedRead: GLint = 0
        glGetIntegerv(GLenum(GL_DRAW_FRAMEBUFFER_BINDING), &savedDraw)
        glGetIntegerv(GLenum(GL_READ_FRAMEBUFFER_BINDING), &savedRead)
        defer {
            glBindFramebuffer(GLenum(GL_DRAW_FRAMEBUFFER), GLuint(savedDraw))
            glBindFramebuffer(GLenum(GL_READ_FRAMEBUFFER), GLuint(savedRead))
        }
        // The app draws into `target` while another framebuffer is bound for reading.
        glBindFramebuffer(GLenum(GL_DRAW_FRAMEBUFFER), target.framebuffer)
        glBindFramebuffer(GLenum(GL_READ_FRAMEBUFFER), other.framebuffer)
        glViewport(1, 2, 3, 4)
        glPixelStorei(GLenum(GL_PACK_ALIGNMENT), 8)
        let bound = try Image.readFramebuffer(inner, premultiplied: true)
        let named = try Image.readFramebuffer(inner, framebuffer: target.framebuffer, premultiplied: true)
        XCTAssertEqual(bound, named)
        XCTAssertTrue(bound.pixel(0, 0) == (255, 0, 0, 255), "\(bound.pixel(0, 0))")
        XCTAssertEqual(int(GL_DRAW_FRAMEBUFFER_BINDING), GLint(target.framebuffer))
        XCTAssertEqual(int(GL_READ_FRAMEBUFFER_BINDING), GLint(other.framebuffer))
        var viewport: (GLint, GLint, GLint, GLint) = (0, 0, 0, 0)
        withUnsafeMutableBytes(of: &viewport) { glGetIntegerv(GLenum(GL_VIEWPORT), $0.baseAddress!.assumingMemoryBound(to: GLint.self)) }
        XCTAssertTrue(viewport == (1, 2, 3, 4), "\(viewport)")
        XCTAssertEqual(int(GL_PACK_ALIGNMENT), 8)
        glPixelStorei(GLenum(GL_PACK_ALIGNMENT), 4)
        XCTAssertEqual(glGetError(), GLenum(GL_NO_ERROR))
    }

    static func alpha() throws {
        let renderer = SharedRenderer.offscreen.renderer
        let target = try RenderTarget(width: 8, height: 4)
        let all = Viewport(width: 8, height: 4)
        renderer.clear(Color(red: 0, green: 0, blue: 0, alpha: 0), viewport: all, framebuffer: target.framebuffer)
        // Half-transparent orange on the left half (the renderer stores it premultiplied).
        renderer.clear(Color(red: 1, green: 0.5, blue: 0, alpha: 0.5), viewport: Viewport(width: 4, height: 4), framebuffer: target.framebuffer)
        let premultiplied = try Image.readFramebuffer(all, framebuffer: target.framebuffer, premultiplied: true)
        let straight = try Image.readFramebuffer(all, framebuffer: target.framebuffer, premultiplied: false)
        XCTAssertEqual(premultiplied, target.readImage(), "premultiplied: the bytes as they are")
        XCTAssertTrue(premultiplied.pixel(1, 1) == (128, 64, 0, 128), "\(premultiplied.pixel(1, 1))")
        XCTAssertTrue(straight.pixel(1, 1) == (255, 128, 0, 128), "\(straight.pixel(1, 1))")
        XCTAssertTrue(straight.pixel(6, 2) == (0, 0, 0, 0), "transparent stays transparent: \(straight.pixel(6, 2))")
    }

    static func refusals() throws {
        let target = try RenderTarget(width: 8, height: 8)
        func refusal(_ viewport: Viewport, _ framebuffer: UInt32?) -> RenderError? {
            do { _ = try Image.readFramebuffer(viewport, framebuffer: framebuffer, premultiplied: true); return nil } catch { return error }
        }
        XCTAssertEqual(refusal(Viewport(width: 0, height: 8), target.framebuffer), .invalidPixelSize(width: 0, height: 8, limit: Image.maximumSide))
        XCTAssertEqual(refusal(Viewport(width: 8, height: -2), target.framebuffer), .invalidPixelSize(width: 8, height: -2, limit: Image.maximumSide))
        XCTAssertEqual(refusal(Viewport(width: Image.maximumSide + 1, height: 1), target.framebuffer),
                       .invalidPixelSize(width: Double(Image.maximumSide + 1), height: 1, limit: Image.maximumSide))
        XCTAssertEqual(refusal(Viewport(width: 8, height: 8), 987_654), .notAFramebuffer(name: 987_654))
        // A framebuffer object with nothing attached cannot be read.
        var empty: GLuint = 0
        var saved: GLint = 0
        glGetIntegerv(GLenum(GL_FRAMEBUFFER_BINDING), &saved)
        glGenFramebuffers(1, &empty)
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), empty)
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), GLuint(saved))
        defer { glDeleteFramebuffers(1, &empty) }
        XCTAssertEqual(refusal(Viewport(width: 8, height: 8), empty), .framebufferIncomplete(status: UInt32(GL_FRAMEBUFFER_INCOMPLETE_MISSING_ATTACHMENT)))
        // A headless (EGL surfaceless) context has no default framebuffer to read.
        if SharedRenderer.offscreen.context.isHeadless {
            XCTAssertEqual(refusal(Viewport(width: 8, height: 8), 0), .framebufferIncomplete(status: UInt32(GL_FRAMEBUFFER_UNDEFINED)))
        }
        XCTAssertEqual(glGetError(), GLenum(GL_NO_ERROR))
    }
}
