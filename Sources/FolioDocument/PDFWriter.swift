/// The one writer of hand-made PDFs in the package: the tests' documents (FolioDocumentTests,
/// FolioCLITests, FolioDemoTests) and the benches' (`folio bench --reader`, `--sharpness`) are lists of
/// objects serialised here, each with a correct cross-reference table, so that a test makes
/// exactly the document it needs (and can then break it on purpose). Package-internal: not
/// part of FolioDocument's API.
package enum PDFWriter {
    /// A stream object's text: its `/Length` dictionary and `content`.
    package static func stream(_ content: String) -> String {
        "<< /Length \(content.utf8.count) >>\nstream\n\(content)\nendstream"
    }

    /// A PDF 1.4 file of `objects`, numbered 1… in order (object 1 must be the catalog): the
    /// header, the objects, the cross-reference table and the trailer.
    package static func document(_ objects: [String]) -> [UInt8] {
        // The second header line marks the file as binary, as PDF writers do.
        var out = Array("%PDF-1.4\n%\u{E2}\u{E3}\u{CF}\u{D3}\n".utf8)
        out.reserveCapacity(objects.reduce(0) { $0 + $1.utf8.count + 40 } + objects.count * 20 + 100)
        var offsets: [Int] = []
        for (i, body) in objects.enumerated() {
            offsets.append(out.count)
            out += Array("\(i + 1) 0 obj\n\(body)\nendobj\n".utf8)
        }
        let xref = out.count
        var table = "xref\n0 \(objects.count + 1)\n0000000000 65535 f \n"
        for o in offsets {
            let digits = String(o)
            table += String(repeating: "0", count: 10 - digits.count) + digits + " 00000 n \n"
        }
        table += "trailer\n<< /Size \(objects.count + 1) /Root 1 0 R >>\nstartxref\n\(xref)\n%%EOF\n"
        out += Array(table.utf8)
        return out
    }

    /// `pages` pages of `width` × `height` points, each drawing one form that draws the next
    /// twice, `levels` deep, the last filling a one-point square: 2^levels fills a page, so a
    /// page takes poppler as long as the tests want (30 levels: far longer than any timeout).
    /// The worker-lifetime tests need a worker that is busy when its reader goes.
    package static func nestedForms(levels: Int, pages: Int, width: Double = 200, height: Double = 200) -> [UInt8] {
        // 1: catalog, 2: pages, 3: the page content, 4…: the forms, then the pages.
        var objects = ["<< /Type /Catalog /Pages 2 0 R >>"]
        let firstPage = 4 + levels
        objects.append("<< /Type /Pages /Kids [\((0..<pages).map { "\(firstPage + $0) 0 R" }.joined(separator: " "))] /Count \(pages) >>")
        objects.append(stream("0 0 1 rg /F Do"))
        for level in 0..<levels {
            let last = level == levels - 1
            let body = last ? "0 0 1 1 re f" : "/F Do /F Do"
            let resources = last ? "" : " /Resources << /XObject << /F \(5 + level) 0 R >> >>"
            objects.append("<< /Type /XObject /Subtype /Form /BBox [0 0 \(width) \(height)]\(resources) /Length \(body.utf8.count) >>\nstream\n\(body)\nendstream")
        }
        for _ in 0..<pages {
            objects.append("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 \(width) \(height)] /Contents 3 0 R /Resources << /XObject << /F 4 0 R >> >> >>")
        }
        return document(objects)
    }
}
