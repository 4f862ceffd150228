/// Which image row a texture stores first.
public enum TextureOrigin: Sendable, Hashable {
    /// The first row is the image's top row, as in PNG files and `Image` (Folio's own uploads).
    case topLeft
    /// The first row is the image's bottom row: GL's own convention, e.g. a texture an app
    /// rendered into through a framebuffer.
    case bottomLeft
}
