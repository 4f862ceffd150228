import FolioLayers
import FolioTessellation

/// The memory of compositing groups' offscreen pictures, costed before any is made.
///
/// Each group of a frame (`LayerEvaluator.compositingGroups`) is drawn into its own texture
/// covering its pixels, and all of them live at once: an enclosing group's picture is drawn
/// from its inner groups' pictures, and the frame from the outermost ones. So a frame's group
/// pictures take the sum of their boxes, which a scene can make as large as it likes (300
/// overlapping 2048² groups: 4.9 GiB). `QuadRenderer` keeps them within
/// `maximumGroupPictureBytes`, and the command line refuses a scene past it before anything is
/// allocated.
extension RenderLimits {
    /// The most bytes the offscreen pictures of one frame's compositing groups may hold
    /// together (512 MiB, as much as the rasterization caches): 32 pictures of 2048² pixels,
    /// 8 of a 4096² frame.
    public static let maximumGroupPictureBytes = 512 << 20

    /// The bytes of the offscreen pictures that `evaluator`'s last evaluation needs when drawn
    /// at `scale` pixels per point into a `pixelWidth × pixelHeight` viewport: per group, its
    /// box (what its quads cover plus the antialiasing margin, clipped to the viewport) with
    /// sides rounded up to 64 pixels as the textures are made, at 4 bytes per pixel. Groups
    /// outside the viewport cost nothing.
    public static func groupPictureBytes(_ evaluator: LayerEvaluator, scale: Double, pixelWidth: Int, pixelHeight: Int) -> Int {
        groupPictureBytes(Frame(recording: evaluator, inputs: []), scale: scale, pixelWidth: pixelWidth, pixelHeight: pixelHeight)
    }

    /// `groupPictureBytes` of a recorded frame.
    public static func groupPictureBytes(_ frame: Frame, scale: Double, pixelWidth: Int, pixelHeight: Int) -> Int {
        var total = 0
        for g in frame.groups {
            guard let box = DrawList.pictureBox(frame, g.quads, scale: scale, width: Double(pixelWidth), height: Double(pixelHeight))
            else { continue }
            total += groupPictureBytes(width: box.x1 - box.x0, height: box.y1 - box.y0)
        }
        return total
    }

    /// The bytes of one group picture of `width × height` pixels: sides rounded up to 64.
    static func groupPictureBytes(width: Int, height: Int) -> Int {
        (width + 63) / 64 * 64 * ((height + 63) / 64 * 64) * 4
    }

    /// Checks that `evaluator`'s compositing groups fit `maximumGroupPictureBytes` when drawn
    /// at `scale` into `pixelWidth × pixelHeight` pixels, and returns their bytes (for a
    /// memory check of the whole job).
    ///
    /// - Throws: `RenderError.groupPicturesTooLarge`, naming the groups and the bytes.
    @discardableResult
    public static func checkGroupPictures(_ evaluator: LayerEvaluator, scale: Double, pixelWidth: Int, pixelHeight: Int) throws(RenderError) -> Int {
        try checkGroupPictures(Frame(recording: evaluator, inputs: []), scale: scale, pixelWidth: pixelWidth, pixelHeight: pixelHeight)
    }

    /// `checkGroupPictures` of a recorded frame.
    @discardableResult
    public static func checkGroupPictures(_ frame: Frame, scale: Double, pixelWidth: Int, pixelHeight: Int) throws(RenderError) -> Int {
        let bytes = groupPictureBytes(frame, scale: scale, pixelWidth: pixelWidth, pixelHeight: pixelHeight)
        guard bytes <= maximumGroupPictureBytes else {
            throw .groupPicturesTooLarge(groups: frame.groups.count, width: pixelWidth, height: pixelHeight,
                                         bytes: bytes, limit: maximumGroupPictureBytes)
        }
        return bytes
    }
}
