import XCTest
import FolioBook
import CGL
@preconcurrency import CGLFW
import FolioGeometry
import FolioLayers
@_spi(Benchmarks) @testable import FolioRender
import FolioTransitions

/// OpenGL ES 3.0 as well as 3.3 core: a GLES context is really ES, Folio's shaders build for it,
/// and it draws the same pixels as a core context. (The whole suite also runs on ES with
/// `FOLIO_GL_PROFILE=gles`: scripts/run-tests.)
///
/// Each test's renderers are released with their own context current: a `QuadRenderer` deletes
/// its GL objects in whatever context is current when it goes, and the shared renderer's
/// objects have the same small names.
final class GLESProfileTests: XCTestCase {
    /// A 64 × 48 frame with a 40 × 30 opaque layer at whole pixels: every pixel is known exactly.
    @MainActor
    static func knownFrame(_ r: OffscreenRenderer) throws -> Image {
        let layer = Layer(bounds: Rect(x: 0, y: 0, width: 40, height: 30), position: Point(x: 30, y: 21))
        layer.backgroundColor = Color(red: 1, green: 0, blue: 0)
        let root = Layer(bounds: Rect(x: 0, y: 0, width: 64, height: 48), position: Point(x: 32, y: 24), sublayers: [layer])
        return try r.render(root, size: Size(width: 64, height: 48), scale: 1, antialiasing: .analytic,
                            background: Color(red: 0, green: 0, blue: 1))
    }

    func testAGLESContextIsOpenGLES3AndRendersAKnownFramePixelExactly() throws {
        try MainActor.assumeIsolated {
            let context = try GLContext.headless(profile: .gles30)
            XCTAssertTrue(context.version.hasPrefix("OpenGL ES 3."), context.version)
            XCTAssertEqual(context.profile, .gles30)
            let es = try OffscreenRenderer(context: context)
            XCTAssertEqual(es.renderer.profile, .gles30, "the renderer reads its context's profile")
            let image = try Self.knownFrame(es)
            var wrong = 0
            for y in 0..<48 {
                for x in 0..<64 {
                    let inside = (10..<50).contains(x) && (6..<36).contains(y)
                    let p = image.pixel(x, y)
                    let expected: (UInt8, UInt8, UInt8, UInt8) = inside ? (255, 0, 0, 255) : (0, 0, 255, 255)
                    if p != expected { wrong += 1 }
                }
            }
            XCTAssertEqual(wrong, 0, "pixels of the known frame that differ on OpenGL ES")
        }
    }

    func testGLESAndCoreContextsDrawTheSamePixels() throws {
        try MainActor.assumeIsolated {
            let size = Size(width: 320, height: 240)
            let renderers = [try OffscreenRenderer(context: GLContext.headless(profile: .gles30)),
                             try OffscreenRenderer(context: GLContext.headless(profile: .core33))]
            XCTAssertEqual(renderers.map(\.context.profile), [.gles30, .core33])
            for (effect, aa) in [("fold", AntialiasingMode.analytic), ("flip", .msaa), ("flip", .border), ("fold", .none)] {
                let images = try renderers.map { r in
                    let t: any Transition = effect == "fold"
                        ? try FoldTransition(size: size, source: ContentHandle(1), destination: ContentHandle(2))
                        : try FlipTransition(size: size, source: ContentHandle(1), destination: ContentHandle(2))
                    try t.setProgress(0.35)
                    r.context.makeCurrent()
                    r.renderer.light = PaperLight.standard
                    try r.renderer.setImage(SamplePages.page(1, width: 320, height: 240), for: ContentHandle(1))
                    try r.renderer.setImage(SamplePages.page(2, width: 320, height: 240), for: ContentHandle(2))
                    // The same texture state on both: core uploads bias their level of detail by
                    // −½ (docs/sharpness.md) and ES has no such parameter, so the turning half,
                    // which is minified, would differ by the filter, not by the ES code path.
                    for handle in [ContentHandle(1), ContentHandle(2)] {
                        r.renderer.setSampling(mipmapped: true, anisotropy: 1, lodBias: 0, for: handle)
                    }
                    return try r.render(t.root, size: size, scale: 1, antialiasing: aa)
                }
                XCTAssertGreaterThan(Set(images[0].pixels).count, 16, "\(effect) \(aa): a picture, not a blank")
                let differing = zip(images[0].pixels, images[1].pixels).reduce(0) { $0 + ($1.0 != $1.1 ? 1 : 0) }
                XCTAssertEqual(differing, 0, "\(effect) \(aa): ES and core differ")
            }
        }
    }

    /// A lit riffle, whose leaves in flight take the shadows of the leaves over them in one
    /// draw each (`RECEIVER_CASTERS`: uniform arrays indexed in unrolled loops), draws the same
    /// pixels on ES and core.
    func testARiffleShadingItsLeavesDrawsTheSamePixelsOnBothProfiles() throws {
        try MainActor.assumeIsolated {
            let size = Size(width: 320, height: 240)
            let book = try Book(pageCount: 12, configuration: BookConfiguration(viewSize: size, scale: 1, layout: .spread))
            book.isLit = true
            try book.setLeaves([BookLeaf(index: 2, progress: 0.45), BookLeaf(index: 3, progress: 0.3), BookLeaf(index: 4, progress: 0.15)])
            let renderers = [try OffscreenRenderer(context: GLContext.headless(profile: .gles30)),
                             try OffscreenRenderer(context: GLContext.headless(profile: .core33))]
            let images = try renderers.map { r in
                r.context.makeCurrent()
                r.renderer.light = PaperLight.standard
                let image = try r.render(book.root, size: size, scale: 1, antialiasing: .analytic)
                XCTAssertTrue(r.renderer.list.castShadow.passes.contains { $0.casterSlots == 2 }, "a leaf under two others")
                return image
            }
            let differing = zip(images[0].pixels, images[1].pixels).reduce(0) { $0 + ($1.0 != $1.1 ? 1 : 0) }
            XCTAssertEqual(differing, 0, "ES and core differ")
        }
    }

    /// Pages minified (rasterised 1.3 × and 1.9 × the size shown, and 2 × for a page in flight,
    /// `rasterScale` 2) lying flat and on a leaf in perspective draw the same pixels on ES and
    /// core: ES has no texture parameter for the uploads' level-of-detail bias (−½, −¾), so its
    /// shader adds it (Shaders/quad.frag) and picks the mipmap levels desktop GL picks. Without
    /// it ES sampled coarser levels wherever a page is minified, and a tile minified in a fold's
    /// band sampled levels past those its gutter keeps on the page's grid
    /// (`FoldPageDetailRenderTests`, up to 7/255 along its edges).
    func testMinifiedPagesSampleTheSameMipmapLevelsOnBothProfiles() throws {
        try MainActor.assumeIsolated {
            let size = Size(width: 320, height: 200)
            let renderers = [try OffscreenRenderer(context: GLContext.headless(profile: .gles30)),
                             try OffscreenRenderer(context: GLContext.headless(profile: .core33))]
            for (raster, rasterScale) in [(1.3, 1.0), (1.9, 1.0), (2.0, 2.0)] {
                let book = try Book(pageCount: 8, configuration: BookConfiguration(viewSize: size, scale: 1, layout: .spread))
                try book.setLeaves([BookLeaf(index: 2, progress: 0.3)])
                let images = try renderers.map { r in
                    r.context.makeCurrent()
                    for page in 0..<8 {
                        try r.renderer.setImage(SamplePages.page(page + 1, width: Int(160 * raster), height: Int(200 * raster)),
                                                for: book.handle(forPage: page), rasterScale: rasterScale)
                    }
                    return try r.render(book.root, size: size, scale: 1, antialiasing: .analytic)
                }
                let differing = zip(images[0].pixels, images[1].pixels).reduce(0) { $0 + (abs(Int($1.0) - Int($1.1)) > 1 ? 1 : 0) }
                XCTAssertEqual(differing, 0, "rasters \(raster) × the size shown (rasterScale \(rasterScale)): ES and core differ by more than 1 in \(differing) channels")
            }
        }
    }

    /// ES has no line polygon mode: the wireframe view draws a line loop per triangle instead,
    /// and shows the same edges as desktop GL's.
    func testTheWireframeViewDrawsTheSameEdgesOnBothProfiles() throws {
        try MainActor.assumeIsolated {
            let size = Size(width: 200, height: 160)
            let renderers = [try OffscreenRenderer(context: GLContext.headless(profile: .gles30)),
                             try OffscreenRenderer(context: GLContext.headless(profile: .core33))]
            let images = try renderers.map { r in
                let t = try FoldTransition(size: size, source: ContentHandle(1), destination: ContentHandle(2))
                try t.setProgress(0.4)
                r.context.makeCurrent()
                r.renderer.wireframe = true
                return try r.render(t.root, size: size, scale: 1, antialiasing: .none, background: .black)
            }
            let lit = images.map { image in (0..<(image.width * image.height)).filter { image.pixels[$0 * 4] > 0 }.count }
            XCTAssertGreaterThan(lit[0], 200, "the ES wireframe shows edges")
            let differing = zip(images[0].pixels, images[1].pixels).reduce(0) { $0 + ($1.0 != $1.1 ? 1 : 0) }
            XCTAssertEqual(differing, 0, "ES line loops and core's line polygon mode light the same pixels (\(lit))")
        }
    }

    /// An app's own ES window (GLFW through EGL) is adopted as ES and draws, into its default
    /// framebuffer, what an app's core window draws into its own. Windows need an X display:
    /// under Xvfb (scripts/run-tests); without one GLFW cannot start, which is checked instead.
    func testAnAppsOpenGLESWindowIsAdoptedAndDrawsWhatACoreWindowDraws() throws {
        try MainActor.assumeIsolated {
            guard !(ProcessInfo.processInfo.environment["DISPLAY"] ?? "").isEmpty else {
                XCTAssertThrowsError(try GLContext()) { error in
                    guard case RenderError.noDisplay = error else { return XCTFail("\(error)") }
                }
                return
            }
            XCTAssertNotEqual(glfwInit(), 0)
            let size = Size(width: 320, height: 240)
            var images: [Image] = []
            for es in [true, false] {
                glfwDefaultWindowHints()
                if es {
                    glfwWindowHint(GLFW_CLIENT_API, GLFW_OPENGL_ES_API)
                    glfwWindowHint(GLFW_CONTEXT_CREATION_API, GLFW_EGL_CONTEXT_API)
                    glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3)
                    glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 0)
                } else {
                    glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3)
                    glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 3)
                    glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE)
                }
                glfwWindowHint(GLFW_VISIBLE, GLFW_FALSE)
                let window = try XCTUnwrap(glfwCreateWindow(320, 240, "Folio", nil, nil))
                glfwDefaultWindowHints()
                defer { glfwDestroyWindow(window) }
                // Scoped so that the renderer goes while its window's context is current.
                try {
                    let windowed = try WindowRenderer(adopting: window)
                    XCTAssertEqual(windowed.context.profile, es ? .gles30 : .core33)
                    XCTAssertEqual(windowed.renderer.profile, windowed.context.profile)
                    if es { XCTAssertTrue(windowed.context.version.hasPrefix("OpenGL ES 3."), windowed.context.version) }
                    windowed.renderer.light = PaperLight.standard
                    try windowed.renderer.setImage(SamplePages.page(1, width: 320, height: 240), for: ContentHandle(1))
                    try windowed.renderer.setImage(SamplePages.page(2, width: 320, height: 240), for: ContentHandle(2))
                    // The same texture state on both: core uploads bias their level of detail
                    // by −½ (docs/sharpness.md), ES has no such parameter; the parity under
                    // test is the ES code path's, not the filter's.
                    for handle in [ContentHandle(1), ContentHandle(2)] {
                        windowed.renderer.setSampling(mipmapped: true, anisotropy: 1, lodBias: 0, for: handle)
                    }
                    let fold = try FoldTransition(size: size, source: ContentHandle(1), destination: ContentHandle(2))
                    try fold.setProgress(0.35)
                    // A lit curl casts its shadow into the default framebuffer (its alpha is
                    // looked up as GL_BACK on ES, GL_BACK_LEFT on desktop GL).
                    let curl = try CurlTransition(size: size, source: ContentHandle(1), destination: ContentHandle(2))
                    try curl.setProgress(0.4)
                    for root in [fold.root, curl.root] {
                        windowed.draw(root, background: .white)
                        images.append(windowed.readImage())
                    }
                }()
            }
            for (i, name) in ["fold", "curl"].enumerated() {
                XCTAssertGreaterThan(Set(images[i].pixels).count, 16, "\(name): a picture, not a blank")
                let differing = zip(images[i].pixels, images[i + 2].pixels).reduce(0) { $0 + ($1.0 != $1.1 ? 1 : 0) }
                XCTAssertEqual(differing, 0, "\(name): bytes that differ between the ES window and the core window")
            }
        }
    }

    func testTheProfileIsNamedCoreOrGLESAndAnyOtherNameIsRefused() throws {
        XCTAssertEqual(try GLProfile.named(""), .core33)
        XCTAssertEqual(try GLProfile.named("core"), .core33)
        XCTAssertEqual(try GLProfile.named("gles"), .gles30)
        XCTAssertEqual(try GLProfile.named("ES"), .gles30)
        XCTAssertThrowsError(try GLProfile.named("vulkan")) { error in
            XCTAssertEqual(error as? RenderError, .unknownGLProfile(value: "vulkan"))
            XCTAssertTrue("\(error)".contains("'vulkan'"), "\(error)")
        }
        XCTAssertEqual(GLProfile(version: "OpenGL ES 3.2 Mesa 22.3.6"), .gles30)
        XCTAssertEqual(GLProfile(version: "4.5 (Core Profile) Mesa 22.3.6"), .core33)
    }

    func testShadersGetTheESHeaderInPlaceOfTheirVersionLine() {
        let source = "#version 330 core\nvoid main() {}\n"
        XCTAssertEqual(GLProfile.core33.adapt(source), source)
        let es = GLProfile.gles30.adapt(source)
        XCTAssertTrue(es.hasPrefix("#version 300 es\nprecision highp float;\n"), es)
        XCTAssertFalse(es.contains("330"), es)
        XCTAssertTrue(es.hasSuffix("void main() {}\n"), es)
    }

    /// ES 3.0 has no texture-size query: the probe finds an app texture's size exactly.
    func testTheES30ProbeMeasuresAnAppTexture() throws {
        try MainActor.assumeIsolated {
            let r = try OffscreenRenderer(context: GLContext.headless(profile: .gles30))
            for (w, h) in [(1, 1), (37, 19), (640, 3), (2048, 1024)] {
                var id: GLuint = 0
                glGenTextures(1, &id)
                glBindTexture(GLenum(GL_TEXTURE_2D), id)
                glTexImage2D(GLenum(GL_TEXTURE_2D), 0, GL_RGBA8, GLsizei(w), GLsizei(h), 0, GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), nil)
                let probed = r.renderer.probeBoundTextureSize()
                XCTAssertEqual([Int(probed.width), Int(probed.height)], [w, h])
                glDeleteTextures(1, &id)
            }
            var empty: GLuint = 0
            glGenTextures(1, &empty)
            glBindTexture(GLenum(GL_TEXTURE_2D), empty)
            let none = r.renderer.probeBoundTextureSize()
            XCTAssertEqual([Int(none.width), Int(none.height)], [0, 0], "a texture with no storage")
            glDeleteTextures(1, &empty)
        }
    }
}
