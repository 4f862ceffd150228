@preconcurrency import CGLFW
import BookWindowCheck
import Folio
import Foundation

// book-glfw: docs/book-in-your-window.md's GLFWBookWindow and BookView (extracted from the
// guide at build time, verbatim) as a program. Drag a page to turn it; arrows turn pages;
// escape quits.
//
//   book-glfw [--frames N] [--screenshot FILE.png]
//
// With --frames it drags the right-hand page over by itself (GLFW cannot inject events, so the
// drag goes to the same BookView methods the callbacks call), reads the book's framing back
// after the last frame, checks that the book was drawn and a page turned, and exits 0 or 1:
// that is how the test command runs it under Xvfb.
let (frames, screenshot) = BookWindowCheck.options("book-glfw")
do {
    try MainActor.assumeIsolated {
        guard let frames else { return try runBookWindow() }
        let app = try GLFWBookWindow(width: 1000, height: 640, pageCount: 24, pageSize: Size(width: 400, height: 560))
        defer { app.close() }
        guard let view = app.view else { return }
        for frame in 0..<frames {
            switch BookWindowCheck.pointer(atFrame: frame, framing: view.framing) {
            case .press(let p): view.pointerPressed(at: p)
            case .move(let p): view.pointerMoved(to: p)
            case .release(let p): view.pointerReleased(at: p)
            case nil: break
            }
            try app.drawFrame(at: Double(frame) / 60)
            if frame == frames - 1 {
                let snapshot = try view.snapshot()
                if let screenshot { try snapshot.writePNG(path: screenshot) }
                if let failure = BookWindowCheck.failure(snapshot: snapshot, background: view.background, framing: view.framing,
                                                         committedTurns: view.committedTurns) {
                    throw BookWindowCheck.Failure(reason: failure)
                }
                print("book-glfw: \(frames) frames, \(view.committedTurns) turn(s), book drawn in \(snapshot.width)x\(snapshot.height) px")
            }
            app.present()
        }
    }
} catch {
    FileHandle.standardError.write(Data("book-glfw: \(error)\n".utf8))
    exit(1)
}
