import CGL
import XCTest
import FolioGeometry
import FolioLayers
import FolioRender
import FolioTransitions

/// The renderer inside someone else's GL context: wherever the app's viewport and framebuffer
/// are, with the app's own textures, leaving the app's GL state as it found it.
///
/// XCTest runs these on the main thread; each body runs as `@MainActor` code.
final class EmbeddingTests: XCTestCase {
    func testAnOffsetViewportDrawsTheSamePagePixelsShifted() throws {
        try MainActor.assumeIsolated { try Embedding.offsetViewportMatchesTheOrigin() }
    }

    func testDrawingLeavesTheAppsGLStateAsItWas() throws {
        try MainActor.assumeIsolated { try Embedding.stateIsRestored() }
    }

    func testAnAppTextureIsSampledInPlaceWithoutACopy() throws {
        try MainActor.assumeIsolated { try Embedding.appTextureIsLive() }
    }

    func testPixelBytesHonourRowStrideAndThePremultipliedFlag() throws {
        try MainActor.assumeIsolated { try Embedding.strideAndPremultiplication() }
    }

    func testBadTexturesAndBuffersAreRefusedByName() throws {
        try MainActor.assumeIsolated { try Embedding.badInputIsRefused() }
    }
}

@MainActor
enum Embedding {
    static let (pageWidth, pageHeight) = (160, 200)

    /// A fold at 0.4 with solid red and blue pages on handles 101 and 102.
    static func fold(_ renderer: QuadRenderer) throws -> LayerEvaluator {
        try renderer.setImage(Image(width: pageWidth, height: pageHeight, fill: (230, 40, 40, 255)), for: ContentHandle(101))
        try renderer.setImage(Image(width: pageWidth, height: pageHeight, fill: (40, 60, 230, 255)), for: ContentHandle(102))
        let fold = try FoldTransition(size: Size(width: Double(pageWidth), height: Double(pageHeight)),
                                      source: ContentHandle(101), destination: ContentHandle(102))
        try fold.setProgress(0.4)
        let evaluator = LayerEvaluator()
        evaluator.evaluate(fold.root)
        return evaluator
    }

    /// Renders into a target at the origin and at offsets (inside and partly past the target's
    /// edge), for every AA mode: the page pixels are the same, shifted.
    static func offsetViewportMatchesTheOrigin() throws {
        let renderer = SharedRenderer.offscreen.renderer
        let saved = renderer.antialiasing
        defer { renderer.antialiasing = saved }
        let target = try RenderTarget(width: 640, height: 480)
        let evaluator = try fold(renderer)
        let grey = Color(red: 0.2, green: 0.2, blue: 0.2)
        for mode in [AntialiasingMode.analytic, .border, .none] {
            renderer.antialiasing = mode
            renderer.clear(grey, viewport: Viewport(width: 640, height: 480), framebuffer: target.framebuffer)
            renderer.draw(evaluator, scale: 1, viewport: Viewport(x: 0, y: 480 - pageHeight, width: pageWidth, height: pageHeight),
                          framebuffer: target.framebuffer)
            let reference = target.readImage()
            // (340, 70) is where the issue saw no pixels at all; (20, 70) lost 20 columns.
            for (k, (x, y)) in [(340, 70), (20, 70), (451, 13), (33, 250)].enumerated() {
                renderer.clear(grey, viewport: Viewport(width: 640, height: 480), framebuffer: target.framebuffer)
                if k % 2 == 0 { // named
                    renderer.draw(evaluator, scale: 1, viewport: Viewport(x: x, y: y, width: pageWidth, height: pageHeight),
                                  framebuffer: target.framebuffer)
                } else { // bound by the app, as it would before drawing anything
                    glBindFramebuffer(GLenum(GL_FRAMEBUFFER), target.framebuffer)
                    glViewport(GLint(x), GLint(y), GLsizei(pageWidth), GLsizei(pageHeight))
                    renderer.draw(evaluator, scale: 1)
                    glBindFramebuffer(GLenum(GL_FRAMEBUFFER), 0)
                }
                let shifted = target.readImage()
                // Image rows count from the top: the viewport's top row is 480 − y − height.
                let top = 480 - y - pageHeight
                var differing = 0, pagePixels = 0
                for row in 0..<pageHeight {
                    for col in 0..<pageWidth {
                        let a = reference.pixel(col, row), b = shifted.pixel(x + col, top + row)
                        if a.r != 51 || a.b != 51 { pagePixels += 1 }
                        if max(abs(Int(a.r) - Int(b.r)), abs(Int(a.g) - Int(b.g)), abs(Int(a.b) - Int(b.b))) > 1 { differing += 1 }
                    }
                }
                XCTAssertGreaterThan(pagePixels, pageWidth * pageHeight / 2, "\(mode): the page must cover most of its view")
                XCTAssertEqual(differing, 0, "\(mode) viewport at (\(x), \(y)): \(differing) pixels differ from the viewport at the origin")
                // Nothing outside the viewport is touched.
                XCTAssertEqual(shifted.pixel(x - 1 < 0 ? x + pageWidth : x - 1, top + pageHeight / 2).r, 51)
            }
        }
    }

    /// Sets unusual values for every piece of state the renderer touches, runs each of its GL
    /// entry points, and reads the state back.
    static func stateIsRestored() throws {
        let renderer = SharedRenderer.offscreen.renderer
        let evaluator = try fold(renderer)
        let target = try RenderTarget(width: 300, height: 300)
        var texture: GLuint = 0, sampler: GLuint = 0, unpack: GLuint = 0, vertexArray: GLuint = 0, arrayBuffer: GLuint = 0
        glGenTextures(1, &texture); glGenSamplers(1, &sampler); glGenBuffers(1, &unpack)
        glGenVertexArrays(1, &vertexArray); glGenBuffers(1, &arrayBuffer)
        // An app texture with storage, for setTexture (made before the unpack buffer is bound).
        var stored: GLuint = 0
        glGenTextures(1, &stored)
        glBindTexture(GLenum(GL_TEXTURE_2D), stored)
        glTexImage2D(GLenum(GL_TEXTURE_2D), 0, GL_RGBA8, 4, 4, 0, GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), nil)
        defer {
            glDeleteTextures(1, &stored)
            glDeleteTextures(1, &texture); glDeleteSamplers(1, &sampler); glDeleteBuffers(1, &unpack)
            glDeleteVertexArrays(1, &vertexArray); glDeleteBuffers(1, &arrayBuffer)
        }
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), target.framebuffer)
        glViewport(7, 9, 123, 87)
        glBindVertexArray(vertexArray)
        glBindBuffer(GLenum(GL_ARRAY_BUFFER), arrayBuffer)
        glActiveTexture(GLenum(GL_TEXTURE0))
        glBindTexture(GLenum(GL_TEXTURE_2D), texture)
        glBindSampler(0, sampler)
        glActiveTexture(GLenum(GL_TEXTURE3))
        glEnable(GLenum(GL_DEPTH_TEST)); glEnable(GLenum(GL_CULL_FACE)); glDisable(GLenum(GL_BLEND))
        glBlendFuncSeparate(GLenum(GL_SRC_COLOR), GLenum(GL_DST_COLOR), GLenum(GL_ONE), GLenum(GL_ZERO))
        glBlendEquationSeparate(GLenum(GL_MAX), GLenum(GL_FUNC_SUBTRACT))
        // OpenGL ES has no polygon mode (it always fills): that piece of state is desktop GL's.
        let hasPolygonMode = renderer.profile == .core33
        if hasPolygonMode { glPolygonMode(GLenum(GL_FRONT_AND_BACK), GLenum(GL_LINE)) }
        glDisable(GLenum(GL_SCISSOR_TEST)); glScissor(1, 2, 3, 4)
        glClearColor(0.25, 0.5, 0.75, 1)
        glBindBuffer(GLenum(GL_PIXEL_UNPACK_BUFFER), unpack)
        glPixelStorei(GLenum(GL_UNPACK_ALIGNMENT), 8); glPixelStorei(GLenum(GL_UNPACK_ROW_LENGTH), 5)
        glPixelStorei(GLenum(GL_UNPACK_SKIP_ROWS), 2); glPixelStorei(GLenum(GL_UNPACK_SKIP_PIXELS), 3)
        glPixelStorei(GLenum(GL_PACK_ALIGNMENT), 2); glPixelStorei(GLenum(GL_PACK_ROW_LENGTH), 9)
        var renderbuffer: GLuint = 0
        glGenRenderbuffers(1, &renderbuffer)
        glBindRenderbuffer(GLenum(GL_RENDERBUFFER), renderbuffer)
        defer { glDeleteRenderbuffers(1, &renderbuffer) }

        func snapshot() -> [String: [GLint]] {
            func ints(_ name: Int32, _ count: Int = 1) -> [GLint] {
                var v = [GLint](repeating: -1, count: 4)
                glGetIntegerv(GLenum(name), &v)
                return Array(v.prefix(count))
            }
            func on(_ cap: Int32) -> [GLint] { [GLint(glIsEnabled(GLenum(cap)))] }
            glActiveTexture(GLenum(GL_TEXTURE0))
            let unit0 = ints(GL_TEXTURE_BINDING_2D), sampler0 = ints(GL_SAMPLER_BINDING)
            glActiveTexture(GLenum(GL_TEXTURE3))
            return [
                "program": ints(GL_CURRENT_PROGRAM), "vertexArray": ints(GL_VERTEX_ARRAY_BINDING),
                "arrayBuffer": ints(GL_ARRAY_BUFFER_BINDING), "activeTexture": ints(GL_ACTIVE_TEXTURE),
                "texture0": unit0, "sampler0": sampler0, "blend": on(GL_BLEND), "depthTest": on(GL_DEPTH_TEST),
                "cullFace": on(GL_CULL_FACE), "scissorTest": on(GL_SCISSOR_TEST), "scissorBox": ints(GL_SCISSOR_BOX, 4),
                "blendFunc": ints(GL_BLEND_SRC_RGB) + ints(GL_BLEND_DST_RGB) + ints(GL_BLEND_SRC_ALPHA) + ints(GL_BLEND_DST_ALPHA),
                "blendEquation": ints(GL_BLEND_EQUATION_RGB) + ints(GL_BLEND_EQUATION_ALPHA),
                "polygonMode": hasPolygonMode ? ints(GL_POLYGON_MODE) : [], "drawFramebuffer": ints(GL_DRAW_FRAMEBUFFER_BINDING),
                "readFramebuffer": ints(GL_READ_FRAMEBUFFER_BINDING), "viewport": ints(GL_VIEWPORT, 4),
                "unpackBuffer": ints(GL_PIXEL_UNPACK_BUFFER_BINDING), "renderbuffer": ints(GL_RENDERBUFFER_BINDING),
                "clearColor": { var c = [GLfloat](repeating: 0, count: 4); glGetFloatv(GLenum(GL_COLOR_CLEAR_VALUE), &c); return c.map { GLint($0 * 1000) } }(),
                "pack": ints(GL_PACK_ALIGNMENT) + ints(GL_PACK_ROW_LENGTH),
                "unpack": ints(GL_UNPACK_ALIGNMENT) + ints(GL_UNPACK_ROW_LENGTH) + ints(GL_UNPACK_SKIP_ROWS) + ints(GL_UNPACK_SKIP_PIXELS),
            ]
        }
        let before = snapshot()
        XCTAssertEqual(before["polygonMode"], hasPolygonMode ? [GLint(GL_LINE)] : [])

        renderer.draw(evaluator, scale: 1)
        XCTAssertEqual(snapshot(), before, "draw(_:scale:) into the bound framebuffer and viewport")
        renderer.draw(evaluator, scale: 1, viewport: Viewport(x: 50, y: 20, width: 160, height: 200), framebuffer: 0)
        XCTAssertEqual(snapshot(), before, "draw into a named viewport and framebuffer")
        renderer.draw(evaluator, scale: 1, into: target)
        XCTAssertEqual(snapshot(), before, "draw into a render target")
        renderer.clear(.white, viewport: Viewport(x: 1, y: 1, width: 10, height: 10))
        XCTAssertEqual(snapshot(), before, "clear a viewport")
        renderer.clear(.black)
        XCTAssertEqual(snapshot(), before, "clear")
        _ = try RenderTarget(width: 16, height: 16, samples: 4).readImage()
        XCTAssertEqual(snapshot(), before, "make a render target and read it back")
        // The upload reads client memory although the app has a pixel-unpack buffer bound.
        try renderer.setImage(Image(width: 3, height: 2, fill: (1, 2, 3, 255)), for: ContentHandle(150))
        XCTAssertEqual(snapshot(), before, "setImage")
        try renderer.setTexture(stored, premultiplied: true, for: ContentHandle(151))
        renderer.removeImage(for: ContentHandle(150))
        renderer.removeImage(for: ContentHandle(151))
        XCTAssertEqual(snapshot(), before, "setTexture / removeImage")

        // Put the context back the way the other tests expect it.
        if hasPolygonMode { glPolygonMode(GLenum(GL_FRONT_AND_BACK), GLenum(GL_FILL)) }
        glDisable(GLenum(GL_DEPTH_TEST)); glDisable(GLenum(GL_CULL_FACE))
        glBlendFunc(GLenum(GL_ONE), GLenum(GL_ZERO)); glBlendEquation(GLenum(GL_FUNC_ADD))
        glBindBuffer(GLenum(GL_PIXEL_UNPACK_BUFFER), 0)
        glPixelStorei(GLenum(GL_UNPACK_ALIGNMENT), 4); glPixelStorei(GLenum(GL_UNPACK_ROW_LENGTH), 0)
        glPixelStorei(GLenum(GL_UNPACK_SKIP_ROWS), 0); glPixelStorei(GLenum(GL_UNPACK_SKIP_PIXELS), 0)
        glPixelStorei(GLenum(GL_PACK_ALIGNMENT), 4); glPixelStorei(GLenum(GL_PACK_ROW_LENGTH), 0)
        glBindRenderbuffer(GLenum(GL_RENDERBUFFER), 0)
        glActiveTexture(GLenum(GL_TEXTURE0)); glBindSampler(0, 0)
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), 0)
    }

    /// A texture the app fills on the GPU (scissored clears through its own framebuffer, no
    /// client memory anywhere) is drawn by name; when the app changes it, the next frame shows
    /// the change without any call to the renderer.
    static func appTextureIsLive() throws {
        let renderer = SharedRenderer.offscreen.renderer
        let (w, h) = (64, 80)
        var texture: GLuint = 0, framebuffer: GLuint = 0
        glGenTextures(1, &texture)
        glBindTexture(GLenum(GL_TEXTURE_2D), texture)
        glTexImage2D(GLenum(GL_TEXTURE_2D), 0, GL_RGBA8, GLsizei(w), GLsizei(h), 0, GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), nil)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MIN_FILTER), GL_NEAREST)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MAG_FILTER), GL_NEAREST)
        glGenFramebuffers(1, &framebuffer)
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), framebuffer)
        glFramebufferTexture2D(GLenum(GL_FRAMEBUFFER), GLenum(GL_COLOR_ATTACHMENT0), GLenum(GL_TEXTURE_2D), texture, 0)
        defer { glDeleteFramebuffers(1, &framebuffer); glDeleteTextures(1, &texture) }
        /// GL rows from the bottom: the lower half `bottom`, the upper half `top`.
        func paint(top: (Float, Float, Float), bottom: (Float, Float, Float)) {
            glBindFramebuffer(GLenum(GL_FRAMEBUFFER), framebuffer)
            glEnable(GLenum(GL_SCISSOR_TEST))
            glScissor(0, 0, GLsizei(w), GLsizei(h / 2)); glClearColor(bottom.0, bottom.1, bottom.2, 1); glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
            glScissor(0, GLint(h / 2), GLsizei(w), GLsizei(h / 2)); glClearColor(top.0, top.1, top.2, 1); glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
            glDisable(GLenum(GL_SCISSOR_TEST))
            glBindFramebuffer(GLenum(GL_FRAMEBUFFER), 0)
        }
        paint(top: (1, 0, 0), bottom: (0, 0, 1))
        try renderer.setTexture(texture, premultiplied: true, origin: .bottomLeft, for: ContentHandle(120))
        XCTAssertTrue(renderer.textureSize(for: ContentHandle(120))! == (w, h))

        let page = Layer(name: "page", bounds: Rect(x: 0, y: 0, width: 100, height: 100), position: Point(x: 50, y: 50))
        page.contents = ContentHandle(120)
        let target = try RenderTarget(width: 100, height: 100)
        let evaluator = LayerEvaluator()
        func render() -> Image {
            renderer.clear(.black, viewport: Viewport(width: 100, height: 100), framebuffer: target.framebuffer)
            evaluator.evaluate(page)
            renderer.draw(evaluator, scale: 1, into: target)
            return target.readImage()
        }
        var image = render()
        // Image rows from the top: the texture's upper half (red) on top.
        XCTAssertTrue(image.pixel(50, 20) == (255, 0, 0, 255), "\(image.pixel(50, 20))")
        XCTAssertTrue(image.pixel(50, 80) == (0, 0, 255, 255), "\(image.pixel(50, 80))")
        paint(top: (0, 1, 0), bottom: (1, 1, 0))
        image = render()
        XCTAssertTrue(image.pixel(50, 20) == (0, 255, 0, 255), "the app's change shows: \(image.pixel(50, 20))")
        XCTAssertTrue(image.pixel(50, 80) == (255, 255, 0, 255), "\(image.pixel(50, 80))")
        // Forgetting the handle leaves the app's texture alive.
        renderer.removeImage(for: ContentHandle(120))
        XCTAssertEqual(glIsTexture(texture), GLboolean(GL_TRUE))
        XCTAssertNil(renderer.textureSize(for: ContentHandle(120)))
    }

    /// Rows padded with junk bytes; straight-alpha bytes are premultiplied, premultiplied ones
    /// are taken as they are.
    static func strideAndPremultiplication() throws {
        let renderer = SharedRenderer.offscreen.renderer
        let (w, h, stride) = (5, 4, 5 * 4 + 12)
        var bytes = [UInt8](repeating: 0xEE, count: stride * h) // junk in the padding
        for row in 0..<h {
            for col in 0..<w {
                let i = row * stride + col * 4
                (bytes[i], bytes[i + 1], bytes[i + 2], bytes[i + 3]) = (200, 100, 50, 128)
            }
        }
        let page = Layer(name: "page", bounds: Rect(x: 0, y: 0, width: 40, height: 40), position: Point(x: 20, y: 20))
        page.contents = ContentHandle(130)
        let target = try RenderTarget(width: 40, height: 40)
        let evaluator = LayerEvaluator()
        evaluator.evaluate(page)
        for premultiplied in [false, true] {
            try bytes.withUnsafeBytes { raw in
                try renderer.setPixels(raw, width: w, height: h, bytesPerRow: stride, premultiplied: premultiplied, for: ContentHandle(130))
            }
            renderer.clear(.black, viewport: Viewport(width: 40, height: 40), framebuffer: target.framebuffer)
            renderer.draw(evaluator, scale: 1, into: target)
            let p = target.readImage().pixel(20, 20)
            // Over black: the result is the premultiplied colour itself.
            let expected: (Int, Int, Int) = premultiplied ? (200, 100, 50) : (100, 50, 25)
            XCTAssertEqual(Double(p.r), Double(expected.0), accuracy: 1, "premultiplied: \(premultiplied)")
            XCTAssertEqual(Double(p.g), Double(expected.1), accuracy: 1)
            XCTAssertEqual(Double(p.b), Double(expected.2), accuracy: 1)
        }
        renderer.removeImage(for: ContentHandle(130))
    }

    static func badInputIsRefused() throws {
        let renderer = SharedRenderer.offscreen.renderer
        XCTAssertThrowsError(try renderer.setTexture(987_654, premultiplied: true, for: ContentHandle(140))) { error in
            XCTAssertEqual(error as? RenderError, .notATexture(name: 987_654))
        }
        var storageless: GLuint = 0
        glGenTextures(1, &storageless)
        defer { glDeleteTextures(1, &storageless) }
        XCTAssertThrowsError(try renderer.setTexture(storageless, premultiplied: true, for: ContentHandle(140)))
        let few = [UInt8](repeating: 0, count: 10)
        try few.withUnsafeBytes { raw in
            XCTAssertThrowsError(try renderer.setPixels(raw, width: 2, height: 2, bytesPerRow: 8, premultiplied: true, for: ContentHandle(140))) { error in
                XCTAssertEqual(error as? RenderError, .invalidPixelBuffer(width: 2, height: 2, bytesPerRow: 8, byteCount: 10))
            }
            XCTAssertThrowsError(try renderer.setPixels(raw, width: 2, height: 1, bytesPerRow: 4, premultiplied: true, for: ContentHandle(140)))
            XCTAssertThrowsError(try renderer.setPixels(raw, width: 0, height: 1, bytesPerRow: 4, premultiplied: true, for: ContentHandle(140)))
        }
        XCTAssertNil(renderer.textureSize(for: ContentHandle(140)))
    }
}
