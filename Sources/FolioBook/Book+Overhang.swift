import FolioGeometry

extension Book {
    /// How far, in points, anything a book of `configuration` draws can reach past each side
    /// of its view, over a sweep of every pose it can take: each kind of leaf the
    /// configuration turns (its effect, the hard cover's boards, the reduce-motion crossfade)
    /// at 65 progress values, and a curl also along paths whose axis is tilted up to ±75°. A
    /// flipping leaf edge-on stands toward the viewer and its perspective makes it taller than
    /// the page; a curl's turned corner sweeps past the top and bottom edges; folds recede and
    /// reach nothing. A small pad (half a percent of the view plus half a point) covers what
    /// falls between the samples.
    ///
    /// ``BookReach`` keeps the same sweep pose by pose, for reserving only what the leaves in
    /// flight reach now.
    ///
    /// - Throws: what ``init(pageCount:configuration:)`` throws for the configuration.
    public static func overhang(of configuration: BookConfiguration) throws(BookError) -> BookInsets {
        try BookReach(configuration: configuration).worst
    }
}
