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
}
