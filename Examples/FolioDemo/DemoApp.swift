@preconcurrency import CGLFW
import CAllocationCounter
import Foundation
import FolioBook
import FolioDocument
import FolioFiles
import FolioGeometry
import FolioLayers
import FolioMotion
import FolioRender

/// The demo window: GLFW input → `BookController` → the book's layer tree → `WindowRenderer`,
/// once per display refresh. What lives here is input mapping and drawing; the book, its
/// turning and its page cache are FolioBook's.
/// GLFW and GL want the main thread: `@MainActor`.
@MainActor
final class DemoApp {
    let surface: WindowRenderer
    let pages: DemoPages
    let clock = AnimationClock()
    let controller: BookController
    var settings: DemoSettings
    let screenshotPath: String?
    private var screenshots = 0
    private var wantsScreenshot = false

    /// The window's layer tree: the book, then the on-screen text.
    let stage = Layer(name: "stage")
    /// Places the book in the window (a transform layer: no area of its own, so no polygon
    /// shares the pages' outer edges).
    let bookFrame = TransformLayer(name: "book frame")
    /// Sharp tiles of zoomed document pages, handed to the book as page details.
    let tiles = DemoTiles()
    private let hint = Layer(name: "hint"), readout = Layer(name: "frame time")
    private let helpShade = Layer(name: "help shade"), help = Layer(name: "help")
    private static let hintHandle = ContentHandle(1_000_001), readoutHandle = ContentHandle(1_000_002)
    private static let helpHandle = ContentHandle(1_000_003)
    private static let background = Color(red: 0.16, green: 0.17, blue: 0.19, alpha: 1)
    /// Room around the book, in points, and the hint bar's height.
    private static let margin = 24.0, hintBar = 24.0
    /// The largest window opened without `--size`, in points.
    private static let defaultMaximum = (width: 1600, height: 1000)
    /// How far past its natural size a document's book may grow with the window: its pages are
    /// rasterised at the size they are shown, so they stay sharp. Image pages stay at most one
    /// pixel per pixel.
    private static let documentZoom = 4.0
    /// The window title's last text (set only when it changes).
    private var shownTitle = ""
    /// The last framing and what it was computed for (the reach sweep is not free).
    private var framed: (settings: DemoSettings, window: Size, scale: Double, framing: BookFraming)?
    /// The framing the book is laid out for now: each frame it makes room for the leaves in
    /// flight (`BookFraming.roomScale(for:)`) while the book is not zoomed.
    private var placed: BookFraming?

    private var pointer = Point(x: 0, y: 0)
    /// Zoom and pan of the book in its view (FolioBook's rule decides pan or turn); a fresh
    /// one, unzoomed, whenever the view's size changes.
    private var zoom: BookZoom?
    /// The touchpad's pinch gestures (X11 with XInput 2.4; nil elsewhere): zoom about the fingers.
    private var pinch: PinchGestures?
    /// What the left button is doing: nothing, turning (the controller has it), a zoomed drag
    /// not decided yet (from where), or panning (the last pointer point).
    private enum Drag { case none, turning, undecided(start: Point), panning(last: Point) }
    private var drag = Drag.none
    /// How far a pressed page lifts, in progress (`BookController.pressLift`): about 5° of
    /// the flip, fold and accordion; the curl's roll starts at the grabbed point, so it needs
    /// more of its path to show. Reduce motion keeps pages still.
    static func pressLift(_ settings: DemoSettings) -> Double {
        if settings.reduceMotion { return 0 }
        return settings.effect == .curl ? 0.08 : 0.03
    }
    /// The last press, for double-clicks.
    private var lastPress: (time: Double, point: Point)?
    /// One wheel notch or key press zooms by this factor.
    static let zoomStep = 1.25
    /// The deepest zoom.
    static let maximumZoom = 8.0
    /// Two presses this close in seconds and points are a double-click.
    static let doubleClick = (seconds: 0.35, points: 6.0)
    /// The frame-time readout's figures, as `folio bench --window` counts them, and when it last changed.
    private var frameMeter = FrameMeter(), readoutShownAt = 0.0
    /// What the hint bar shows now; its text is rebuilt only when these change.
    private var shownHint: (opening: Int, settings: DemoSettings, width: Int, zoom: Double)?
    /// The last layout's view size and scale (resizes that change neither do nothing).
    private var laidOut: (size: Size, scale: Double)?
    private var lastWarning: String?

    /// Whether zoomed document pages get sharp tiles (`--no-tiles` turns them off).
    let tilesOn: Bool

    init(source: DemoSource, windowSize: (Int, Int)?, settings: DemoSettings, screenshot: String?, showsTiles: Bool = true) throws {
        tilesOn = showsTiles
        pages = try DemoPages(source: source)
        // The comparison view: every page at its display size, finer rasters off with the tiles.
        pages.rastersPagesInFlightFiner = showsTiles
        for w in pages.warnings { Self.warn(w) }
        self.settings = settings
        screenshotPath = screenshot
        let (ww, wh) = try windowSize ?? Self.defaultWindow(page: Self.naturalPage(pages, scale: 1), settings: settings)
        surface = try WindowRenderer(width: ww, height: wh, title: "Folio demo")
        let scale = Self.sane(surface.scale) ?? 1
        let window = Size(width: Double(surface.windowSize.width), height: Double(surface.windowSize.height))
        let view: Size
        do {
            let framing = try Self.frame(page: Self.naturalPage(pages, scale: scale), settings: settings, window: window, scale: scale,
                                         maximumZoom: pages.document == nil ? 1 : Self.documentZoom)
            framed = (settings, window, scale, framing)
            view = framing.viewSize
        } catch {
            // A window too small for the book and its margins (`--size 64x64`): a small book
            // now, framed properly once the window has room.
            view = BookConfiguration.viewSize(pageSize: Size(width: 16, height: 16 * Double(pages.naturalPixelSize.height) / Double(max(1, pages.naturalPixelSize.width))),
                                              layout: settings.layout, direction: settings.direction)
        }
        let book = try Book(pageCount: pages.count, configuration: settings.configuration(viewSize: view, scale: scale))
        controller = BookController(book: book, clock: clock)
        controller.reduceMotion = settings.reduceMotion
        // Touch acknowledgement: a pressed page lifts a little on a spring before any drag,
        // and settles back when let go (reduce motion keeps pages still).
        controller.pressLift = Self.pressLift(settings)
        laidOut = (view, scale)
        zoom = try? BookZoom(viewSize: view, maximumScale: Self.maximumZoom)
        try stage.setSublayers([bookFrame, hint, readout, helpShade, help])
        try bookFrame.addSublayer(book.root)
        helpShade.backgroundColor = Color(red: 0, green: 0, blue: 0, alpha: 0.72)
        // A zoomed page reaches under the text bars: a dark plate keeps white text legible on it.
        for bar in [hint, readout] {
            bar.backgroundColor = Color(red: 0.1, green: 0.11, blue: 0.13, alpha: 0.8)
            bar.cornerRadius = 3
        }
        for (layer, handle) in [(hint, Self.hintHandle), (readout, Self.readoutHandle), (help, Self.helpHandle)] {
            layer.contents = handle
        }
        setText(help, Self.helpHandle, KeyBindings.helpLines)
        // The title names the document and the pages open, updated as each turn lands.
        controller.onEvent = { [weak self] event in
            guard event.kind == .land else { return }
            MainActor.assumeIsolated { self?.updateTitle(opening: event.toOpening) }
        }
        installCallbacks()
        layout()
        updateTitle(opening: controller.targetOpening)
    }

    /// "Folio demo — NAME — Pages 4 and 5 of 8": the book's own announcement of the opening.
    func updateTitle(opening: Int) {
        let title = (["Folio demo"] + [pages.name].compactMap { $0 } + [controller.book.announcement(forOpening: opening)])
            .joined(separator: " — ")
        guard title != shownTitle else { return }
        shownTitle = title
        glfwSetWindowTitle(surface.window, title)
    }

    /// The pages' natural size in points: a document's book page, or image pixels shown one to
    /// one on a display of `scale`.
    static func naturalPage(_ pages: DemoPages, scale: Double) -> Size {
        let (w, h) = pages.naturalPixelSize
        return pages.document == nil ? Size(width: Double(w) / scale, height: Double(h) / scale) : Size(width: Double(w), height: Double(h))
    }

    /// Where the book goes in a window of `window` points: `BookFraming.fill` in the window
    /// less the hint bar, the pages at rest `margin` clear of its edges, at most `maximumZoom`
    /// times their natural size. Leaves in flight may rise into the margin; where they would
    /// pass the window's edge the book draws smaller about its centre while they do
    /// (`roomScale`, each frame). The demo's perspective follows the view's size, so the reach
    /// is measured again at the size the fill chose.
    static func frame(page: Size, settings: DemoSettings, window: Size, scale: Double, maximumZoom: Double) throws(BookError) -> BookFraming {
        let viewport = Size(width: window.width, height: max(1, window.height - hintBar))
        let natural = BookConfiguration.viewSize(pageSize: page, layout: settings.layout, direction: settings.direction)
        var framing = try BookFraming.fill(pageSize: page, in: viewport, configuration: settings.configuration(viewSize: natural, scale: scale),
                                           margin: margin, maximumZoom: maximumZoom)
        if framing.viewSize != natural {
            framing = try BookFraming.fill(pageSize: page, in: viewport, configuration: settings.configuration(viewSize: framing.viewSize, scale: scale),
                                           margin: margin, maximumZoom: maximumZoom)
        }
        return framing
    }

    /// The framing for the current window, reusing the last one when nothing it depends on changed.
    private func currentFraming(window: Size, scale: Double) -> BookFraming? {
        if let f = framed, f.settings == settings, f.window == window, f.scale == scale { return f.framing }
        do {
            let framing = try Self.frame(page: Self.naturalPage(pages, scale: scale), settings: settings, window: window, scale: scale,
                                         maximumZoom: pages.document == nil ? 1 : Self.documentZoom)
            framed = (settings, window, scale, framing)
            return framing
        } catch {
            // A window with no room for the book (minimised, mid-storm): keep the last layout.
            return nil
        }
    }

    /// Tells the pages the pixel size a page is shown at now (a document's are rasterised at it).
    private func updateDisplaySize() {
        let book = controller.book
        var page = book.configuration.viewSize
        if book.configuration.layout == .spread {
            let part = book.frame.split.leading, height = book.frame.height
            page = book.configuration.direction == .topToBottom ? Size(width: height, height: part) : Size(width: part, height: height)
        }
        let scale = book.configuration.scale
        pages.setDisplaySize(width: Int((page.width * scale).rounded()), height: Int((page.height * scale).rounded()), book: book, renderer: surface.renderer)
    }

    /// Writes one line to standard error, escaped (`MessageText.escaped(_:)`): names of files
    /// come from outside, and one with a line break must not forge a second line.
    nonisolated static func warn(_ message: String) {
        FileHandle.standardError.write(Data("folio-demo: \(MessageText.escaped(message))\n".utf8))
    }

    /// Warns once per distinct message in a row (a resize storm repeats itself).
    private func warnOnce(_ message: String) {
        guard message != lastWarning else { return }
        lastWarning = message
        Self.warn(message)
    }

    /// The window for the natural page size: the book at its natural size with room for its
    /// leaves in flight (`Book.overhang(of:)`, the larger side's on both, as the pages sit
    /// centred) plus margins, shrunk to fit `defaultMaximum`.
    static func defaultWindow(page: Size, settings: DemoSettings) throws(BookError) -> (Int, Int) {
        let view = BookConfiguration.viewSize(pageSize: page, layout: settings.layout, direction: settings.direction)
        let o = try Book.overhang(of: settings.configuration(viewSize: view, scale: 1))
        let whole = Size(width: view.width + 2 * max(o.left, o.right) + 2 * margin,
                         height: view.height + 2 * max(o.top, o.bottom) + 2 * margin + hintBar)
        let k = min(1, Double(defaultMaximum.width) / whole.width, Double(defaultMaximum.height) / whole.height)
        return (max(320, Int((whole.width * k).rounded(.up))), max(240, Int((whole.height * k).rounded(.up))))
    }

    /// A HiDPI scale worth laying out for, or nil for the transient values a resize storm
    /// reports (a framebuffer from one size and a window from another).
    static func sane(_ scale: Double) -> Double? { (0.25...8).contains(scale) ? scale : nil }

    private func setText(_ layer: Layer, _ handle: ContentHandle, _ lines: [String]) {
        let pixel = max(1, Int((Self.sane(surface.scale) ?? 1).rounded()))
        let image = BitmapFont.image(lines, pixelSize: pixel)
        // A few lines of text at the display's scale: far below any texture limit.
        try? surface.renderer.setImage(image, for: handle)
        layer.bounds = Rect(x: 0, y: 0, width: Double(image.width) / Double(pixel), height: Double(image.height) / Double(pixel))
    }

    /// Places the book and the text for the current window size, rebuilding the book for a new
    /// view size or pixel scale (at the same opening, with the same leaves in flight).
    private func layout() {
        surface.updateSize()
        let (w, h) = surface.windowSize
        // Minimised, or mid-storm: keep the last layout.
        guard w >= 32, h >= 32, let scale = Self.sane(surface.scale) else { return }
        stage.bounds = Rect(x: 0, y: 0, width: Double(w), height: Double(h))
        stage.position = Point(x: Double(w) / 2, y: Double(h) / 2)
        guard let framing = currentFraming(window: Size(width: Double(w), height: Double(h)), scale: scale) else {
            // No room to frame the book: it keeps its place, its pages still drawn at its size.
            updateDisplaySize()
            return
        }
        if laidOut.map({ $0.size != framing.viewSize || $0.scale != scale }) ?? true {
            rebuild(viewSize: framing.viewSize, scale: scale)
        }
        bookFrame.anchorPoint = .zero
        bookFrame.position = framing.origin
        placed = laidOut.map { $0.size == framing.viewSize && $0.scale == scale } == true ? framing : nil
        updateDisplaySize()
        hint.position = Point(x: hint.bounds.width / 2 + 6, y: Double(h) - hint.bounds.height / 2 - 2)
        readout.position = Point(x: Double(w) - readout.bounds.width / 2 - 6, y: readout.bounds.height / 2 + 2)
        helpShade.bounds = stage.bounds
        helpShade.position = stage.position
        help.position = Point(x: Double(w) / 2, y: Double(h) / 2)
    }

    /// Rebuilds the book for `settings` at `viewSize`; on refusal says why once and keeps the book.
    @discardableResult
    private func rebuild(viewSize: Size, scale: Double) -> Bool {
        do {
            try controller.setConfiguration(settings.configuration(viewSize: viewSize, scale: scale))
        } catch {
            warnOnce("\(error)")
            return false
        }
        laidOut = (viewSize, scale)
        try? bookFrame.setSublayers([controller.book.root])
        // A new view (a setting, the window): the zoom starts over; the same size keeps it.
        if zoom?.viewSize != viewSize { zoom = try? BookZoom(viewSize: viewSize, maximumScale: Self.maximumZoom) }
        zoom?.apply(to: controller.book)
        return true
    }

    // MARK: Input

    private func installCallbacks() {
        let window = surface.window
        glfwSetWindowUserPointer(window, Unmanaged.passUnretained(self).toOpaque())
        // GLFW calls back on the main thread, from glfwPollEvents.
        glfwSetCursorPosCallback(window) { w, x, y in MainActor.assumeIsolated { DemoApp.of(w)?.pointerMoved(x, y) } }
        glfwSetMouseButtonCallback(window) { w, button, action, _ in MainActor.assumeIsolated { DemoApp.of(w)?.mouseButton(button, action) } }
        glfwSetScrollCallback(window) { w, _, dy in MainActor.assumeIsolated { DemoApp.of(w)?.scrolled(dy) } }
        glfwSetKeyCallback(window) { w, key, _, action, _ in MainActor.assumeIsolated { DemoApp.of(w)?.key(key, action) } }
        glfwSetCharCallback(window) { w, codepoint in MainActor.assumeIsolated { DemoApp.of(w)?.character(codepoint) } }
        glfwSetFramebufferSizeCallback(window) { w, _, _ in MainActor.assumeIsolated { DemoApp.of(w)?.layout() } }
        glfwSetWindowSizeCallback(window) { w, _, _ in MainActor.assumeIsolated { DemoApp.of(w)?.layout() } }
        pinch = PinchGestures(window: window)
    }

    /// Pinch: zooms by each step's factor about the fingers' focus, as Ctrl+wheel does about
    /// the pointer.
    private func pinched() {
        pinch?.poll { step in
            guard step.factor != 1 else { return }
            zoom(by: step.factor, about: bookPoint(Point(x: step.x, y: step.y)))
        }
    }

    private static func of(_ window: OpaquePointer?) -> DemoApp? {
        guard let window, let raw = glfwGetWindowUserPointer(window) else { return nil }
        return Unmanaged<DemoApp>.fromOpaque(raw).takeUnretainedValue()
    }

    /// Window points → the book's view points.
    private func bookPoint(_ p: Point) -> Point {
        Point(x: p.x - bookFrame.position.x, y: p.y - bookFrame.position.y)
    }

    private func pointerMoved(_ x: Double, _ y: Double) {
        pointer = Point(x: x, y: y)
        let p = bookPoint(pointer)
        switch drag {
        case .none, .turning:
            controller.move(to: p)
        case let .undecided(start):
            // FolioBook's rule: pan, or turn as if the press had been a turn's all along.
            switch zoom?.gesture(startingAt: start, movingBy: Point(x: p.x - start.x, y: p.y - start.y), direction: settings.direction) {
            case .turn?:
                drag = .turning
                controller.press(at: start)
                controller.move(to: p)
            case .pan?:
                drag = .panning(last: start)
                pan(to: p)
            case nil:
                break
            }
        case .panning:
            pan(to: p)
        }
    }

    private func pan(to p: Point) {
        guard case let .panning(last) = drag else { return }
        zoom?.pan(by: Point(x: p.x - last.x, y: p.y - last.y))
        drag = .panning(last: p)
        zoom.map { $0.apply(to: controller.book) }
    }

    private func mouseButton(_ button: Int32, _ action: Int32) {
        guard button == GLFW_MOUSE_BUTTON_LEFT else { return }
        if settings.help { settings.help = false; return }
        let p = bookPoint(pointer)
        if action == GLFW_PRESS {
            let now = glfwGetTime()
            if let last = lastPress, now - last.time < Self.doubleClick.seconds, last.point.distance(to: p) < Self.doubleClick.points {
                lastPress = nil
                doubleClicked(at: p)
                return
            }
            lastPress = (now, p)
            // Not zoomed, or in the edge band: a turn at once; otherwise the first movement decides.
            if let z = zoom, z.gesture(startingAt: p, direction: settings.direction) == nil {
                drag = .undecided(start: p)
            } else {
                drag = .turning
                controller.press(at: p)
            }
        } else if action == GLFW_RELEASE {
            switch drag {
            case .turning: controller.release(at: p)
            // A click in the middle of a zoomed page does nothing: the book's own click turns
            // on its outer fifth, which can be anywhere on screen when zoomed (and the first
            // click of a double-click must not turn).
            case .none, .undecided, .panning: break
            }
            drag = .none
        }
    }

    /// Double-click: zoom to the column under the pointer (half of the page under it: a
    /// column of a two-column page, half the measure of a one-column one), or back to no zoom.
    private func doubleClicked(at p: Point) {
        guard var z = zoom else { return }
        if case .turning = drag { controller.release(at: p) }
        drag = .none
        if z.isZoomed {
            z.reset()
        } else {
            z.zoom(toColumnAt: p, of: pageRect(at: z.viewPoint(fromPlaced: p)), columns: 2)
        }
        zoom = z
        z.apply(to: controller.book)
    }

    /// The page of the view under view point `v`: the whole view for a single page, the half
    /// of a spread on `v`'s side of the spine.
    private func pageRect(at v: Point) -> Rect {
        let book = controller.book, size = book.configuration.viewSize
        guard book.configuration.layout == .spread else { return Rect(x: 0, y: 0, width: size.width, height: size.height) }
        let spine = book.frame.split.leading
        if book.configuration.direction == .topToBottom {
            return v.y < spine ? Rect(x: 0, y: 0, width: size.width, height: spine) : Rect(x: 0, y: spine, width: size.width, height: size.height - spine)
        }
        return v.x < spine ? Rect(x: 0, y: 0, width: spine, height: size.height) : Rect(x: spine, y: 0, width: size.width - spine, height: size.height)
    }

    /// Wheel: turns; with Ctrl held, zooms about the pointer (up: in).
    private func scrolled(_ dy: Double) {
        let w = surface.window
        if glfwGetKey(w, GLFW_KEY_LEFT_CONTROL) == GLFW_PRESS || glfwGetKey(w, GLFW_KEY_RIGHT_CONTROL) == GLFW_PRESS {
            zoom(by: pow(Self.zoomStep, dy), about: bookPoint(pointer))
        } else {
            controller.scroll(by: -dy)
        }
    }

    /// Zooms by `factor` about placed point `p` (the pointer, or the view's centre when the
    /// pointer is outside the view); a drag in progress keeps going.
    private func zoom(by factor: Double, about p: Point) {
        guard var z = zoom else { return }
        let size = z.viewSize
        let anchor = (0...size.width).contains(p.x) && (0...size.height).contains(p.y) ? p : Point(x: size.width / 2, y: size.height / 2)
        z.zoom(by: factor, about: anchor)
        zoom = z
        z.apply(to: controller.book)
    }

    private func key(_ key: Int32, _ action: Int32) {
        guard action == GLFW_PRESS || action == GLFW_REPEAT else { return }
        // The arrows point the way the leaves go: in a right-to-left book → turns back.
        let rtl = settings.direction == .rightToLeft
        switch key {
        case GLFW_KEY_RIGHT: rtl ? controller.turnBackward() : controller.turnForward()
        case GLFW_KEY_LEFT: rtl ? controller.turnForward() : controller.turnBackward()
        case GLFW_KEY_DOWN, GLFW_KEY_PAGE_DOWN, GLFW_KEY_SPACE: controller.turnForward()
        case GLFW_KEY_UP, GLFW_KEY_PAGE_UP: controller.turnBackward()
        case GLFW_KEY_HOME: try? controller.turn(toPage: 0)
        case GLFW_KEY_END: try? controller.turn(toPage: pages.count - 1)
        case GLFW_KEY_TAB:
            let all = DemoSettings.Effect.allCases
            change { $0.effect = all[(all.firstIndex(of: $0.effect)! + 1) % all.count] }
        case GLFW_KEY_ESCAPE: if settings.help { settings.help = false } else { surface.shouldClose = true }
        case GLFW_KEY_F1: settings.help.toggle()
        default: break
        }
    }

    private func character(_ codepoint: UInt32) {
        guard let scalar = Unicode.Scalar(codepoint) else { return }
        switch Character(scalar).lowercased() {
        case "l": change { $0.layout = $0.layout == .single ? .spread : .single }
        case "d": change { $0.direction = $0.nextDirection }
        case "k": change { $0.hardCover.toggle() }
        case "c": change { $0.cubic.toggle() }
        case "u": change { $0.unfold.toggle() }
        case "r": change { $0.reversePerspective.toggle() }
        case "]": change { $0.perspective = min(4, $0.perspective * 1.25) }
        case "[": change { $0.perspective = max(0.25, $0.perspective / 1.25) }
        case "+", "=": zoom(by: Self.zoomStep, about: bookPoint(pointer))
        case "-", "_": zoom(by: 1 / Self.zoomStep, about: bookPoint(pointer))
        case "0":
            zoom?.reset()
            zoom.map { $0.apply(to: controller.book) }
        case "v": change { $0.viewpoint = $0.viewpoint == 0.5 ? 1.5 : ($0.viewpoint > 0.5 ? -0.5 : 0.5) }
        case "a":
            let all = AntialiasingMode.allCases
            settings.antialiasing = all[(all.firstIndex(of: settings.antialiasing)! + 1) % all.count]
        case "s":
            settings.shadows.toggle()
            controller.book.showsShadows = settings.shadows
        case "m":
            settings.slowMotion.toggle()
            try? clock.setTimeScale(settings.slowMotion ? 0.1 : 1)
        case "g": settings.light.toggle()
        case "b": settings.layerBorders.toggle()
        case "w": settings.wireframe.toggle()
        case "f": settings.frameTime.toggle()
        case "x":
            settings.reduceMotion.toggle()
            controller.reduceMotion = settings.reduceMotion
            controller.pressLift = Self.pressLift(settings)
        case "p": wantsScreenshot = true
        case "h", "?": settings.help.toggle()
        case "q": surface.shouldClose = true
        default: break
        }
    }

    /// Applies a change that reshapes the book; a refused one is rolled back with a message.
    private func change(_ edit: (inout DemoSettings) -> Void) {
        let old = settings
        edit(&settings)
        let (w, h) = surface.windowSize
        let scale = Self.sane(surface.scale) ?? laidOut?.scale ?? 1
        guard let framing = currentFraming(window: Size(width: Double(max(32, w)), height: Double(max(32, h))), scale: scale),
              rebuild(viewSize: framing.viewSize, scale: scale) else {
            settings = old
            return
        }
        layout()
        updateTitle(opening: controller.targetOpening)
    }

    // MARK: Frames

    /// Runs until the window closes, or for `frames` frames; saves the screenshot at the end
    /// when one was asked for.
    func run(frames: Int?, countAllocations: Bool = false) throws {
        var frame = 0
        var allocationsAtHalf: UInt64 = 0
        // Damage-driven frames (issue 29): each frame redraws only what changed since the last,
        // and a frame where nothing moved draws and swaps nothing.
        surface.drawsOnlyDamage = true
        var idle = false
        while !surface.shouldClose {
            if let frames, frame >= frames { break }
            if let frames, frame == frames / 2 { allocationsAtHalf = folio_allocations_this_thread() }
            // After a frame with nothing to draw, sleep until an event comes rather than spin;
            // the timeout still wakes the loop 20 times a second for what no event announces
            // (pages decoded in the background, the readout's figures).
            if idle { glfwWaitEventsTimeout(0.05) } else { glfwPollEvents() }
            pinched()
            let now = glfwGetTime()
            try clock.tick(to: now)
            controller.update()
            // Room for the leaves in flight: the book draws smaller about its centre while one
            // would pass the window's edge (the root sits under `bookFrame`, at the framing's
            // origin already). A zoomed book is placed by its zoom.
            if let placed, !(zoom?.isZoomed ?? false) {
                placed.apply(roomScale: placed.roomScale(for: controller.book), to: controller.book, at: Point(x: 0, y: 0))
            }
            if let error = controller.lastError { warnOnce("\(error)"); controller.lastError = nil }
            let book = controller.book
            let (ww, wh) = surface.windowSize
            let window = Rect(x: -bookFrame.position.x, y: -bookFrame.position.y, width: Double(ww), height: Double(wh))
            // Where the leaves in flight are posed comes from the frame's own evaluation of the
            // stage, made ahead of the draw, which draws it unless the tiles or anything else
            // changed the tree since (one evaluation a zoomed frame, not two).
            tiles.update(book: book, zoom: zoom, window: window, displaySize: pages.document == nil || !tilesOn ? nil : pages.displaySize,
                         handle: { DemoPages.handle($0, book) }, isUploaded: { self.pages.isUploaded($0) },
                         evaluation: { (self.surface.evaluateAhead(self.stage), self.stage) })
            pages.wantedTiles = tiles.wanted
            for m in pages.update(book: book, targetOpening: controller.targetOpening, renderer: surface.renderer) { Self.warn(m) }
            updateText(now: now)
            let r = surface.renderer
            r.antialiasing = settings.antialiasing
            r.light = settings.light ? .standard : nil
            // Lit with shadows, the leaves cast their shadows in place of the pages' tints.
            controller.book.isLit = settings.light && settings.shadows
            r.castsShadows = settings.shadows
            // Unlit, a curl leaf casts its shadow all the same, as a flip leaf shows its tints.
            r.castsUnlitShadows = settings.shadows
            r.wireframe = settings.wireframe
            r.showsLayerBorders = settings.layerBorders
            helpShade.isHidden = !settings.help
            help.isHidden = !settings.help
            surface.draw(stage, background: Self.background)
            idle = surface.renderer.lastFrame.damagedFraction == 0
            frame += 1
            let last = frames.map { frame >= $0 } ?? false
            if wantsScreenshot || (last && screenshotPath != nil) {
                wantsScreenshot = false
                try saveScreenshot(final: last)
            }
            surface.present()
        }
        if countAllocations, let frames, frames >= 2 {
            let counted = frames - frames / 2
            let perFrame = Double(folio_allocations_this_thread() - allocationsAtHalf) / Double(counted)
            print("folio-demo: \(perFrame) heap allocations per frame over the last \(counted) frames (main thread, GL driver included)")
        }
        if frames == nil, screenshotPath != nil {
            // Closed by the user: still leave the last frame where it was asked for.
            surface.draw(stage, background: Self.background)
            try saveScreenshot(final: true)
        }
    }

    private func saveScreenshot(final: Bool) throws {
        let base = screenshotPath ?? "folio-demo.png"
        screenshots += 1
        let path: String
        if final && screenshotPath != nil {
            path = base
        } else {
            let stem = base.hasSuffix(".png") ? String(base.dropLast(4)) : base
            path = "\(stem)-\(screenshots).png"
        }
        try surface.readImage().writePNG(path: path)
        print("folio-demo: saved \(path)")
    }

    /// Splits `text` at double spaces into lines of at most `columns` characters (at least one part per line).
    static func wrap(_ text: String, columns: Int) -> [String] {
        var lines: [String] = [], line = ""
        for part in text.components(separatedBy: "  ") where !part.trimmingCharacters(in: .whitespaces).isEmpty {
            let piece = part.trimmingCharacters(in: .whitespaces)
            if line.isEmpty { line = piece } else if line.count + 2 + piece.count <= columns { line += "  " + piece } else { lines.append(line); line = piece }
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }

    /// "page 3/6", or "pages 2-3/6" for a spread.
    static func pageLabel(_ book: Book, opening: Int) -> String {
        let (read, unread) = book.pages(atOpening: opening)
        let shown = [read, unread].compactMap { $0 }.map { String($0 + 1) }
        let label = shown.count == 2 && shown[0] != shown[1] ? "pages \(shown[0])-\(shown[1])" : "page \(shown.first ?? "-")"
        return "\(label)/\(book.pageCount)"
    }

    private func updateText(now: Double) {
        let width = surface.windowSize.width
        let opening = controller.targetOpening
        let scale = zoom?.scale ?? 1
        if shownHint.map({ $0.opening != opening || $0.settings != settings || $0.width != width || $0.zoom != scale }) ?? true {
            shownHint = (opening, settings, width, scale)
            // The zoom in whole percent while zoomed ("zoom 244%"); nothing at 1×.
            let zoomed = scale > 1 ? "   zoom \(Int((scale * 100).rounded()))%" : ""
            let summary = "h: help   " + Self.pageLabel(controller.book, opening: opening) + zoomed + "   " + settings.summary
            setText(hint, Self.hintHandle, Self.wrap(summary, columns: max(8, (width - 12) / BitmapFont.advance)))
            layout()
        }
        readout.isHidden = !settings.frameTime
        // One tick a frame: wall and process CPU time since the last, and the share of the
        // window the last draw redrew — the figures `folio bench --window` reports.
        frameMeter.tick(damagedFraction: surface.renderer.lastFrame.damagedFraction)
        // The readout changes twice a second: re-rasterising its text is the one thing in a
        // frame that allocates, and only while it is shown. Each span starts afresh, shown or not.
        if now - readoutShownAt > 0.5 {
            if settings.frameTime, let figures = frameMeter.figures {
                setText(readout, Self.readoutHandle, [figures.readout])
                layout()
            }
            frameMeter.restart()
            readoutShownAt = now
        }
    }
}
