import XCTest
import ReadmeSnippets

/// README.md's Swift snippets compile (they are part of this package's build, extracted at
/// build time) and run without throwing, in a window's GL context like an app's.
final class ReadmeSnippetTests: XCTestCase {
    func testEveryReadmeSnippetRuns() {
        MainActor.assumeIsolated {
            _ = AppWindow.window
            XCTAssertGreaterThanOrEqual(ReadmeSnippets.count, 3, "README's Swift snippets were not found")
            let snippets = ReadmeSnippets()
            for index in 1...ReadmeSnippets.count {
                do {
                    try snippets.run(snippet: index)
                } catch {
                    XCTFail("README.md snippet \(index) (line \(ReadmeSnippets.lines[index - 1])) threw: \(error)")
                }
            }
        }
    }
}
