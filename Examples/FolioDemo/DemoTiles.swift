import FolioBook
import FolioDocument
import FolioGeometry
import FolioLayers

/// The sharp tiles of zoomed document pages, handed to the book as page details.
///
/// While the book is zoomed, each page lying flat — the opening's pages at rest, the pages
/// under a leaf in flight — gets the tiles the window overlaps (``TilePlanner``, from the page
/// cache under its budget) as ``Book/pageDetails``. The book draws them in the page's plane,
/// over its coarse texture and under any leaf in flight, so a turn started while zoomed keeps
/// the pages at rest sharp and shows the page it uncovers sharp as soon as that page's tiles
/// arrive. A flip's leaf carries its pages' tiles too (planned where the page lay, or will
/// lie); the other effects' leaves show the coarse level. A tile not uploaded yet is simply
/// not there: the coarse page shows through, and no frame waits.
@MainActor
final class DemoTiles {
    /// The tiles wanted now (packed keys), most wanted first.
    private(set) var wanted: [Int] = []

    /// Plans the tiles for `book` at `zoom` (none unless zoomed, with document pages
    /// rasterised at `displaySize`) that show in `window` (placed points: the zoomed pages
    /// reach past the view into the window's margins), and gives the book those `isUploaded`
    /// says are ready.
    func update(book: Book, zoom: BookZoom?, window: Rect, displaySize: (width: Int, height: Int)?, handle: (Int) -> ContentHandle,
                isUploaded: (Int) -> Bool) {
        wanted.removeAll(keepingCapacity: true)
        var details: [Int: [PageDetail]] = [:]
        if let zoom, zoom.isZoomed, let displaySize {
            let a = zoom.viewPoint(fromPlaced: Point(x: window.minX, y: window.minY))
            let b = zoom.viewPoint(fromPlaced: Point(x: window.maxX, y: window.maxY))
            let visible = Rect(x: a.x, y: a.y, width: b.x - a.x, height: b.y - a.y)
            for (page, shown, rect) in Self.tiledPages(book) {
                // The part of the page in view, as fractions of the page.
                let x0 = max(shown.minX, visible.minX), x1 = min(shown.maxX, visible.maxX)
                let y0 = max(shown.minY, visible.minY), y1 = min(shown.maxY, visible.maxY)
                guard x1 > x0, y1 > y0 else { continue }
                let unit = (x: (x0 - rect.minX) / rect.width, y: (y0 - rect.minY) / rect.height,
                            width: (x1 - x0) / rect.width, height: (y1 - y0) / rect.height)
                for tile in DemoPages.tilePlanner.tiles(page: page, fitWidth: displaySize.width, fitHeight: displaySize.height,
                                                        scale: zoom.scale, visible: unit) {
                    // Both sides of the single layout's spine can show one page: each tile once.
                    guard let key = tile.key.packed, !wanted.contains(key) else { continue }
                    wanted.append(key)
                    guard isUploaded(key) else { continue }
                    let c = tile.contentsRect
                    details[page, default: []].append(PageDetail(rect: Rect(x: tile.unitX, y: tile.unitY, width: tile.unitWidth, height: tile.unitHeight),
                                                                 handle: handle(key),
                                                                 contentsRect: Rect(x: c.x, y: c.y, width: c.width, height: c.height)))
                }
            }
        }
        book.pageDetails = details
    }

    /// The pages whose tiles the book draws and where they show in the view, most wanted
    /// first: each side of the spine with the page lying flat there (``Book/pagesLyingFlat``),
    /// that side's rectangle and the page's whole rectangle (the side itself in a spread; the
    /// whole view in the single layout, where each side shows part of a page); then, for the
    /// leaves in flight that flip (the flip effect, or a hard cover's board under any effect:
    /// those draw their pages' tiles), their pages, planned as if lying on the side they turn
    /// from (the front) or to (the back): where they show early and late in the turn.
    static func tiledPages(_ book: Book) -> [(page: Int, shown: Rect, rect: Rect)] {
        let size = book.configuration.viewSize
        let (read, unread) = book.pagesLyingFlat
        let spine = book.frame.split.leading
        let halves: [Rect] = book.configuration.direction == .topToBottom
            ? [Rect(x: 0, y: 0, width: size.width, height: spine), Rect(x: 0, y: spine, width: size.width, height: size.height - spine)]
            : [Rect(x: 0, y: 0, width: spine, height: size.height), Rect(x: spine, y: 0, width: size.width - spine, height: size.height)]
        let whole = Rect(x: 0, y: 0, width: size.width, height: size.height)
        var sides: [(isRead: Bool, half: Rect)] = []
        for half in halves where half.width > 0 && half.height > 0 {
            sides.append((book.canonicalPoint(Point(x: half.midX, y: half.midY)).x < spine, half))
        }
        let rect = { (half: Rect) in book.configuration.layout == .spread ? half : whole }
        var out: [(Int, Rect, Rect)] = []
        for (isRead, half) in sides {
            if let page = isRead ? read : unread { out.append((page, half, rect(half))) }
        }
        guard book.arrangement == .stacked else { return out }
        let flips = book.configuration.effect is FlipLeafEffect
        // A hard cover's board turns as a flip whatever the effect.
        for leaf in book.leaves where flips || book.configuration.hardCover && (book.isCover(leaf.index) || book.isCover(leaf.last)) {
            for (isRead, half) in sides {
                if let page = isRead ? book.page(ofLeaf: leaf.last, side: .back) : book.page(ofLeaf: leaf.index, side: .front) {
                    out.append((page, half, rect(half)))
                }
            }
        }
        return out
    }
}
