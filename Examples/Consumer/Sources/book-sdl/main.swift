import BookWindowCheck
import CSDL2
import Folio
import Foundation

// book-sdl: the guide's BookView (docs/book-in-your-window.md, extracted at build time,
// verbatim) in an SDL2 window — the same book as book-glfw under another window system. Drag
// a page to turn it (zoomed, a drag in the middle pans); the wheel zooms; arrows turn pages;
// escape or closing the window quits.
//
//   book-sdl [--frames N] [--screenshot FILE.png]
//
// With --frames it pushes a mouse drag into SDL's own event queue (SDL_PushEvent), so the drag
// goes through the same SDL_PollEvent handling as a real one, reads the book's framing back
// after the last frame, checks that the book was drawn and a page turned, and exits 0 or 1:
// that is how the test command runs it under Xvfb.

/// An SDL2 window with an OpenGL 3.3 core context showing a `BookView`.
@MainActor
final class SDLBookWindow {
    let window: OpaquePointer
    let context: SDL_GLContext
    private(set) var view: BookView?
    private(set) var isOpen = true

    // MARK: Setup

    init(width: Int, height: Int, pageCount: Int, pageSize: Size) throws {
        guard SDL_Init(SDL_INIT_VIDEO) == 0 else { throw RenderError.noDisplay(reason: "SDL_Init: \(Self.error())") }
        SDL_GL_SetAttribute(SDL_GL_CONTEXT_MAJOR_VERSION, 3)
        SDL_GL_SetAttribute(SDL_GL_CONTEXT_MINOR_VERSION, 3)
        SDL_GL_SetAttribute(SDL_GL_CONTEXT_PROFILE_MASK, Int32(SDL_GL_CONTEXT_PROFILE_CORE.rawValue))
        SDL_GL_SetAttribute(SDL_GL_DOUBLEBUFFER, 1)
        let flags = SDL_WINDOW_OPENGL.rawValue | SDL_WINDOW_RESIZABLE.rawValue | SDL_WINDOW_ALLOW_HIGHDPI.rawValue
        guard let window = SDL_CreateWindow("A book in an SDL2 window", csdl_window_centered(), csdl_window_centered(),
                                            Int32(width), Int32(height), flags) else {
            SDL_Quit()
            throw RenderError.contextCreation(reason: "SDL_CreateWindow: \(Self.error())")
        }
        guard let context = SDL_GL_CreateContext(window) else {
            SDL_DestroyWindow(window)
            SDL_Quit()
            throw RenderError.contextCreation(reason: "SDL_GL_CreateContext: \(Self.error())")
        }
        self.window = window
        self.context = context
        SDL_GL_MakeCurrent(window, context)
        SDL_GL_SetSwapInterval(1)
        view = try BookView(pageCount: pageCount, pageSize: pageSize, windowSize: windowSize, framebuffer: framebufferSize)
    }

    static func error() -> String { String(cString: SDL_GetError()) }

    /// The window in points: what SDL's mouse events report.
    var windowSize: Size {
        var w: Int32 = 0, h: Int32 = 0
        SDL_GetWindowSize(window, &w, &h)
        return Size(width: Double(max(1, w)), height: Double(max(1, h)))
    }

    /// The drawable in pixels (larger than the window on a HiDPI display).
    var framebufferSize: (width: Int, height: Int) {
        var w: Int32 = 0, h: Int32 = 0
        SDL_GL_GetDrawableSize(window, &w, &h)
        return (Int(max(1, w)), Int(max(1, h)))
    }

    // MARK: Event handling

    /// Hands SDL's pending events to the view: mouse positions are window points, top-left
    /// origin, which the book takes as they are.
    func handleEvents() {
        var event = SDL_Event()
        while SDL_PollEvent(&event) != 0 {
            switch event.type {
            case SDL_QUIT.rawValue:
                isOpen = false
            case SDL_MOUSEBUTTONDOWN.rawValue where event.button.button == UInt8(SDL_BUTTON_LEFT):
                view?.pointerPressed(at: Point(x: Double(event.button.x), y: Double(event.button.y)))
            case SDL_MOUSEBUTTONUP.rawValue where event.button.button == UInt8(SDL_BUTTON_LEFT):
                view?.pointerReleased(at: Point(x: Double(event.button.x), y: Double(event.button.y)))
            case SDL_MOUSEMOTION.rawValue:
                view?.pointerMoved(to: Point(x: Double(event.motion.x), y: Double(event.motion.y)))
            case SDL_MOUSEWHEEL.rawValue where event.wheel.y != 0:
                // The wheel zooms about the pointer (window points), 1.25× a notch.
                var x: Int32 = 0, y: Int32 = 0
                SDL_GetMouseState(&x, &y)
                view?.magnify(by: event.wheel.y > 0 ? 1.25 : 0.8, about: Point(x: Double(x), y: Double(y)))
            case SDL_KEYDOWN.rawValue:
                switch event.key.keysym.sym {
                case Int32(SDLK_RIGHT.rawValue), Int32(SDLK_SPACE.rawValue): view?.turn(forward: true)
                case Int32(SDLK_LEFT.rawValue): view?.turn(forward: false)
                case Int32(SDLK_ESCAPE.rawValue): isOpen = false
                default: break
                }
            case SDL_WINDOWEVENT.rawValue where event.window.event == UInt8(SDL_WINDOWEVENT_SIZE_CHANGED.rawValue):
                let size = windowSize
                if size.width >= 64, size.height >= 64 { try? view?.resize(windowSize: size, framebuffer: framebufferSize) }
            default:
                break
            }
        }
    }

    /// Puts a left-button event at `point` (window points) into SDL's queue, as the mouse would.
    func push(_ pointer: BookWindowCheck.Pointer) {
        var event = SDL_Event()
        func button(_ type: SDL_EventType, _ p: Point, state: Int32) {
            event.type = type.rawValue
            event.button.windowID = SDL_GetWindowID(window)
            event.button.button = UInt8(SDL_BUTTON_LEFT)
            event.button.state = UInt8(state)
            event.button.clicks = 1
            event.button.x = Int32(p.x.rounded())
            event.button.y = Int32(p.y.rounded())
        }
        switch pointer {
        case .press(let p): button(SDL_MOUSEBUTTONDOWN, p, state: SDL_PRESSED)
        case .release(let p): button(SDL_MOUSEBUTTONUP, p, state: SDL_RELEASED)
        case .move(let p):
            event.type = SDL_MOUSEMOTION.rawValue
            event.motion.windowID = SDL_GetWindowID(window)
            event.motion.state = csdl_button_lmask()
            event.motion.x = Int32(p.x.rounded())
            event.motion.y = Int32(p.y.rounded())
        }
        SDL_PushEvent(&event)
    }

    // MARK: Per frame

    /// Handles pending events, then draws the frame at `time` seconds into the back buffer.
    func drawFrame(at time: Double) throws {
        handleEvents()
        try view?.drawFrame(at: time)
    }

    /// Shows the frame drawn (after any readback of it).
    func present() { SDL_GL_SwapWindow(window) }

    // MARK: Teardown

    /// The view (and its renderer's GL objects) goes first, while the context is current.
    func close() {
        view = nil
        SDL_GL_DeleteContext(context)
        SDL_DestroyWindow(window)
        SDL_Quit()
    }
}

let (frames, screenshot) = BookWindowCheck.options("book-sdl")
do {
    try MainActor.assumeIsolated {
        let app = try SDLBookWindow(width: 1000, height: 640, pageCount: 24, pageSize: Size(width: 400, height: 560))
        defer { app.close() }
        guard let frames else {
            while app.isOpen {
                try app.drawFrame(at: Double(SDL_GetTicks64()) / 1000)
                app.present()
            }
            return
        }
        for frame in 0..<frames where app.isOpen {
            guard let view = app.view else { return }
            if let pointer = BookWindowCheck.pointer(atFrame: frame, framing: view.framing) { app.push(pointer) }
            try app.drawFrame(at: Double(frame) / 60)
            if frame == frames - 1 {
                let snapshot = try view.snapshot()
                if let screenshot { try snapshot.writePNG(path: screenshot) }
                if let failure = BookWindowCheck.failure(snapshot: snapshot, background: view.background, framing: view.framing,
                                                         committedTurns: view.committedTurns) {
                    throw BookWindowCheck.Failure(reason: failure)
                }
                print("book-sdl: \(frames) frames, \(view.committedTurns) turn(s), book drawn in \(snapshot.width)x\(snapshot.height) px")
            }
            app.present()
        }
    }
} catch {
    FileHandle.standardError.write(Data("book-sdl: \(error)\n".utf8))
    exit(1)
}
