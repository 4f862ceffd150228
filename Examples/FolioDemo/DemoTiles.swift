import FolioBook
import FolioDocument
import FolioGeometry
import FolioLayers

/// The sharp tiles of zoomed document pages, drawn over the book as a layer of their own.
///
/// While the book is zoomed and at rest (no leaf in flight), each page lying open is flat in
/// the view, at a rectangle the zoom maps exactly to the window; the tiles the view overlaps
/// (``TilePlanner``, from the page cache under its budget) are layers at their places in that
/// rectangle, over the page's coarse texture. A tile not uploaded yet is simply not there: the
/// coarse page shows through, and no frame waits. During a turn the overlay is hidden and the
/// coarse pages turn (a page in flight is not read at 8×). The renderer and the book are
/// untouched: tiles are ordinary layers with contents.
@MainActor
final class DemoTiles {
    /// Placed like the book frame (the book's placed space), drawn after it.
    let layer = TransformLayer(name: "tiles")
    /// Tile layers by packed key, reused while a tile stays in view.
    private var shown: [Int: Layer] = [:]
    /// The tiles wanted now (packed keys), most wanted first.
    private(set) var wanted: [Int] = []

    /// Plans the tiles for `book` at `zoom` (empty unless zoomed, at rest, with document
    /// pages rasterised at `displaySize`) that show in `window` (placed points: the zoomed
    /// pages reach past the view into the window's margins), and lays out those `isUploaded`
    /// says are ready.
    func update(book: Book, zoom: BookZoom?, window: Rect, displaySize: (width: Int, height: Int)?, handle: (Int) -> ContentHandle,
                isUploaded: (Int) -> Bool) {
        var plan: [(tile: TilePlanner.Tile, page: Rect)] = []
        if let zoom, zoom.isZoomed, book.leaves.isEmpty, let displaySize {
            let a = zoom.viewPoint(fromPlaced: Point(x: window.minX, y: window.minY))
            let b = zoom.viewPoint(fromPlaced: Point(x: window.maxX, y: window.maxY))
            let visible = Rect(x: a.x, y: a.y, width: b.x - a.x, height: b.y - a.y)
            for (page, rect) in Self.openPages(book) {
                // The part of the page in view, as fractions of the page.
                let x0 = max(rect.minX, visible.minX), x1 = min(rect.maxX, visible.maxX)
                let y0 = max(rect.minY, visible.minY), y1 = min(rect.maxY, visible.maxY)
                guard x1 > x0, y1 > y0 else { continue }
                let unit = (x: (x0 - rect.minX) / rect.width, y: (y0 - rect.minY) / rect.height,
                            width: (x1 - x0) / rect.width, height: (y1 - y0) / rect.height)
                for tile in DemoPages.tilePlanner.tiles(page: page, fitWidth: displaySize.width, fitHeight: displaySize.height,
                                                        scale: zoom.scale, visible: unit) {
                    plan.append((tile, rect))
                }
            }
        }
        wanted = plan.compactMap { $0.tile.key.packed }
        var layers: [Layer] = []
        var kept: [Int: Layer] = [:]
        if let zoom {
            for (tile, rect) in plan {
                guard let key = tile.key.packed, isUploaded(key) else { continue }
                let l = shown[key] ?? Layer(name: "tile")
                // View rectangle of the tile → placed points through the zoom.
                let a = zoom.placedPoint(fromView: Point(x: rect.minX + tile.unitX * rect.width, y: rect.minY + tile.unitY * rect.height))
                let size = Size(width: tile.unitWidth * rect.width * zoom.scale, height: tile.unitHeight * rect.height * zoom.scale)
                l.bounds = Rect(x: 0, y: 0, width: size.width, height: size.height)
                l.position = Point(x: a.x + size.width / 2, y: a.y + size.height / 2)
                l.contents = handle(key)
                kept[key] = l
                layers.append(l)
            }
        }
        shown = kept
        // Layers this overlay built, one level deep: cannot throw.
        try! layer.setSublayers(layers)
    }

    /// The book pages lying open and their rectangles in the view: the unread page filling a
    /// single-page view (the read one at the book's end); in a spread the read page on the
    /// canonical left of the spine, the unread on its right.
    static func openPages(_ book: Book) -> [(page: Int, rect: Rect)] {
        let size = book.configuration.viewSize
        let (read, unread) = book.pages(atOpening: book.opening)
        guard book.configuration.layout == .spread else {
            return [unread ?? read].compactMap { $0 }.map { ($0, Rect(x: 0, y: 0, width: size.width, height: size.height)) }
        }
        let spine = book.frame.split.leading
        let halves: [Rect] = book.configuration.direction == .topToBottom
            ? [Rect(x: 0, y: 0, width: size.width, height: spine), Rect(x: 0, y: spine, width: size.width, height: size.height - spine)]
            : [Rect(x: 0, y: 0, width: spine, height: size.height), Rect(x: spine, y: 0, width: size.width - spine, height: size.height)]
        var out: [(Int, Rect)] = []
        for half in halves {
            let canonical = book.canonicalPoint(Point(x: half.midX, y: half.midY))
            if let page = canonical.x < spine ? read : unread { out.append((page, half)) }
        }
        return out
    }
}
