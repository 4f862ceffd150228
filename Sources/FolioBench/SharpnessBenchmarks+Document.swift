import Foundation
import FolioBook
import FolioCLISupport
import FolioDocument
import FolioGeometry
import FolioLayers
@_spi(Benchmarks) import FolioRender

/// The document path's sharpness (issue 41, "Text on a rising leaf is blurred"): two pages of
/// the bench's text PDF shown by a single-layout `Book` in a 640 × 800 view, each page
/// rasterised by poppler through FolioDocument's worker and `DocumentLayout` as the reader
/// does, against the same layer tree drawn at 4 × 4 pixels per point with the pages rasterised
/// 4 × finer and box-filtered down. Only the turning half counts: the pixels beyond the spine,
/// where the leaf turns (and, at rest, the page's half the leaf would lift).
///
/// Two ways of rasterising the pages are measured on the same frames: at the size they are
/// shown lying flat (`resting`: what the reader did before issue 41) and at the book's
/// ``Book/rasterScale(ofPage:withLevelOfDetailBias:)`` of that size (`turn-aware`: what it does now).
extension SharpnessBenchmarks {
    /// The document path's frames: an effect and a progress (0: the page at rest).
    nonisolated static let documentFrames: [(effect: String, progress: Double)] = [
        ("flip", 0), ("flip", 0.15), ("flip", 0.3), ("flip", 0.45), ("curl", 0.5), ("curl", 0.7), ("curl", 0.9),
        ("fold", 0.3), ("fold", 0.5), ("fold", 0.7),
    ]

    /// The ways of rasterising the pages: at rest size, or at the book's raster scale.
    nonisolated static let documentRasters = ["resting", "turn-aware"]

    /// The document path's figures, under `sharpness.document` in `folio bench --json`.
    struct DocumentReport: Encodable {
        var size: [Int]
        var supersampling: Int
        /// Raster → frame (`flip@0.3`) → figures over the turning half.
        var figures: [String: [String: Figure]]
        /// Effect → the book's raster scale for a page in flight, `[horizontal, vertical]`.
        var rasterScales: [String: [Double]]
        /// Frame → whether `turn-aware` has HF× within 1 ± `documentTolerance`.
        var met: [String: Bool]
    }

    /// Issue 41's target: HF× of the turning half within 0.85–1.15 of the reference's.
    nonisolated static let documentTolerance = 0.15

    /// Measures the document path over `frames`.
    func runDocument(frames: [(effect: String, progress: Double)] = Self.documentFrames) throws -> DocumentReport {
        let renderer = offscreen.renderer
        renderer.light = nil
        let (w, h) = (Int(Self.size.width), Int(Self.size.height))
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("folio-sharpness-doc-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).pdf").path
        guard FileManager.default.createFile(atPath: path, contents: Data(SharpnessPage.pdf(pages: 2))) else {
            throw CommandFailure(message: "sharpness: cannot write the text pages' PDF at \(path)")
        }
        defer { try? FileManager.default.removeItem(atPath: path) }
        let source: PDFDocumentSource
        do {
            var options = PDFDocumentSource.Options()
            options.workers = 1
            source = try PDFDocumentSource(path: path, options: options)
        } catch {
            throw CommandFailure(message: "sharpness: the text pages could not be opened by poppler: \(error)")
        }
        let layout = DocumentLayout(pageSizes: source.pageSizes, mode: .singlePages)
        func raster(_ page: Int, _ size: (width: Int, height: Int)) throws -> Image {
            do {
                let bitmap = try layout.render(slot: page, from: source, width: size.width, height: size.height)
                return Image(width: bitmap.width, height: bitmap.height, pixels: bitmap.pixels)!
            } catch {
                throw CommandFailure(message: "sharpness: page \(page + 1) could not be rendered by poppler: \(error)")
            }
        }
        var books: [String: Book] = [:]
        var scales: [String: [Double]] = [:]
        for effect in Set(frames.map(\.effect)) {
            let leafEffect: any LeafEffect = switch effect {
            case "flip": FlipLeafEffect()
            case "fold": FoldLeafEffect()
            default: CurlLeafEffect()
            }
            let book = try Book(pageCount: 2, configuration: BookConfiguration(viewSize: Self.size, layout: .single, effect: leafEffect))
            books[effect] = book
        }
        func pose(_ frame: (effect: String, progress: Double)) throws -> Book {
            let book = books[frame.effect]!
            try book.setLeaves(frame.progress > 0 ? [BookLeaf(index: 0, progress: frame.progress)] : [], opening: 0)
            return book
        }
        // References: every page 4 × finer, sampled plainly (the 4 × 4 supersampling is the filter).
        var references: [Reference] = []
        for p in 0..<2 {
            let handle = books.values.first!.handle(forPage: p)
            try renderer.setImage(raster(p, (w * Self.factor, h * Self.factor)), for: handle)
            renderer.setSampling(mipmapped: true, anisotropy: 1, lodBias: 0, for: handle)
        }
        for frame in frames {
            let book = try pose(frame)
            let image = try offscreen.render(book.root, size: Self.size, scale: Double(Self.factor), background: .clear)
            var reference = Reference(image, factor: Self.factor)
            // The turning half: beyond the spine.
            let spine = Int(book.frame.spine.rounded())
            for y in 0..<reference.height { for x in 0..<min(spine, reference.width) { reference.isPage[y * reference.width + x] = false } }
            references.append(reference)
            if let dir = ProcessInfo.processInfo.environment["FOLIO_SHARPNESS_DUMP"] {
                try SharpnessPage.boxFiltered(image, by: Self.factor).writePNG(path: "\(dir)/document-reference-\(Self.key(frame)).png")
            }
        }
        var figures: [String: [String: Figure]] = [:]
        for way in Self.documentRasters {
            for (frame, reference) in zip(frames, references) {
                let book = try pose(frame)
                for p in 0..<2 {
                    let scale = way == "resting" ? PageMagnification.one : book.rasterScale(ofPage: p, withLevelOfDetailBias: renderer.appliesLevelOfDetailBias)
                    if way != "resting" && frame.progress > 0 { scales[frame.effect] = [scale.horizontal, scale.vertical] }
                    // As `DocumentBook.uploadVisiblePages` uploads them: a page in flight over
                    // its resting raster, which it keeps for the draws nothing magnifies.
                    if scale != .one { try renderer.setImage(raster(p, (w, h)), for: book.handle(forPage: p)) }
                    try renderer.setImage(raster(p, scale.pixels(width: w, height: h)), for: book.handle(forPage: p), rasterScale: scale.largest)
                }
                let image = try offscreen.render(book.root, size: Self.size, scale: 1, background: .clear)
                figures[way, default: [:]][Self.key(frame)] = reference.compare(image)
                if let dir = ProcessInfo.processInfo.environment["FOLIO_SHARPNESS_DUMP"] {
                    try image.writePNG(path: "\(dir)/document-\(way)-\(Self.key(frame)).png")
                }
            }
        }
        for p in 0..<2 { renderer.removeImage(for: books.values.first!.handle(forPage: p)) }
        var met: [String: Bool] = [:]
        for (key, f) in figures["turn-aware"] ?? [:] { met[key] = abs(f.energyRatio - 1) <= Self.documentTolerance }
        return DocumentReport(size: [w, h], supersampling: Self.factor, figures: figures, rasterScales: scales, met: met)
    }

    /// The document path's report as lines of the bench's table.
    nonisolated static func documentLines(_ r: DocumentReport) -> [String] {
        func f(_ v: Double, _ digits: Int = 1) -> String { String(format: "%.\(digits)f", v) }
        var out = ["sharpness, document path: \(r.size[0])x\(r.size[1]) single-layout book of two PDF pages, the turning half vs the same frame at \(r.supersampling)x\(r.supersampling), pages rasterised \(r.supersampling)x finer, box-filtered"]
        let keys = documentFrames.map(key)
        out.append("  raster              " + keys.map { $0.padding(toLength: 18, withPad: " ", startingAt: 0) }.joined())
        out.append("                      " + keys.map { _ in "MAE  p99  HF×".padding(toLength: 18, withPad: " ", startingAt: 0) }.joined())
        for way in documentRasters {
            guard let row = r.figures[way] else { continue }
            let cells = keys.map { k in
                row[k].map { "\(f($0.mae)) \(f($0.p99, 0).leftPadded(4)) \(f($0.energyRatio, 2))".padding(toLength: 18, withPad: " ", startingAt: 0) } ?? "-".padding(toLength: 18, withPad: " ", startingAt: 0)
            }
            out.append("  " + way.padding(toLength: 20, withPad: " ", startingAt: 0) + cells.joined())
        }
        for (effect, s) in r.rasterScales.sorted(by: { $0.key < $1.key }) {
            out.append("  \(effect): a page in flight rasterised at \(f(s[0], 2)) × \(f(s[1], 2)) its resting size")
        }
        let missed = r.met.filter { !$0.value }.keys.sorted()
        out.append("  target for turn-aware: HF× within 0.85–1.15 at every frame: " + (missed.isEmpty ? "all met" : "not met: " + missed.joined(separator: ", ")))
        return out
    }
}
