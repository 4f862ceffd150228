import FolioBook
import FolioDocument
import FolioGeometry
import FolioLayers

/// The sharp tiles of zoomed document pages, handed to the book as page details.
///
/// While the book is zoomed, each page lying flat — the opening's pages at rest, the pages
/// under a leaf in flight — gets the tiles the window overlaps (the parts
/// ``Book/pagePartsShowingDetails(in:zoom:)`` names, cut by ``TilePlanner``, from the page
/// cache under its budget) as ``Book/pageDetails``. The book draws them in the page's plane,
/// over its coarse texture and under any leaf in flight, so a turn started while zoomed keeps
/// the pages at rest sharp and shows the page it uncovers sharp as soon as that page's tiles
/// arrive; once all of a page's tiles in view have arrived, the book leaves its coarse image
/// out under them (``Book/pagesCoveredByDetails``). A flip's, a curl's and a fold's leaves
/// carry their pages' tiles too, planned where the leaf shows each page now and where the
/// page lay, or will lie, at rest; the accordion's leaves show the coarse level. A tile not
/// uploaded yet is simply not there: the coarse page shows through, and no frame waits.
@MainActor
final class DemoTiles {
    /// The tiles wanted now (packed keys), most wanted first.
    private(set) var wanted: [Int] = []

    /// Plans the tiles for `book` at `zoom` (none unless zoomed, with document pages
    /// rasterised at `displaySize`) that show in `window` (placed points: the zoomed pages
    /// reach past the view into the window's margins), and gives the book those `isUploaded`
    /// says are ready.
    ///
    /// `evaluation`, when given, evaluates the frame's own tree (one holding the book's root)
    /// for the book to find where its leaves in flight are posed
    /// (``Book/pagePartsShowingDetails(in:zoom:evaluation:)``); the window draws that
    /// evaluation when nothing changed since (`WindowRenderer.evaluateAhead(_:)`). Without it
    /// the book evaluates its own layers, one evaluation more a frame while a leaf turns zoomed.
    func update(book: Book, zoom: BookZoom?, window: Rect, displaySize: (width: Int, height: Int)?, handle: (Int) -> ContentHandle,
                isUploaded: (Int) -> Bool, evaluation: (() -> (evaluator: LayerEvaluator, root: Layer))? = nil) {
        wanted.removeAll(keepingCapacity: true)
        var details: [Int: [PageDetail]] = [:]
        // Pages with a tile in view not uploaded yet: their own image must show through.
        var incomplete: Set<Int> = []
        if let zoom, zoom.isZoomed, let displaySize {
            let parts = evaluation.map { book.pagePartsShowingDetails(in: window, zoom: zoom, evaluation: $0) }
                ?? book.pagePartsShowingDetails(in: window, zoom: zoom)
            for (page, part) in parts {
                let visible = (x: part.minX, y: part.minY, width: part.width, height: part.height)
                for tile in DemoPages.tilePlanner.tiles(page: page, fitWidth: displaySize.width, fitHeight: displaySize.height,
                                                        scale: zoom.scale, visible: visible) {
                    // Both sides of the single layout's spine can show one page: each tile once.
                    guard let key = tile.key.packed, !wanted.contains(key) else { continue }
                    wanted.append(key)
                    guard isUploaded(key) else { incomplete.insert(page); continue }
                    let c = tile.contentsRect
                    details[page, default: []].append(PageDetail(rect: Rect(x: tile.unitX, y: tile.unitY, width: tile.unitWidth, height: tile.unitHeight),
                                                                 handle: handle(key),
                                                                 contentsRect: Rect(x: c.x, y: c.y, width: c.width, height: c.height)))
                }
            }
        }
        book.pageDetails = details
        // Every tile in view arrived: the page's own image under them is left out.
        var covered = Set(details.keys)
        covered.subtract(incomplete)
        book.pagesCoveredByDetails = covered
    }
}
