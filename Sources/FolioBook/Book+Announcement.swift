extension Book {
    /// A short text naming what lies open at `opening`, for a screen reader to speak after a
    /// turn lands ("Page 3 of 12", "Pages 4 and 5 of 12", "Back cover, page 12 of 12");
    /// pages are numbered from 1. Out-of-range openings are clamped.
    public func announcement(forOpening opening: Int) -> String {
        let (read, unread) = pages(atOpening: min(leafCount, max(0, opening)))
        switch (read, unread) {
        case let (r?, u?) where r != u: return "Pages \(r + 1) and \(u + 1) of \(pageCount)"
        case let (r?, _): return "Page \(r + 1) of \(pageCount)"
        case let (nil, u?): return "Page \(u + 1) of \(pageCount)"
        case (nil, nil): return "No page, \(pageCount) in the book"
        }
    }
}
