@preconcurrency import CGLFW
import CGL
import Foundation
import FolioRender
import FolioTransitions
import TriFold

// trifold-window: an app of its own — its window, its toolbar, its layout — with Folio's
// brochure drawn into one viewport of it. Drag across the brochure to fold it (a spring
// finishes the gesture); space folds or unfolds it; q or escape quits.
//
//   trifold-window [--frames N] [--screenshot FILE.png]
//
// With --frames it plays the fold by itself for N frames, saves the last one if asked, and
// exits: that is how the test command runs it headless.

@MainActor
final class App {
    let window: OpaquePointer
    let renderer: QuadRenderer
    let brochure: TriFoldTransition
    let interactive: InteractiveTransition
    let clock = AnimationClock()
    let evaluator = LayerEvaluator()
    static let page = Size(width: 480, height: 300)
    static let toolbar = 48
    var dragStart: (x: Double, progress: Double)?

    init() throws {
        guard glfwInit() != 0 else { throw RenderError.noDisplay(reason: "glfwInit failed") }
        glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3)
        glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 3)
        glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE)
        glfwWindowHint(GLFW_OPENGL_FORWARD_COMPAT, GLFW_TRUE)
        guard let window = glfwCreateWindow(720, 480, "TriFold — a custom Folio effect", nil, nil) else {
            throw RenderError.contextCreation(reason: "glfwCreateWindow failed")
        }
        self.window = window
        glfwMakeContextCurrent(window)
        glfwSwapInterval(1)
        renderer = try QuadRenderer()
        // The inside of the brochure and its outside, from Folio's sample pages.
        let (w, h) = (Int(Self.page.width), Int(Self.page.height))
        try renderer.setImage(SamplePages.page(3, width: w, height: h), for: ContentHandle(1))
        try renderer.setImage(SamplePages.page(4, width: w, height: h), for: ContentHandle(2))
        brochure = try TriFoldTransition(size: Self.page, source: ContentHandle(1), destination: ContentHandle(2))
        interactive = try InteractiveTransition(brochure, clock: clock)
        glfwSetWindowUserPointer(window, Unmanaged.passUnretained(self).toOpaque())
        glfwSetMouseButtonCallback(window) { w, button, action, _ in MainActor.assumeIsolated { App.of(w)?.mouse(button, action) } }
        glfwSetCursorPosCallback(window) { w, x, _ in MainActor.assumeIsolated { App.of(w)?.moved(x) } }
        glfwSetKeyCallback(window) { w, key, _, action, _ in MainActor.assumeIsolated { App.of(w)?.key(key, action) } }
    }

    static func of(_ window: OpaquePointer?) -> App? {
        guard let window, let raw = glfwGetWindowUserPointer(window) else { return nil }
        return Unmanaged<App>.fromOpaque(raw).takeUnretainedValue()
    }

    func mouse(_ button: Int32, _ action: Int32) {
        guard button == GLFW_MOUSE_BUTTON_LEFT else { return }
        var x = 0.0, y = 0.0
        glfwGetCursorPos(window, &x, &y)
        if action == GLFW_PRESS {
            interactive.beginDrag()
            dragStart = (x, brochure.progress)
        } else if action == GLFW_RELEASE, dragStart != nil {
            dragStart = nil
            _ = try? interactive.endDrag()
        }
    }

    /// Dragging left by the brochure's width folds it completely.
    func moved(_ x: Double) {
        guard let start = dragStart else { return }
        try? interactive.drag(to: start.progress + (start.x - x) / Self.page.width)
    }

    func key(_ key: Int32, _ action: Int32) {
        guard action == GLFW_PRESS else { return }
        switch key {
        case GLFW_KEY_SPACE: try? interactive.animate(to: brochure.progress < 0.5 ? 1 : 0, with: .spring(.bouncy))
        case GLFW_KEY_Q, GLFW_KEY_ESCAPE: glfwSetWindowShouldClose(window, GLFW_TRUE)
        default: break
        }
    }

    /// One frame: the app's own background and toolbar, then the brochure in its viewport.
    func frame(at time: Double) throws {
        try clock.tick(to: time)
        var fw: Int32 = 0, fh: Int32 = 0, ww: Int32 = 0
        glfwGetFramebufferSize(window, &fw, &fh)
        glfwGetWindowSize(window, &ww, nil)
        let scale = ww > 0 ? Double(fw) / Double(ww) : 1
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), 0)
        glViewport(0, 0, fw, fh)
        glClearColor(0.93, 0.91, 0.86, 1)
        glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
        glEnable(GLenum(GL_SCISSOR_TEST)) // the app's "toolbar": a band along the top
        glScissor(0, fh - GLint(Double(Self.toolbar) * scale), fw, GLint(Double(Self.toolbar) * scale))
        glClearColor(0.20, 0.24, 0.30, 1)
        glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
        glDisable(GLenum(GL_SCISSOR_TEST))
        // The brochure, centred below the toolbar: its own viewport, anywhere in the window.
        let (pw, ph) = (Int(Self.page.width * scale), Int(Self.page.height * scale))
        let x = (Int(fw) - pw) / 2, y = (Int(fh) - Int(Double(Self.toolbar) * scale) - ph) / 2
        glViewport(GLint(x), GLint(y), GLsizei(pw), GLsizei(ph))
        evaluator.evaluate(brochure.root)
        renderer.draw(evaluator, scale: scale)
    }

    func screenshot(_ path: String) throws {
        var fw: Int32 = 0, fh: Int32 = 0
        glfwGetFramebufferSize(window, &fw, &fh)
        var bytes = [UInt8](repeating: 0, count: Int(fw * fh * 4))
        glBindFramebuffer(GLenum(GL_READ_FRAMEBUFFER), 0)
        glReadBuffer(GLenum(GL_BACK))
        glPixelStorei(GLenum(GL_PACK_ALIGNMENT), 1)
        glReadPixels(0, 0, fw, fh, GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), &bytes)
        var image = Image(width: Int(fw), height: Int(fh))
        let row = Int(fw) * 4
        for r in 0..<Int(fh) { image.pixels[(r * row)..<((r + 1) * row)] = bytes[((Int(fh) - 1 - r) * row)..<((Int(fh) - r) * row)] }
        try image.writePNG(path: path)
    }

    func run(frames: Int?, screenshot: String?) throws {
        if frames != nil { try interactive.animate(to: 1, with: .timing(.easeInEaseOut, duration: 1)) }
        var count = 0
        while glfwWindowShouldClose(window) == 0 {
            // Headless runs step a fixed 1/60 s per frame; interactive ones follow the clock.
            try frame(at: frames != nil ? Double(count) / 60 : glfwGetTime())
            count += 1
            if let frames, count >= frames {
                if let screenshot { try self.screenshot(screenshot) }
                break
            }
            glfwSwapBuffers(window)
            glfwPollEvents()
        }
        glfwDestroyWindow(window)
        glfwTerminate()
    }
}

var arguments = CommandLine.arguments.dropFirst()
var frames: Int?, screenshot: String?
while let argument = arguments.popFirst() {
    switch argument {
    case "--frames": frames = arguments.popFirst().flatMap(Int.init)
    case "--screenshot": screenshot = arguments.popFirst()
    default:
        FileHandle.standardError.write(Data("usage: trifold-window [--frames N] [--screenshot FILE.png]\n".utf8))
        exit(64)
    }
}
do {
    try MainActor.assumeIsolated { try App().run(frames: frames.map { max(1, $0) }, screenshot: screenshot) }
} catch {
    FileHandle.standardError.write(Data("trifold-window: \(error)\n".utf8))
    exit(1)
}
