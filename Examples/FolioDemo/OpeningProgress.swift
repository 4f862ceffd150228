import Foundation
import FolioDocument
import Synchronization

/// A progress line on standard error while a document opens, for documents large enough to
/// make a person wait (a PDF of thousands of pages takes seconds: every page's size is read).
/// Quiet for a document that opens at once, so an ordinary start prints nothing.
enum OpeningProgress {
    /// How long an open may take before the line appears, in seconds.
    static let quietFor = 0.4

    /// Runs `open` for the document at `path`, printing "opening 'NAME' … N s" every half
    /// second once it has taken longer than `quietFor`, and the page count when it is done.
    static func open<Source: PageSource>(_ path: String, _ open: () throws(DocumentError) -> Source) throws(DocumentError) -> Source {
        let name = (path as NSString).lastPathComponent
        let done = Flag(), printed = Flag()
        let finished = DispatchSemaphore(value: 0)
        let started = Date()
        let thread = Thread {
            var next = quietFor
            while !done.value.load(ordering: .acquiring) {
                Thread.sleep(forTimeInterval: 0.05)
                let t = Date().timeIntervalSince(started)
                if t >= next, !done.value.load(ordering: .acquiring) {
                    printed.value.store(true, ordering: .releasing)
                    DemoApp.warn("opening '\(name)' … \(Int(t * 10) / 10).\(Int(t * 10) % 10) s")
                    next += 0.5
                }
            }
            finished.signal()
        }
        thread.start()
        defer { done.value.store(true, ordering: .releasing) }
        let source = try open()
        done.value.store(true, ordering: .releasing)
        // The thread's last line comes before the page count.
        finished.wait()
        if printed.value.load(ordering: .acquiring) {
            DemoApp.warn("opened '\(name)': \(source.pageCount) pages")
        }
        return source
    }

    /// A flag shared with the progress thread (an `Atomic` itself cannot be captured).
    final class Flag: Sendable {
        let value = Atomic<Bool>(false)
    }
}
