/// Where a document's pages go in a book whose pages all have one size: mixed page sizes are
/// fitted, and a landscape page shaped like two pages side by side (a scanned double-page
/// spread) can be split across the two pages of an opening.
///
/// **The book's page size** (``slotSize``) is the most common size among the portrait pages,
/// rounded to whole points (all pages when none is portrait: a slide deck stays landscape).
///
/// **Fitting.** Every page keeps its aspect: scaled to fit its slot and centred (letterboxed).
/// A page of the book's size fills its slot exactly.
///
/// **Spreads.** With ``Mode/openings(firstPageAlone:rightToLeft:)`` and `splitsSpreads`, a
/// page whose aspect is within 15% of twice the slot's is a spread: its left half goes on a
/// left-hand page and its right half on the facing right-hand page (the other way round for
/// right-to-left books), each half drawn against the gutter so the picture meets in the
/// middle. A spread that would begin on a right-hand page gets a blank page before it. Other
/// landscape pages (a wide table in a portrait PDF) stay whole on one page, fitted. In
/// ``Mode/singlePages`` nothing is split.
public struct DocumentLayout: Sendable, Equatable {
    /// A rectangle in unit coordinates (0…1 across and down), top-left origin.
    public struct UnitRect: Sendable, Equatable {
        /// The left and top edges and the size, as fractions of the whole.
        public var x: Double, y: Double, width: Double, height: Double
        /// The rectangle from (`x`, `y`), `width` × `height`.
        public init(x: Double, y: Double, width: Double, height: Double) { self.x = x; self.y = y; self.width = width; self.height = height }
        /// All of it.
        public static let whole = UnitRect(x: 0, y: 0, width: 1, height: 1)
    }

    /// One page of the book.
    public struct Slot: Sendable, Equatable {
        /// The document page shown (0-based), or nil for a blank page put in before a spread.
        public var page: Int?
        /// The part of that page shown, in the page's unit coordinates: ``UnitRect/whole``, or
        /// one half of a spread (x 0 or 0.5, width 0.5).
        public var crop: UnitRect
        /// Where that part is drawn, in the slot's unit coordinates: fitted and centred, or
        /// against the gutter for a spread's halves.
        public var frame: UnitRect
    }

    /// How the book shows pages.
    public enum Mode: Sendable, Equatable {
        /// One page at a time: nothing is split.
        case singlePages
        /// Two facing pages per opening. `firstPageAlone`: the first page is a right-hand page
        /// on its own (a printed book's cover); `rightToLeft`: the book reads right to left.
        case openings(firstPageAlone: Bool, rightToLeft: Bool)
    }

    /// The book's page size, in points.
    public let slotSize: PageSize
    /// How much longer than wide (or wider than long) a page may be and still set the book's
    /// page size: 64, past a till receipt or a printed web page.
    public static let maximumAspect = 64.0
    /// The book's pages in order.
    public let slots: [Slot]

    /// Lays out `pageSizes` (a source's ``PageSource/pageSizes``); `splitsSpreads` splits
    /// pages shaped like spreads across an opening (turn it off for PDFs whose landscape pages
    /// are tables or slides rather than spreads).
    public init(pageSizes: [PageSize], mode: Mode = .singlePages, splitsSpreads: Bool = true) {
        let slot = Self.commonSize(pageSizes)
        slotSize = slot
        var slots: [Slot] = []
        slots.reserveCapacity(pageSizes.count)
        for (page, size) in pageSizes.enumerated() {
            let ratio = size.aspect / (2 * slot.aspect)
            if case let .openings(firstPageAlone, rightToLeft) = mode, splitsSpreads, size.isUsable, !slot.isLandscape,
               ratio > 0.85, ratio < 1.15 {
                // Slot i is a left-hand page when (i + offset) is odd in a left-to-right book.
                let offset = firstPageAlone ? 0 : 1
                let firstIsLeft = (slots.count + offset) % 2 == 1
                if !firstIsLeft { slots.append(Slot(page: nil, crop: .whole, frame: .whole)) }
                let half = PageSize(width: size.width / 2, height: size.height)
                var fit = Self.fit(half, in: slot)
                let left = UnitRect(x: 0, y: 0, width: 0.5, height: 1), right = UnitRect(x: 0.5, y: 0, width: 0.5, height: 1)
                // The first slot of the opening is the left-hand page; its half meets the gutter on its right.
                fit.x = 1 - fit.width
                slots.append(Slot(page: page, crop: rightToLeft ? right : left, frame: fit))
                fit.x = 0
                slots.append(Slot(page: page, crop: rightToLeft ? left : right, frame: fit))
            } else {
                slots.append(Slot(page: page, crop: .whole, frame: Self.fit(size, in: slot)))
            }
        }
        self.slots = slots
    }

    /// The first slot showing document page `page`, or nil.
    public func slot(ofPage page: Int) -> Int? { slots.firstIndex { $0.page == page } }

    /// The most common size among portrait pages (or among all when none is portrait), to
    /// whole points; A4 when there is no usable size at all. Only pages at least a point on
    /// each side and at most ``maximumAspect`` times longer one way than the other are
    /// candidates: a page 0.0001 pt wide or 1 × 14,400,000 pt (a hostile or broken MediaBox)
    /// is still shown, fitted into the book's page, but never sets it.
    static func commonSize(_ sizes: [PageSize]) -> PageSize {
        let usable = sizes.filter { s in
            s.isUsable && s.width.rounded() >= 1 && s.height.rounded() >= 1
                && s.aspect <= maximumAspect && s.aspect >= 1 / maximumAspect
        }
        let portrait = usable.filter { !$0.isLandscape }
        var counts: [PageSize: (count: Int, first: Int)] = [:]
        for (i, s) in (portrait.isEmpty ? usable : portrait).enumerated() {
            let key = PageSize(width: s.width.rounded(), height: s.height.rounded())
            counts[key, default: (0, i)].count += 1
        }
        return counts.max { a, b in a.value.count < b.value.count || (a.value.count == b.value.count && a.value.first > b.value.first) }?.key
            ?? PageSize(width: 595, height: 842)
    }

    /// `size` scaled to fit `slot` with its aspect kept, centred, in the slot's unit coordinates.
    static func fit(_ size: PageSize, in slot: PageSize) -> UnitRect {
        guard size.isUsable else { return .whole }
        let a = size.aspect, s = slot.aspect
        if a > s {
            let h = s / a
            return UnitRect(x: 0, y: (1 - h) / 2, width: 1, height: h)
        }
        let w = a / s
        return UnitRect(x: (1 - w) / 2, y: 0, width: w, height: 1)
    }
}
