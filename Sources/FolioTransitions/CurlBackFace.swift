import FolioLayers

/// What the back of a curling leaf shows (``CurlTransition/backFace``, and a book's
/// `CurlLeafEffect`).
///
/// A real leaf's back is the next page: ``page`` shows it, as a turned leaf shows its back —
/// mirrored across the spine, so that it reads the right way round once the leaf lies turned
/// over. While the leaf is rolled, the part of the back seen on the roll is that page's image
/// where it will land, which reads as the destination seen back to front: that is how paper
/// behaves, but an app that wants no image there chooses ``paper(_:)``.
public enum CurlBackFace: Sendable, Equatable {
    /// The page that lands (the default): for a ``CurlTransition``, the destination's half that
    /// lands; for a book's leaf, its back page.
    case page
    /// Plain paper of this colour (straight alpha): no image on the back at any pose
    /// (`SurfaceLayer.backContents` nil, `paperTranslucency` 0, the colour as the leaf's
    /// background, which also shows through any transparency of the front's image).
    case paper(Color)

    /// Plain white paper.
    public static let plainPaper = CurlBackFace.paper(.white)
}
