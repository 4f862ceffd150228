import FolioDocument

/// Small PDFs written by hand, with a correct cross-reference table, so that every test makes
/// exactly the document it needs (and can then break it on purpose).
enum TestPDF {
    /// One page: its media box in points, content stream, `/Rotate`, and extra resources.
    struct Page {
        var width: Double
        var height: Double
        var content = ""
        var rotate = 0
        var resources = ""
    }

    /// A document of `pages` (none: a document with zero pages).
    static func make(_ pages: [Page]) -> [UInt8] {
        // 1: catalog, 2: page tree, then a page and its content stream for each page.
        var objects = ["<< /Type /Catalog /Pages 2 0 R >>"]
        let kids = pages.indices.map { "\(3 + 2 * $0) 0 R" }.joined(separator: " ")
        objects.append("<< /Type /Pages /Kids [\(kids)] /Count \(pages.count) >>")
        for (i, p) in pages.enumerated() {
            let resources = p.resources.isEmpty ? "" : " /Resources \(p.resources)"
            objects.append("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 \(p.width) \(p.height)] /Rotate \(p.rotate) /Contents \(4 + 2 * i) 0 R\(resources) >>")
            objects.append(stream(p.content))
        }
        return write(objects)
    }

    /// A document of `count` pages of one size sharing one content stream, in a two-level
    /// page tree (1,000 pages a node), as a large real document would be.
    static func many(_ count: Int, width: Double = 612, height: Double = 792, content: String = "0 0 1 rg 10 10 100 100 re f") -> [UInt8] {
        let groups = (count + 999) / 1000
        // 1: catalog, 2: root, 3: the content, then the group nodes, then the pages.
        var objects = ["<< /Type /Catalog /Pages 2 0 R >>"]
        objects.append("<< /Type /Pages /Kids [\((0..<groups).map { "\(4 + $0) 0 R" }.joined(separator: " "))] /Count \(count) >>")
        objects.append(stream(content))
        let firstPage = 4 + groups
        for g in 0..<groups {
            let range = g * 1000..<min(count, g * 1000 + 1000)
            objects.append("<< /Type /Pages /Parent 2 0 R /Kids [\(range.map { "\(firstPage + $0) 0 R" }.joined(separator: " "))] /Count \(range.count) >>")
        }
        for p in 0..<count {
            objects.append("<< /Type /Page /Parent \(4 + p / 1000) 0 R /MediaBox [0 0 \(width) \(height)] /Contents 3 0 R >>")
        }
        return write(objects)
    }

    static func stream(_ content: String) -> String { PDFWriter.stream(content) }

    /// Objects 1… in order, the cross-reference table and the trailer (the package's one
    /// writer, which the benches use too).
    static func write(_ objects: [String]) -> [UInt8] { PDFWriter.document(objects) }
}
