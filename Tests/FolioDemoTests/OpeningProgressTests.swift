#if canImport(Glibc)
import Glibc
#endif
import Foundation
import XCTest
import FolioDocument
@testable import FolioDemo

/// The progress line while a document opens: quiet for an open that is quick, one line every
/// half second for one that keeps a person waiting, then the page count.
final class OpeningProgressTests: XCTestCase {
    /// A source that is only a page count.
    final class Pages: PageSource, @unchecked Sendable {
        let pageSizes: [PageSize]
        var pageCount: Int { pageSizes.count }
        init(_ count: Int) { pageSizes = Array(repeating: PageSize(width: 100, height: 140), count: count) }
        func render(page: Int, width: Int, height: Int, cancellation: Cancellation?) throws(DocumentError) -> PageBitmap {
            PageBitmap(width: width, height: height, fill: (255, 255, 255, 255))
        }
    }

    /// What `body` writes to standard error.
    func standardError(_ body: () throws -> Void) rethrows -> String {
        let pipe = Pipe()
        let saved = dup(2)
        dup2(pipe.fileHandleForWriting.fileDescriptor, 2)
        defer { dup2(saved, 2); close(saved) }
        try body()
        dup2(saved, 2)
        pipe.fileHandleForWriting.closeFile()
        return String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    }

    func testAQuickOpenSaysNothing() throws {
        let text = try standardError {
            let source = try OpeningProgress.open("/books/quick.pdf") { () throws(DocumentError) in Pages(12) }
            XCTAssertEqual(source.pageCount, 12)
        }
        XCTAssertEqual(text, "")
    }

    func testASlowOpenShowsProgressThenThePageCount() throws {
        // Three times the quiet period: the line must have appeared.
        let wait = OpeningProgress.quietFor * 3
        let text = try standardError {
            _ = try OpeningProgress.open("/books/big.pdf") { () throws(DocumentError) in
                Thread.sleep(forTimeInterval: wait)
                return Pages(100_000)
            }
        }
        let lines = text.split(separator: "\n")
        XCTAssertGreaterThanOrEqual(lines.count, 2, text)
        XCTAssertTrue(lines.dropLast().allSatisfy { $0.hasPrefix("folio-demo: opening 'big.pdf' … ") && $0.hasSuffix(" s") }, text)
        XCTAssertEqual(lines.last, "folio-demo: opened 'big.pdf': 100000 pages", text)
    }

    func testAFailedOpenPassesItsErrorOn() {
        XCTAssertThrowsError(try OpeningProgress.open("/books/bad.pdf") { () throws(DocumentError) -> Pages in
            throw DocumentError.noPages(path: "/books/bad.pdf")
        }) { XCTAssertEqual($0 as? DocumentError, .noPages(path: "/books/bad.pdf")) }
    }
}
