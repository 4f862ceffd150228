import ArgumentParser
import Foundation
import FolioBook
import FolioDocument
import FolioFiles
import FolioRender

/// `folio-demo`: turn the pages of a book with the mouse and keyboard in an OpenGL window.
@main
struct FolioDemo: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "folio-demo",
        abstract: "Turn a book's pages in an OpenGL window (drag, wheel, arrow keys; h for help).",
        discussion: "Needs an X display (headless: 'xvfb-run -a'). Keys:\n" + KeyBindings.list.map { "  \($0.keys): \($0.action)" }.joined(separator: "\n")
    )

    @Argument(help: "A PDF to read (default: the built-in sample book).")
    var document: String?

    @Option(help: "A folder of page images, PNG or JPEG scans, in name order, any number of them (a folder that cannot be opened is an error).")
    var pages: String?

    @Option(help: "With a PDF: its password, if it is encrypted.")
    var password: String?

    @Flag(help: "Show the synthetic numbered pages (flat colours and block digits) instead of the built-in sample book.")
    var syntheticPages = false

    @Option(help: "Window size in points, WxH (default: the book's natural size plus a margin, at most 1600x1000).")
    var size: String?

    @Option(help: "How soft pages turn: flip, fold, curl or accordion (five panels of unequal widths).")
    var effect: String = "flip"

    @Option(help: "single (one page) or spread (two pages side by side).")
    var layout: String = "single"

    @Option(help: "Reading direction: ltr, rtl or ttb (top-bound, turning upward).")
    var direction: String = "ltr"

    @Flag(help: "Rigid first and last leaves, with a visible edge.")
    var hardCover = false

    @Option(help: "Run this many frames, then exit (for tests and documentation).")
    var frames: Int?

    @Option(help: "Save the last frame here as PNG (a name ending in .png, not one of the pages); 'p' saves numbered shots next to it.")
    var screenshot: String?

    @Flag(help: "Document pages stay at their coarse level, the whole page at its unzoomed size (no sharp tiles when zoomed, no finer raster while a leaf turns): for comparisons.")
    var noTiles = false

    @Flag(help: "With --frames: print the heap allocations per frame over the second half (main thread, GL driver included).")
    var countAllocations = false

    func parsedSize() throws -> (Int, Int)? {
        guard let size else { return nil }
        let parts = size.lowercased().split(separator: "x")
        guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]), (64...8192).contains(w), (64...8192).contains(h) else {
            throw ValidationError("--size '\(size)' must be WxH with whole numbers in 64…8192")
        }
        return (w, h)
    }

    /// The starting settings from the options.
    func settings() throws -> DemoSettings {
        var s = DemoSettings()
        guard let e = DemoSettings.Effect(rawValue: effect) else { throw ValidationError("--effect '\(effect)' must be flip, fold, curl or accordion") }
        guard let l = BookLayout(rawValue: layout) else { throw ValidationError("--layout '\(layout)' must be single or spread") }
        guard let d = ReadingDirection(rawValue: direction) else { throw ValidationError("--direction '\(direction)' must be ltr, rtl or ttb") }
        s.effect = e
        s.layout = l
        s.direction = d
        s.hardCover = hardCover
        return s
    }

    func validate() throws {
        _ = try settings()
        if document != nil && pages != nil { throw ValidationError("give a PDF or --pages DIR, not both") }
        if syntheticPages && (document != nil || pages != nil) { throw ValidationError("--synthetic-pages shows the built-in numbered pages: drop the PDF or --pages") }
        if password != nil && document == nil { throw ValidationError("--password applies to a PDF") }
        if let frames, frames < 1 { throw ValidationError("--frames \(frames) must be at least 1") }
        if countAllocations && frames == nil { throw ValidationError("--count-allocations needs --frames") }
        _ = try parsedSize()
        // The demo writes PNG only: any other name would be a file replaced by an image.
        if let screenshot, !screenshot.lowercased().hasSuffix(".png") {
            throw ValidationError("--screenshot '\(screenshot)' must end in .png (the demo saves PNG images)")
        }
    }

    /// Refuses a `--screenshot` that is one of the pages (by identity: a link to a page is
    /// that page), before a window opens; a pages folder that cannot be opened is refused
    /// here too.
    func checkScreenshot() throws(FileError) {
        guard let screenshot else { return }
        if let document, let input = AtomicFile.input(replacedBy: screenshot, among: [document]) {
            throw .wouldOverwriteInput(path: screenshot, input: input)
        }
        guard let pages else { return }
        let folder: PageFolder
        do { folder = try PageFolder(folder: pages) } catch { return } // DemoPages reports it
        let jpegs = ((try? FileManager.default.contentsOfDirectory(atPath: pages)) ?? [])
            .filter { Self.isJPEG($0) }.map { (pages as NSString).appendingPathComponent($0) }
        if let input = AtomicFile.input(replacedBy: screenshot, among: folder.paths + jpegs) {
            throw .wouldOverwriteInput(path: screenshot, input: input)
        }
    }

    static func isJPEG(_ name: String) -> Bool {
        let lower = name.lowercased()
        return lower.hasSuffix(".jpg") || lower.hasSuffix(".jpeg")
    }

    /// The pages to show: a PDF (the built-in sample book by default), a folder of scans
    /// (through `ImageFolderSource` when it holds JPEGs; PNG-only folders keep `PageFolder`'s
    /// checks and messages), or the synthetic pages. Opening a large PDF says so on standard
    /// error while it takes time.
    ///
    /// - Throws: `DocumentError` for a PDF or folder that cannot be read as a document;
    ///   `PageFileError.folder` for a `--pages` that is not a folder.
    @MainActor func source(layout: BookLayout, direction: ReadingDirection) throws -> DemoSource {
        let mode: DocumentLayout.Mode = layout == .spread && direction != .topToBottom
            ? .openings(firstPageAlone: true, rightToLeft: direction == .rightToLeft) : .singlePages
        if syntheticPages { return .synthetic }
        if let pages {
            _ = try PageFolder(folder: pages) // refuses what is not a folder, with its messages
            let names = (try? FileManager.default.contentsOfDirectory(atPath: pages)) ?? []
            guard names.contains(where: Self.isJPEG) else { return .pngFolder(pages) }
            let source = try ImageFolderSource(folder: pages)
            return .document(source, name: (pages as NSString).lastPathComponent, layout: DocumentLayout(pageSizes: source.pageSizes, mode: mode))
        }
        guard let path = document ?? SampleBook.path else {
            DemoApp.warn("the built-in sample book is missing; showing the synthetic pages")
            return .synthetic
        }
        let source = try OpeningProgress.open(path) { () throws(DocumentError) in
            var options = PDFDocumentSource.Options(password: password)
            // A worker lost or a page poppler refuses: one line, in the demo's own voice.
            options.log = { DemoApp.warn($0) }
            return try PDFDocumentSource(path: path, options: options)
        }
        return .document(source, name: (path as NSString).lastPathComponent, layout: DocumentLayout(pageSizes: source.pageSizes, mode: mode))
    }

    func run() throws {
        // Page images come and go by the megabyte: hand freed ones straight back to the system.
        PageMemory.releaseFreedPagesPromptly()
        // GLFW and GL want the main thread, where a command's `run` is called.
        try MainActor.assumeIsolated { try runOnMainThread() }
    }

    @MainActor func runOnMainThread() throws {
        do {
            // The window is OpenGL 3.3 core (GLFW); OpenGL ES contexts are Folio's headless ones,
            // so FOLIO_GL_PROFILE=gles is refused here rather than ignored, and an unknown
            // profile by name, as `folio` does.
            if try GLProfile.fromEnvironment() == .gles30 {
                throw RenderError.contextCreation(reason: "folio-demo's window is OpenGL 3.3 core; \(GLProfile.environmentVariable)=gles applies to offscreen rendering (folio render)")
            }
            try checkScreenshot()
            let settings = try settings()
            let app = try DemoApp(source: try source(layout: settings.layout, direction: settings.direction), windowSize: try parsedSize(),
                                  settings: settings, screenshot: screenshot, showsTiles: !noTiles)
            try app.run(frames: frames, countAllocations: countAllocations)
        } catch let error as RenderError {
            // One clear line and exit code 1, never a stack trace.
            DemoApp.warn("\(error)")
            throw ExitCode(1)
        } catch let error as BookError {
            DemoApp.warn("\(error)")
            throw ExitCode(1)
        } catch let error as PageFileError {
            // A named pages folder that cannot be opened: one line, exit 1, no window.
            DemoApp.warn("\(error)")
            throw ExitCode(1)
        } catch let error as FileError {
            DemoApp.warn("\(error)")
            throw ExitCode(1)
        } catch let error as DocumentError {
            // A document that cannot be opened: one line naming it, exit 1, no window.
            DemoApp.warn("\(error)")
            throw ExitCode(1)
        }
    }
}
