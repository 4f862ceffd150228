import Foundation
import FolioCLISupport
import FolioDocument
import FolioRender

/// The page `folio bench --sharpness` turns: a page of small typeset text, made here as a PDF
/// and rasterised by poppler (through FolioDocument's worker), so that the bench needs no file
/// from outside the repository.
///
/// The text is set in the PDF base-14 Times-Roman at 7.5 pt on a 480 × 600 pt page: shown at
/// 640 × 800 pixels that is 10-pixel type on 12-pixel lines, a manual's body text. The fonts
/// are the machine's substitutes for Times (fontconfig), so the pixels are the same run to run
/// on one machine, not across machines.
///
/// The page is rasterised once, at the reference's resolution (4 × 4 pixels per displayed
/// pixel); the displayed page is that raster box-filtered down, which is what a coverage
/// rasteriser produces at the smaller size up to its hinting. So a page at rest matches its
/// supersampled reference exactly, and the figures measure only how the turning page is sampled.
enum SharpnessPage {
    /// The page's size in points.
    static let points = (width: 480.0, height: 600.0)

    /// Public-domain text (Charles Darwin, *On the Origin of Species*, 1859, the last paragraph),
    /// repeated to fill the page.
    static let text = """
        It is interesting to contemplate an entangled bank, clothed with many plants of many kinds, with birds \
        singing on the bushes, with various insects flitting about, and with worms crawling through the damp \
        earth, and to reflect that these elaborately constructed forms, so different from each other, and \
        dependent on each other in so complex a manner, have all been produced by laws acting around us. These \
        laws, taken in the highest sense, being Growth with Reproduction; Inheritance which is almost implied by \
        reproduction; Variability from the indirect and direct action of the external conditions of life, and \
        from use and disuse; a Ratio of Increase so high as to lead to a Struggle for Life, and as a consequence \
        to Natural Selection, entailing Divergence of Character and the Extinction of less-improved forms. Thus, \
        from the war of nature, from famine and death, the most exalted object which we are capable of \
        conceiving, namely, the production of the higher animals, directly follows. There is grandeur in this \
        view of life, with its several powers, having been originally breathed into a few forms or into one; \
        and that, whilst this planet has gone cycling on according to the fixed law of gravity, from so simple \
        a beginning endless forms most beautiful and most wonderful have been, and are being, evolved.
        """

    /// The text's lines, wrapped at `columns` characters, enough of them to fill `count` lines.
    static func lines(count: Int, columns: Int) -> [String] {
        let words = text.split(separator: " ")
        var lines: [String] = [], line = ""
        var k = 0
        while lines.count < count {
            let word = words[k % words.count]
            k += 1
            if !line.isEmpty && line.count + 1 + word.count > columns {
                lines.append(line)
                line = ""
            }
            line += (line.isEmpty ? "" : " ") + word
        }
        return lines
    }

    /// The PDF: `pages` pages (1 or more), each a heading in Helvetica-Bold, then the text in
    /// Times-Roman; each page after the first starts its text 37 lines further on, so that a
    /// turning page and the page it uncovers do not line up.
    static func pdf(pages: Int = 1) -> [UInt8] {
        let margin = 36.0, leading = 9.0
        let top = points.height - margin
        let count = Int((points.height - 2 * margin - 20) / leading)
        // Parentheses and backslashes are the only characters a PDF string must escape.
        func escaped(_ s: String) -> String {
            s.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "(", with: "\\(").replacingOccurrences(of: ")", with: "\\)")
        }
        let n = max(1, pages)
        let all = lines(count: count + 37 * (n - 1), columns: 98)
        // Objects: 1 catalog, 2 pages, 3 and 4 the fonts, then a page and its contents per page.
        var objects = [
            "<< /Type /Catalog /Pages 2 0 R >>",
            "<< /Type /Pages /Kids [\((0..<n).map { "\(5 + 2 * $0) 0 R" }.joined(separator: " "))] /Count \(n) >>",
            "<< /Type /Font /Subtype /Type1 /BaseFont /Times-Roman >>",
            "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold >>",
        ]
        for page in 0..<n {
            var content = "BT /F2 11 Tf \(margin) \(top - 11) Td (Chapter XV. Recapitulation and Conclusion) Tj ET\n"
            content += "BT /F1 7.5 Tf \(leading) TL \(margin) \(top - 11 - 20) Td\n"
            for line in all[37 * page..<37 * page + count] { content += "(\(escaped(line))) Tj T*\n" }
            content += "ET"
            objects.append("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 \(points.width) \(points.height)] /Contents \(6 + 2 * page) 0 R "
                           + "/Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> >>")
            objects.append(PDFWriter.stream(content))
        }
        return PDFWriter.document(objects)
    }

    /// The page rasterised at `factor` times `width × height` pixels (the reference's raster;
    /// the page as displayed is this box-filtered down, `boxFiltered(_:by:)`).
    ///
    /// - Throws: `CommandFailure` when the PDF cannot be written or rendered (for instance when
    ///   `folio-pdf-worker` is not built next to the running executable).
    static func render(width: Int, height: Int, factor: Int) throws -> Image {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("folio-sharpness-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).pdf").path
        guard FileManager.default.createFile(atPath: path, contents: Data(pdf())) else {
            throw CommandFailure(message: "sharpness: cannot write the text page's PDF at \(path)")
        }
        defer { try? FileManager.default.removeItem(atPath: path) }
        let bitmap: PageBitmap
        do {
            var options = PDFDocumentSource.Options()
            options.workers = 1
            let source = try PDFDocumentSource(path: path, options: options)
            bitmap = try source.render(page: 0, width: width * factor, height: height * factor, cancellation: nil)
        } catch {
            throw CommandFailure(message: "sharpness: the text page could not be rendered by poppler: \(error)")
        }
        return Image(width: bitmap.width, height: bitmap.height, pixels: bitmap.pixels)!
    }

    /// `image` moved down `rows` rows, white above.
    static func shifted(_ image: Image, rows: Int) -> Image {
        var out = Image(width: image.width, height: image.height, fill: (255, 255, 255, 255))
        let row = image.width * 4, k = min(rows, image.height)
        out.pixels.replaceSubrange(k * row..<image.height * row, with: image.pixels[0..<(image.height - k) * row])
        return out
    }

    /// `image` reduced `factor` times on each side, each pixel the rounded mean of its block.
    static func boxFiltered(_ image: Image, by factor: Int) -> Image {
        let w = image.width / factor, h = image.height / factor
        var out = [UInt8](repeating: 0, count: w * h * 4)
        let n = factor * factor
        image.pixels.withUnsafeBufferPointer { p in
            for y in 0..<h {
                for x in 0..<w {
                    for c in 0..<4 {
                        var sum = 0
                        for dy in 0..<factor {
                            let row = ((y * factor + dy) * image.width + x * factor) * 4 + c
                            for dx in 0..<factor { sum += Int(p[row + dx * 4]) }
                        }
                        out[(y * w + x) * 4 + c] = UInt8((sum + n / 2) / n)
                    }
                }
            }
        }
        return Image(width: w, height: h, pixels: out)!
    }
}
