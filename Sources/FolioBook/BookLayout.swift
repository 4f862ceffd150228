/// How a book fills its view.
public enum BookLayout: String, CaseIterable, Sendable {
    /// One page fills the view; the view splits at its spine, and each leaf carries the part of
    /// page *i* beyond the spine on its front and the part of page *i + 1* before it on its back
    /// (the classic single-view page flip).
    case single
    /// Two pages side by side: leaf *k* carries page 2k on its front and page 2k + 1 on its back
    /// and turns over the central spine. The book opens on page 0 alone on the reading side's
    /// far half; with an odd page count the last page stays glued to the back board.
    case spread
}
