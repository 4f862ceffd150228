import Foundation
import FolioDocument

/// The PDF `folio bench --reader` reads: US Letter pages of justified-looking running text,
/// written at bench time so that the figures depend on nothing outside the repository and are
/// the same on every machine.
///
/// Every page has its own content stream (a heading, 52 lines of 10 pt Times-Roman, a folio
/// number), drawn from a fixed vocabulary by a generator seeded with the page's number, so
/// poppler does real text work on every page — glyph lookup, FreeType rasterisation, cairo
/// compositing — as it does for a typeset book, and no two pages are the same. The fonts are
/// the standard 14 (not embedded): poppler substitutes the system's (DejaVu Serif and Sans on
/// Debian), as for any PDF that does not embed them.
enum ReaderBenchDocument {
    /// Page size in points (US Letter, portrait).
    static let pageWidth = 612.0, pageHeight = 792.0

    /// Words of *Alice's Adventures in Wonderland* (1865, public domain), none with a character
    /// that a PDF string would need escaped.
    static let words = """
        alice was beginning to get very tired of sitting by her sister on the bank and of having nothing \
        to do once or twice she had peeped into the book her sister was reading but it had no pictures or \
        conversations in it and what is the use of a book thought without so she considering in own mind \
        as well could for hot day made feel sleepy stupid whether pleasure making daisy chain would be worth \
        trouble getting up picking daisies when suddenly white rabbit with pink eyes ran close there nothing \
        remarkable that nor did think much out way hear say itself dear shall late
        """.split(separator: " ").map(String.init)

    /// The document of `pages` pages, as PDF bytes: catalog, one flat page tree, two shared
    /// fonts, then each page and its content stream, with a correct cross-reference table.
    static func make(pages: Int) -> [UInt8] {
        // 1 catalog, 2 page tree, 3 and 4 fonts, 5 resources; page i is 6 + 2i, its content 7 + 2i.
        var objects = ["<< /Type /Catalog /Pages 2 0 R >>"]
        let kids = (0..<pages).map { "\(6 + 2 * $0) 0 R" }.joined(separator: " ")
        objects.append("<< /Type /Pages /Kids [\(kids)] /Count \(pages) >>")
        objects.append("<< /Type /Font /Subtype /Type1 /BaseFont /Times-Roman /Encoding /WinAnsiEncoding >>")
        objects.append("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>")
        objects.append("<< /Font << /F1 3 0 R /F2 4 0 R >> >>")
        for page in 0..<pages {
            objects.append("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 \(pageWidth) \(pageHeight)] /Resources 5 0 R /Contents \(7 + 2 * page) 0 R >>")
            let content = Self.content(page: page)
            objects.append(PDFWriter.stream(content))
        }
        return PDFWriter.document(objects)
    }

    /// Page `page`'s content stream: a heading, 52 lines of text of about 100 characters, the
    /// page number at the foot.
    static func content(page: Int) -> String {
        // A 64-bit linear congruential generator (Knuth's MMIX constants), seeded by the page.
        var state = UInt64(page) &* 0x9E37_79B9_7F4A_7C15 &+ 1
        func next() -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(state >> 33)
        }
        var s = "BT /F2 16 Tf 72 700 Td (Chapter \(page / 12 + 1), page \(page + 1)) Tj ET\n"
        s += "BT /F1 10 Tf 12 TL 72 672 Td\n"
        for _ in 0..<52 {
            var line = ""
            while line.count < 96 { line += (line.isEmpty ? "" : " ") + words[next() % words.count] }
            s += "(\(line)) Tj T*\n"
        }
        s += "ET\nBT /F1 9 Tf 300 40 Td (\(page + 1)) Tj ET"
        return s
    }

    /// Writes the document of `pages` pages to `path`.
    static func write(pages: Int, to path: String) throws {
        try Data(make(pages: pages)).write(to: URL(fileURLWithPath: path))
    }
}
