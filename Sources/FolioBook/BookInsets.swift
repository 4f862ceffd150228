import FolioTransitions

/// Distances from the four sides of a book's view, in points: how far what the book draws
/// reaches past each side (``Book/overhang(of:)``), or room to keep. The same value as a
/// transition's reach past its view (`TransitionInsets`: `top`, `left`, `bottom`, `right`,
/// `horizontal`, `vertical`, `zero`), so one type carries both.
public typealias BookInsets = TransitionInsets
