@preconcurrency import CGLFW
import CAllocationCounter
import Foundation
import FolioGeometry
import FolioLayers
import FolioMotion
import FolioRender
import FolioTransitions

/// The demo window: GLFW input → `PageTurner` → layer tree → `WindowRenderer`, once per
/// display refresh. GLFW and GL want the main thread: `@MainActor`.
@MainActor
final class DemoApp {
    let surface: WindowRenderer
    let book: Book
    let turner: PageTurner
    let clock = AnimationClock()
    var settings: DemoSettings
    let screenshotPath: String?
    private var screenshots = 0
    private var wantsScreenshot = false

    /// The window's layer tree: the page centred, then the on-screen text.
    let stage = Layer(name: "stage")
    private let hint = Layer(name: "hint"), readout = Layer(name: "frame time")
    private let helpShade = Layer(name: "help shade"), help = Layer(name: "help")
    private static let hintHandle = ContentHandle(1_000_001), readoutHandle = ContentHandle(1_000_002)
    private static let helpHandle = ContentHandle(1_000_003)
    private static let background = Color(red: 0.16, green: 0.17, blue: 0.19, alpha: 1)
    /// Room around the page, in points.
    private static let margin = 24.0

    private var pointer = Point(x: 0, y: 0)
    private var frameTimes = (last: 0.0, sum: 0.0, count: 0, shownAt: 0.0)
    /// What the hint bar shows now; its text is rebuilt only when these change (a frame
    /// that changes nothing builds no strings).
    private var shownHint: (page: Int, settings: DemoSettings, width: Int)?

    init(pages folder: String?, windowSize: (Int, Int)?, effect: DemoSettings.Effect, screenshot: String?) throws {
        book = Book(folder: folder)
        for w in book.warnings { Self.warn(w) }
        settings = DemoSettings()
        settings.effect = effect
        screenshotPath = screenshot
        let natural = book.naturalPixelSize
        let (ww, wh) = windowSize ?? (natural.width + Int(2 * Self.margin), natural.height + Int(2 * Self.margin) + 24)
        surface = try WindowRenderer(width: ww, height: wh, title: "Folio demo")
        let scale = surface.scale
        let pageSize = Self.fit(natural: natural, window: surface.windowSize, scale: scale)
        turner = try PageTurner(pageCount: book.count, size: pageSize, scale: scale, settings: settings, clock: clock)
        uploadSamplePages()
        book.startLoading()
        try stage.setSublayers([turner.container, hint, readout, helpShade, help])
        helpShade.backgroundColor = Color(red: 0, green: 0, blue: 0, alpha: 0.72)
        for (layer, handle) in [(hint, Self.hintHandle), (readout, Self.readoutHandle), (help, Self.helpHandle)] {
            layer.contents = handle
        }
        setText(help, Self.helpHandle, KeyBindings.helpLines)
        installCallbacks()
        layout()
    }

    static func warn(_ message: String) {
        FileHandle.standardError.write(Data("folio-demo: \(message)\n".utf8))
    }

    /// The page size in points: natural pixels shown one to one on the display, shrunk to fit.
    static func fit(natural: (width: Int, height: Int), window: (width: Int, height: Int), scale: Double) -> Size {
        let w = Double(natural.width) / scale, h = Double(natural.height) / scale
        let room = (Double(window.width) - 2 * margin, Double(window.height) - 2 * margin - 24)
        let k = min(1, max(0.05, min(room.0 / w, room.1 / h)))
        return Size(width: max(16, (w * k).rounded()), height: max(16, (h * k).rounded()))
    }

    private func uploadSamplePages() {
        let s = surface.scale
        let (w, h) = (Int((turner.pageSize.width * s).rounded()), Int((turner.pageSize.height * s).rounded()))
        for i in 0..<book.count {
            surface.renderer.setImage(SamplePages.page(i + 1, width: max(1, w), height: max(1, h)), for: PageTurner.handle(i))
        }
    }

    private func setText(_ layer: Layer, _ handle: ContentHandle, _ lines: [String]) {
        let pixel = max(1, Int(surface.scale.rounded()))
        let image = BitmapFont.image(lines, pixelSize: pixel)
        surface.renderer.setImage(image, for: handle)
        layer.bounds = Rect(x: 0, y: 0, width: Double(image.width) / Double(pixel), height: Double(image.height) / Double(pixel))
    }

    /// Places the page and the text for the current window size.
    private func layout() {
        surface.updateSize()
        let (w, h) = surface.windowSize
        stage.bounds = Rect(x: 0, y: 0, width: Double(w), height: Double(h))
        stage.position = Point(x: Double(w) / 2, y: Double(h) / 2)
        let page = Self.fit(natural: book.naturalPixelSize, window: (w, h), scale: surface.scale)
        turner.resize(to: page, scale: surface.scale)
        turner.container.position = Point(x: Double(w) / 2, y: Self.margin + page.height / 2)
        hint.position = Point(x: hint.bounds.width / 2 + 6, y: Double(h) - hint.bounds.height / 2 - 2)
        readout.position = Point(x: Double(w) - readout.bounds.width / 2 - 6, y: readout.bounds.height / 2 + 2)
        helpShade.bounds = stage.bounds
        helpShade.position = stage.position
        help.position = Point(x: Double(w) / 2, y: Double(h) / 2)
    }

    // MARK: Input

    private func installCallbacks() {
        let window = surface.context.window
        glfwSetWindowUserPointer(window, Unmanaged.passUnretained(self).toOpaque())
        // GLFW calls back on the main thread, from glfwPollEvents.
        glfwSetCursorPosCallback(window) { w, x, y in MainActor.assumeIsolated { DemoApp.of(w)?.pointerMoved(x, y) } }
        glfwSetMouseButtonCallback(window) { w, button, action, _ in MainActor.assumeIsolated { DemoApp.of(w)?.mouseButton(button, action) } }
        glfwSetScrollCallback(window) { w, _, dy in MainActor.assumeIsolated { DemoApp.of(w)?.turner.scroll(by: -dy) } }
        glfwSetKeyCallback(window) { w, key, _, action, _ in MainActor.assumeIsolated { DemoApp.of(w)?.key(key, action) } }
        glfwSetCharCallback(window) { w, codepoint in MainActor.assumeIsolated { DemoApp.of(w)?.character(codepoint) } }
        glfwSetFramebufferSizeCallback(window) { w, _, _ in MainActor.assumeIsolated { DemoApp.of(w)?.layout() } }
        glfwSetWindowSizeCallback(window) { w, _, _ in MainActor.assumeIsolated { DemoApp.of(w)?.layout() } }
    }

    private static func of(_ window: OpaquePointer?) -> DemoApp? {
        guard let window, let raw = glfwGetWindowUserPointer(window) else { return nil }
        return Unmanaged<DemoApp>.fromOpaque(raw).takeUnretainedValue()
    }

    /// Window points → page points.
    private func pagePoint(_ p: Point) -> Point {
        let c = turner.container
        return Point(x: p.x - (c.position.x - c.bounds.width / 2), y: p.y - (c.position.y - c.bounds.height / 2))
    }

    private func pointerMoved(_ x: Double, _ y: Double) {
        pointer = Point(x: x, y: y)
        turner.move(to: pagePoint(pointer))
    }

    private func mouseButton(_ button: Int32, _ action: Int32) {
        guard button == GLFW_MOUSE_BUTTON_LEFT else { return }
        if settings.help { settings.help = false; return }
        if action == GLFW_PRESS { turner.press(at: pagePoint(pointer)) } else if action == GLFW_RELEASE { turner.release(at: pagePoint(pointer)) }
    }

    private func key(_ key: Int32, _ action: Int32) {
        guard action == GLFW_PRESS || action == GLFW_REPEAT else { return }
        switch key {
        case GLFW_KEY_RIGHT, GLFW_KEY_DOWN, GLFW_KEY_PAGE_DOWN, GLFW_KEY_SPACE: turner.turn(forward: !settings.rightToLeft)
        case GLFW_KEY_LEFT, GLFW_KEY_UP, GLFW_KEY_PAGE_UP: turner.turn(forward: settings.rightToLeft)
        case GLFW_KEY_TAB: change { $0.effect = $0.effect == .flip ? .fold : .flip }
        case GLFW_KEY_ESCAPE: if settings.help { settings.help = false } else { surface.shouldClose = true }
        case GLFW_KEY_F1: settings.help.toggle()
        default: break
        }
    }

    private func character(_ codepoint: UInt32) {
        guard let scalar = Unicode.Scalar(codepoint) else { return }
        switch Character(scalar).lowercased() {
        case "d": change { $0.rightToLeft.toggle() }
        case "o": change { $0.alternateOrientation.toggle() }
        case "c": change { $0.cubic.toggle() }
        case "u": change { $0.unfold.toggle() }
        case "r": change { $0.reversePerspective.toggle() }
        case "+", "=": change { $0.perspective = min(4, $0.perspective * 1.25) }
        case "-", "_": change { $0.perspective = max(0.25, $0.perspective / 1.25) }
        case "v": change { $0.viewpoint = $0.viewpoint == 0.5 ? 1.5 : ($0.viewpoint > 0.5 ? -0.5 : 0.5) }
        case "a":
            let all = AntialiasingMode.allCases
            change { $0.antialiasing = all[(all.firstIndex(of: $0.antialiasing)! + 1) % all.count] }
        case "s": change { $0.shadows.toggle() }
        case "m": change { $0.slowMotion.toggle() }
        case "b": settings.layerBorders.toggle()
        case "w": settings.wireframe.toggle()
        case "f": settings.frameTime.toggle()
        case "x": change { $0.reduceMotion.toggle() }
        case "p": wantsScreenshot = true
        case "h", "?": settings.help.toggle()
        case "q": surface.shouldClose = true
        default: break
        }
    }

    private func change(_ edit: (inout DemoSettings) -> Void) {
        edit(&settings)
        turner.apply(settings)
        settings = turner.settings // a refused change is rolled back
        if let m = turner.message { Self.warn(m); turner.message = nil }
    }

    // MARK: Frames

    /// Runs until the window closes, or for `frames` frames; saves the screenshot at the end
    /// when one was asked for.
    func run(frames: Int?, countAllocations: Bool = false) throws {
        var frame = 0
        var allocationsAtHalf: UInt64 = 0
        while !surface.shouldClose {
            if let frames, frame >= frames { break }
            if let frames, frame == frames / 2 { allocationsAtHalf = folio_allocations_this_thread() }
            glfwPollEvents()
            let now = glfwGetTime()
            try clock.tick(to: now)
            turner.update()
            if let m = turner.message { Self.warn(m); turner.message = nil }
            receivePages()
            updateText(now: now)
            let r = surface.renderer
            r.antialiasing = settings.antialiasing
            r.wireframe = settings.wireframe
            r.showsLayerBorders = settings.layerBorders
            helpShade.isHidden = !settings.help
            help.isHidden = !settings.help
            surface.draw(stage, background: Self.background)
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

    private func receivePages() {
        let (pages, failures) = book.takeArrivals()
        for f in failures { Self.warn(f) }
        for (i, image) in pages { surface.renderer.setImage(image, for: PageTurner.handle(i)) }
    }

    private func updateText(now: Double) {
        let width = surface.windowSize.width
        if shownHint.map({ $0.page != turner.page || $0.settings != settings || $0.width != width }) ?? true {
            shownHint = (turner.page, settings, width)
            let summary = "h: help   page \(turner.page + 1)/\(book.count)   " + settings.summary
            setText(hint, Self.hintHandle, Self.wrap(summary, columns: (width - 12) / BitmapFont.advance))
            layout()
        }
        readout.isHidden = !settings.frameTime
        let dt = now - frameTimes.last
        frameTimes.last = now
        if dt > 0 && dt < 1 { frameTimes.sum += dt; frameTimes.count += 1 }
        // The readout changes twice a second: re-rasterising its text is the one thing in a
        // frame that allocates, and only while it is shown.
        if settings.frameTime, now - frameTimes.shownAt > 0.5, frameTimes.count > 0 {
            let ms = frameTimes.sum / Double(frameTimes.count) * 1000
            let hundredths = Int((ms * 100).rounded())
            setText(readout, Self.readoutHandle, ["\(hundredths / 100).\(hundredths % 100 < 10 ? "0" : "")\(hundredths % 100) ms  \(Int((1000 / max(ms, 0.01)).rounded())) fps"])
            frameTimes = (now, 0, 0, now)
            layout()
        }
    }
}
