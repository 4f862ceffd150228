/// What one `QuadRenderer.draw` call sent to GL (`QuadRenderer.lastFrame`), offscreen
/// pictures included: for tests and profiling, counted at the cost of a few additions.
public struct FrameStatistics: Sendable, Equatable {
    /// Polygons drawn: layer polygons, group pictures, borders and rasterized layers, each
    /// counted once however many coverage batches it takes.
    public var polygons = 0
    /// `glDrawArrays` calls (a polygon takes one per coverage class it has: interior, and
    /// bands that 4 or 8 silhouette edges reach).
    public var drawCalls = 0
    /// Of `drawCalls`, those drawn without blending: an opaque layer's triangles with no
    /// coverage ramp, whose "over" would give the source exactly (`QuadRenderer` skips the
    /// read of the target it would cost, per sample when multisampled).
    public var opaqueDrawCalls = 0
    /// Of `drawCalls`, those that sampled their page texture without its mipmaps because the
    /// draw does not minify it anywhere (a page lying flat at its raster's size or larger, a
    /// leaf tilted mildly or rising toward the viewer): the same pixels as trilinear sampling
    /// there, at less cost on a software rasterizer.
    public var unmipmappedDrawCalls = 0
    /// Of `drawCalls`, those that sampled a page uploaded finer than its resting size (a page
    /// in flight, `rasterScale` above 1) from the mipmap level at its resting size alone,
    /// because the draw shows it no larger than at rest anywhere (a page in flight lying flat,
    /// the curl's flat part): what its resting upload would have cost, one bilinear fetch.
    public var restingLevelDrawCalls = 0
    /// Of `drawCalls`, those that showed a page in flight from the resting raster kept beside
    /// its finer one (`QuadRenderer.setImage(_:for:rasterScale:keepsRestingRaster:)`), because
    /// nothing in the draw magnifies the page past its resting size (the curl's flat part, the
    /// flip's leaf where it is foreshortened): the resting upload's texels and sampling.
    public var restingRasterDrawCalls = 0
    /// Compositing groups drawn offscreen into their pictures this frame.
    public var groupPictures = 0
    /// Rasterized layers whose cached picture was drawn again this frame (new or changed).
    public var rasterizationsRedrawn = 0
    /// Rasterized layers drawn from their cached picture as it was.
    public var rasterizationsReused = 0
    /// The fraction of the target's pixels this draw changed, 0…1. Every draw redraws the
    /// whole viewport today, so it is 1; a damage-driven renderer (issue 29) sets its real
    /// share here, and `folio bench --window` and the demo's readout report it (`FrameMeter`).
    public var damagedFraction = 1.0

    /// An empty count.
    public init() {}
}
