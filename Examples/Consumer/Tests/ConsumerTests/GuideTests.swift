import Foundation
import XCTest

/// The guide "A book in your own window" is one text in two places — docs/ (whose Swift this
/// package compiles into book-glfw, book-sdl and these tests) and FolioBook's DocC catalog —
/// and the two must show the same code.
final class GuideTests: XCTestCase {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../../..").standardizedFileURL

    static func swiftBlocks(_ path: String) throws -> [String] {
        let text = try String(contentsOf: repository.appendingPathComponent(path), encoding: .utf8)
        return text.components(separatedBy: "```swift\n").dropFirst().map { $0.components(separatedBy: "\n```")[0] }
    }

    func testTheDocCArticleShowsTheCompiledGuidesCodeUnchanged() throws {
        let docs = try Self.swiftBlocks("docs/book-in-your-window.md")
        let article = try Self.swiftBlocks("Sources/FolioBook/FolioBook.docc/BookInYourWindow.md")
        XCTAssertGreaterThanOrEqual(docs.count, 3, "the guide's Swift blocks were not found")
        XCTAssertEqual(docs, article, "docs/book-in-your-window.md and FolioBook.docc/BookInYourWindow.md differ in their Swift")
    }
}
