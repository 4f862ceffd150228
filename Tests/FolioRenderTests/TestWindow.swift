import Foundation
import FolioRender
import XCTest

/// A window of its own for one test, on the main thread, released while its own context is
/// current (its GL names belong to that context, and another test's may be current by then).
enum TestWindow {
    /// Runs `body` with a new `width` × `height` window (pixels) titled `title`.
    ///
    /// Skips the test where there is no X display (CI runs these under `xvfb-run`).
    static func run(width: Int = 320, height: Int = 200, title: String,
                    _ body: @MainActor (WindowRenderer) throws -> Void) throws {
        guard !(ProcessInfo.processInfo.environment["DISPLAY"] ?? "").isEmpty else { throw XCTSkip("needs an X display (xvfb-run)") }
        try MainActor.assumeIsolated {
            var window: WindowRenderer? = try WindowRenderer(width: width, height: height, title: title)
            defer { window?.context.makeCurrent(); window = nil }
            guard let window else { return }
            try body(window)
        }
    }
}
