// A book's public API speaks in the types of the modules below (Point and Size, Layer and
// Color, AnimationClock and Spring, CurlPose, FoldStyle and the transitions): importing
// FolioBook imports them all, so `import FolioBook` alone is enough to build and turn a book.
@_exported import FolioTransitions
@_exported import FolioSurface
