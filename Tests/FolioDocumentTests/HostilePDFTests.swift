import Foundation
import Testing
@testable import FolioDocument
#if canImport(Glibc)
import Glibc
#endif

/// Documents that are broken, empty, huge or hostile: each a typed error or a working
/// source, never a crash, a hang or unbounded memory.
@Suite struct HostilePDFTests {
    func isDamaged(_ error: any Error) -> Bool { if case .damaged = error as? DocumentError { true } else { false } }

    @Test func garbageIsDamaged() throws {
        let folder = TemporaryFolder()
        var generator = SystemRandomNumberGenerator()
        let noise = (0..<4096).map { _ in UInt8.random(in: 0...255, using: &generator) }
        let a = try folder.write("noise.pdf", noise)
        let b = try folder.write("header-then-noise.pdf", Array("%PDF-1.7\n".utf8) + noise)
        let c = try folder.write("empty.pdf", [])
        for path in [a, b, c] { #expect(performing: { try PDFDocumentSource(path: path) }, throws: isDamaged) }
    }

    @Test func truncatedFilesGiveAnErrorOrTheirRemainingPages() throws {
        let folder = TemporaryFolder()
        let whole = TestPDF.make((0..<6).map { _ in .init(width: 100, height: 100, content: "0 1 0 rg 0 0 100 100 re f") })
        for fraction in [0.05, 0.3, 0.6, 0.95] {
            let path = try folder.write("cut-\(fraction).pdf", Array(whole.prefix(Int(Double(whole.count) * fraction))))
            do {
                let source = try PDFDocumentSource(path: path)
                // poppler rebuilt what it could: whatever it kept renders or fails per page.
                for page in 0..<source.pageCount {
                    _ = try? source.render(page: page, width: 20, height: 20)
                }
                #expect(source.workersLost == 0)
            } catch {
                _ = error as DocumentError // typed: nothing else can come out
            }
        }
    }

    @Test func brokenCrossReferenceTableIsRepaired() throws {
        let folder = TemporaryFolder()
        var bytes = TestPDF.make([.init(width: 100, height: 100, content: "0 0 1 rg 0 0 100 100 re f"), .init(width: 50, height: 80)])
        // Every offset in the table is now wrong by 3 bytes; poppler must scan for the objects.
        let text = String(decoding: bytes, as: UTF8.self)
        let xref = text.range(of: "xref\n")!
        let table = String(text[xref.lowerBound...]).replacingOccurrences(of: " 00000 n", with: "3 0000 n")
        bytes = Array((text[..<xref.lowerBound] + table).utf8)
        let source = try PDFDocumentSource(path: try folder.write("xref.pdf", bytes))
        #expect(source.pageCount == 2)
        #expect(try source.render(page: 0, width: 10, height: 10).pixel(5, 5) == (0, 0, 255, 255))
    }

    @Test func zeroPagesIsNoPages() throws {
        let folder = TemporaryFolder()
        let path = try folder.write("none.pdf", TestPDF.make([]))
        #expect(throws: DocumentError.noPages(path: path)) { try PDFDocumentSource(path: path) }
    }

    @Test func aPageOfTwentyThousandPointsRendersAtTheSizeAsked() throws {
        let folder = TemporaryFolder()
        let path = try folder.write("huge.pdf", TestPDF.make([.init(width: 20000, height: 20000, content: "1 0 0 rg 0 0 10000 10000 re f")]))
        let source = try PDFDocumentSource(path: path)
        #expect(source.pageSizes == [PageSize(width: 20000, height: 20000)])
        let bitmap = try source.render(page: 0, width: 1000, height: 1000)
        #expect(bitmap.pixel(250, 750) == (255, 0, 0, 255))
        // Its natural size is refused before any worker sees it.
        #expect { try source.render(page: 0, width: 20000, height: 20000) } throws: {
            if case .invalidPixelSize = $0 as? DocumentError { true } else { false }
        }
    }

    @Test func aHundredThousandPagesOpenWithoutRenderingAny() throws {
        let folder = TemporaryFolder()
        let path = try folder.write("many.pdf", TestPDF.many(100_000))
        let start = SocketIO.now()
        let source = try PDFDocumentSource(path: path)
        let seconds = Double(SocketIO.now() - start) / 1e9
        #expect(source.pageCount == 100_000)
        #expect(source.pageSizes.allSatisfy { $0 == PageSize(width: 612, height: 792) })
        #expect(try source.render(page: 99_999, width: 61, height: 79).pixel(3, 76) == (0, 0, 255, 255))
        #expect(seconds < 20, "opening took \(seconds) s")
        var limits = DocumentLimits()
        limits.maximumPages = 50_000
        var options = PDFDocumentSource.Options()
        options.limits = limits
        #expect(throws: DocumentError.tooManyPages(path: path, count: 100_000, limit: 50_000)) { try PDFDocumentSource(path: path, options: options) }
    }

    @Test func aMissingFontStillRenders() throws {
        let folder = TemporaryFolder()
        let font = "<< /Font << /F1 << /Type /Font /Subtype /Type1 /BaseFont /NoSuchFontAnywhere >> >> >>"
        let path = try folder.write("font.pdf", TestPDF.make([.init(width: 200, height: 100, content: "BT /F1 24 Tf 10 40 Td (Hello) Tj ET 0 1 0 rg 150 0 50 50 re f", resources: font)]))
        let source = try PDFDocumentSource(path: path)
        let bitmap = try source.render(page: 0, width: 200, height: 100)
        #expect(bitmap.pixel(175, 75) == (0, 255, 0, 255))
    }

    @Test func aFIFOIsRefusedWithoutBlocking() throws {
        let folder = TemporaryFolder()
        let path = folder.path + "/fifo.pdf"
        #expect(mkfifo(path, 0o600) == 0)
        defer { unlink(path) }
        #expect { try PDFDocumentSource(path: path) } throws: {
            if case .file(.notARegularFile) = $0 as? DocumentError { true } else { false }
        }
        #expect(throws: DocumentError.file(.notFound(path: folder.path + "/absent.pdf"))) { try PDFDocumentSource(path: folder.path + "/absent.pdf") }
    }
}
