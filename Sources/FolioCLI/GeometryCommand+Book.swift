import FolioBook
import FolioLayers
import FolioScene

extension GeometryCommand {
    /// A leaf in flight, as printed.
    public struct LeafReport: Encodable, Equatable, Sendable {
        /// The leaf's index.
        public var index: Int
        /// Its geometric progress.
        public var progress: Double
    }

    /// Whether `layer` draws a page, a leaf face, a shadow or a board's edge (structural
    /// layers — the book's frame, a fold's clip — draw nothing and are left out).
    static func drawsBookContent(_ layer: Layer) -> Bool {
        layer.name.hasPrefix("page") || layer.name.hasPrefix("leaf")
    }

    /// The book's visible quads in draw order.
    func bookReport() throws -> Report {
        let book = try options.makeBook()
        let evaluator = LayerEvaluator()
        evaluator.evaluate(book.root)
        var quads: [QuadReport] = []
        for q in evaluator.quads where q.isVisible && q.vertexRange.count >= 3 && Self.drawsBookContent(q.layer) {
            let c = evaluator.corners(of: q)
            let shadow = q.layer.sublayers.first { $0.name.hasSuffix(".shadow") }
            quads.append(QuadReport(name: q.layer.name, corners: c.map { [$0.point.x, $0.point.y] }, depth: c.map(\.depth),
                                    opacity: q.opacity, shadowOpacity: shadow.map { $0.isHidden ? 0 : $0.opacity }, visible: true))
        }
        let size = try options.parsedSize()
        let c = book.configuration
        return Report(effect: "book", size: [size.width, size.height], scale: options.scale,
                      progress: book.leaves.first?.progress ?? 0, time: nil, m34: book.frame.m34,
                      viewpoint: options.viewpoint ?? 0.5, quads: quads, layout: c.layout.rawValue,
                      direction: c.direction.rawValue, pageCount: book.pageCount, leafEffect: c.effect.name,
                      hardCover: c.hardCover, leaves: book.leaves.map { LeafReport(index: $0.index, progress: $0.progress) })
    }
}
