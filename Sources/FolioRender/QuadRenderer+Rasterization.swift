import CGL
import FolioGeometry
import FolioLayers
import FolioTessellation

/// Rasterization caches (`Layer.shouldRasterize`) and snapshots.
///
/// A rasterized layer reaches the draw list as one polygon covering its picture's extent in
/// its own plane (`LayerEvaluator.rasterizedLayers`). Its picture — the layer and its subtree
/// in its own coordinates, at its own opacity 1 (`LayerEvaluator.evaluateContents`) — is kept
/// in a texture of `extent × effectiveRasterizationScale` pixels, keyed by the layer's
/// `serialNumber`, its `contentVersion`, the scale and the renderer's texture generation (any
/// content texture set or removed), and drawn again only when the key changes. Each frame the
/// polygon samples the texture through the layer's plane with the usual silhouette
/// antialiasing, at the layer's opacity: one textured polygon however large the subtree.
/// Rasterized layers inside a rasterized layer are cached in turn (their pictures first).
///
/// A snapshot (`setSnapshot(of:size:scale:for:)`) renders a whole tree into a texture that a
/// content handle names, so that another layer shows it as its contents — a page that is
/// itself a layer tree — on the GPU, without reading anything back; it is drawn again only
/// when the tree or a texture changed.
extension QuadRenderer {
    /// The caches, the snapshots and the generation of the content textures.
    struct Rasterization {
        var caches: [UInt64: Cache] = [:]
        var snapshots: [ContentHandle: Cache] = [:]
        /// Bumped whenever a content texture is set or removed: pictures showing textures are
        /// stale then.
        var textureGeneration: UInt64 = 0
        /// Counts `draw` calls, to let caches that are no longer drawn go.
        var frame: UInt64 = 0
        /// What a snapshot's tree is evaluated and recorded with (reused across snapshots).
        let snapshotEvaluator = LayerEvaluator()
        let snapshotRecorder = FrameRecorder()
        var snapshotFrame = Frame()

        /// One cached picture: its key and its texture.
        final class Cache {
            /// The snapshot's root (`Layer.serialNumber`); caches are keyed by theirs already.
            var serial: UInt64 = .max
            var contentVersion: UInt64 = .max
            var scale = 0.0
            var textureGeneration: UInt64 = .max
            var extent = Rect(x: 0, y: 0, width: 0, height: 0)
            /// The picture's size in pixels (the texture may be larger).
            var width = 0, height = 0
            var target = GroupPasses.Target()
            var lastFrame: UInt64 = 0
        }

        /// Frames a cache survives without being drawn.
        static let idleFrames: UInt64 = 600
        /// The largest side of a rasterization cache, in pixels: past it the picture is drawn at
        /// a lower scale (as Core Animation limits its rasterization to a few screens).
        static let maximumCacheSide = 4096
        /// The most memory all rasterization caches may hold together, in bytes (512 MiB).
        static let cacheBudget = 512 << 20
        /// How deep rasterized layers may nest inside each other's pictures (as deep as a
        /// recorded frame holds their pictures).
        static let maximumNesting = FrameRecorder.maximumNesting

        func release() {
            for cache in caches.values { Self.delete(cache.target) }
            for cache in snapshots.values { Self.delete(cache.target) }
        }

        static func delete(_ t: GroupPasses.Target) {
            var f = t.framebuffer, x = t.texture
            if f != 0 { glDeleteFramebuffers(1, &f) }
            if x != 0 { glDeleteTextures(1, &x) }
        }
    }

    /// Brings the picture of every rasterized layer of `frame` up to date (nested ones first).
    /// Binds framebuffers and sets the viewport, scissor and clear colour: the caller restores.
    func updateRasterizations(_ frame: Frame, depth: Int) {
        guard depth < Rasterization.maximumNesting else { return }
        rasterization.frame &+= depth == 0 ? 1 : 0
        for r in frame.pictures {
            let layer = frame.records[Int(r.record)]
            let cache: Rasterization.Cache
            if let c = rasterization.caches[layer.serialNumber] { cache = c } else {
                cache = Rasterization.Cache()
                rasterization.caches[layer.serialNumber] = cache
            }
            cache.lastFrame = rasterization.frame
            let scale = layer.rasterizationScale
            if cache.contentVersion == layer.contentVersion && cache.scale == scale && cache.extent == r.extent
                && cache.textureGeneration == rasterization.textureGeneration {
                lastFrame.rasterizationsReused += 1
                continue
            }
            updateRasterizations(r.contents, depth: depth + 1)
            guard render(r.contents, into: cache, extent: r.extent, scale: scale) else { continue }
            cache.contentVersion = layer.contentVersion
            cache.scale = scale
            cache.extent = r.extent
            cache.textureGeneration = rasterization.textureGeneration
            lastFrame.rasterizationsRedrawn += 1
        }
        if depth == 0 && rasterization.caches.count > frame.pictures.count {
            let frame = rasterization.frame
            for (key, cache) in rasterization.caches where frame &- cache.lastFrame > Rasterization.idleFrames {
                Rasterization.delete(cache.target)
                rasterization.caches[key] = nil
            }
        }
    }

    /// Draws `frame` (view points: the picture's own, `extent.origin` at the view's
    /// origin) into `cache`'s texture at `scale` pixels per point; false when no texture can
    /// be had. A cache's size is clamped to `maximumCacheSide` (the scale lowered to fit).
    func render(_ frame: Frame, into cache: Rasterization.Cache, extent: Rect, scale requested: Double,
                exact: Bool = false) -> Bool {
        // A cache's picture is at most `maximumCacheSide` a side (64 MiB), however far its
        // subtree reaches; a snapshot's size was checked against the device by its caller.
        let device = max(1, RenderLimits.query().maximumTextureSize)
        let limit = Double(exact ? device : min(device, Rasterization.maximumCacheSide))
        var scale = requested
        let largest = max(extent.width, extent.height) * scale
        if largest > limit { scale *= limit / largest }
        if !exact {
            // All caches together stay within `cacheBudget` bytes: past it a picture is drawn
            // at the scale that fits what is left (at least one pixel).
            var used = 0
            for c in rasterization.caches.values where c !== cache { used += c.target.width * c.target.height * 4 }
            let left = Double(max(Rasterization.cacheBudget - used, 4 * 64 * 64))
            let bytes = extent.width * scale * extent.height * scale * 4 * 1.2 // room for the 64-pixel rounding
            if bytes > left { scale *= (left / bytes).squareRoot() }
        }
        let w = max(1, min(Int(limit), Int((extent.width * scale).rounded(.up))))
        let h = max(1, min(Int(limit), Int((extent.height * scale).rounded(.up))))
        guard let target = texture(w, h, reusing: cache.target, exact: exact) else { return false }
        cache.target = target
        cache.width = w
        cache.height = h
        glBindFramebuffer(GLenum(GL_DRAW_FRAMEBUFFER), target.framebuffer)
        glDisable(GLenum(GL_SCISSOR_TEST))
        glViewport(0, 0, GLsizei(target.width), GLsizei(target.height))
        glClearColor(0, 0, 0, 0)
        glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
        // The picture fills the texture's top-left w × h corner: the viewport's top at the top.
        let viewport = Viewport(x: 0, y: target.height - h, width: w, height: h)
        let mode = antialiasing
        antialiasing = Self.offscreenMode(mode)
        defer { antialiasing = mode }
        prepare(frame, scale: scale, pixelWidth: w, pixelHeight: h, origin: (Double(viewport.x), Double(viewport.y)))
        guard !list.batches.isEmpty else { return true }
        if !groups.passes.isEmpty {
            drawGroupPictures(frame, scale: scale, viewport: viewport, framebuffer: target.framebuffer)
        }
        glBindFramebuffer(GLenum(GL_DRAW_FRAMEBUFFER), target.framebuffer)
        glViewport(GLint(viewport.x), GLint(viewport.y), GLsizei(w), GLsizei(h))
        submit(frame)
        return true
    }

    /// A texture with a framebuffer of at least `width × height` (exactly, with `exact`),
    /// `old` itself when it is big enough, else a new one (sides rounded up to 64 pixels unless
    /// exact) that replaces it; nil when the driver cannot make one (`old` is kept then).
    /// `filter`: linear for pictures sampled at any size, nearest for pixel-aligned ones.
    func texture(_ width: Int, _ height: Int, reusing old: GroupPasses.Target, exact: Bool = false,
                 filter: Int32 = GL_LINEAR) -> GroupPasses.Target? {
        if exact ? old.framebuffer != 0 && old.width == width && old.height == height
                 : old.framebuffer != 0 && old.width >= width && old.height >= height { return old }
        var t = GroupPasses.Target()
        t.width = exact ? width : max(old.width, (width + 63) / 64 * 64)
        t.height = exact ? height : max(old.height, (height + 63) / 64 * 64)
        glActiveTexture(GLenum(GL_TEXTURE0))
        glGenTextures(1, &t.texture)
        glBindTexture(GLenum(GL_TEXTURE_2D), t.texture)
        let unpack = GLStateSnapshot(capturing: .upload)
        GLStateSnapshot.prepareUpload(rowLength: 0)
        glTexImage2D(GLenum(GL_TEXTURE_2D), 0, GL_RGBA8, GLsizei(t.width), GLsizei(t.height), 0,
                     GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), nil)
        unpack.restore()
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MIN_FILTER), filter)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MAG_FILTER), filter)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_WRAP_S), GL_CLAMP_TO_EDGE)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_WRAP_T), GL_CLAMP_TO_EDGE)
        glGenFramebuffers(1, &t.framebuffer)
        glBindFramebuffer(GLenum(GL_DRAW_FRAMEBUFFER), t.framebuffer)
        glFramebufferTexture2D(GLenum(GL_DRAW_FRAMEBUFFER), GLenum(GL_COLOR_ATTACHMENT0), GLenum(GL_TEXTURE_2D), t.texture, 0)
        guard glCheckFramebufferStatus(GLenum(GL_DRAW_FRAMEBUFFER)) == GLenum(GL_FRAMEBUFFER_COMPLETE) else {
            Rasterization.delete(t)
            return nil
        }
        Rasterization.delete(old)
        return t
    }

    /// Sets the uniforms that draw a rasterized layer's polygon from its cached picture.
    func setRasterMaterial(_ item: DrawItem, _ quad: Frame.Polygon, _ frame: Frame, _ program: ShaderPrograms.Program) {
        let r = frame.pictures[Int(item.raster)]
        guard let cache = rasterization.caches[frame.records[Int(r.record)].serialNumber], cache.target.texture != 0 else { return }
        let t = cache.target
        glBindTexture(GLenum(GL_TEXTURE_2D), t.texture)
        // The layer's points across the extent map onto the picture, which fills the texture's
        // top-left corner (stored bottom row first: the shader flips y).
        let x = r.extent
        glUniform4f(program.bounds, Float(x.minX), Float(x.minY), Float(x.width), Float(x.height))
        let fx = Double(cache.width) / Double(t.width), fy = Double(cache.height) / Double(t.height)
        glUniform4f(program.contentsRect, 0, 0, Float(fx), Float(fy))
        glUniform2f(program.texelsPerPoint, Float(cache.scale), Float(cache.scale))
        if program.levelOfDetailBias >= 0 { glUniform1f(program.levelOfDetailBias, 0) }
        glUniform1f(program.opacity, Float(quad.opacity * groups.opacityScale))
    }

    /// Renders the tree under `root` into a texture that `handle` then names, so that layers
    /// whose `contents` is `handle` show it: a layer tree as another layer's contents (live
    /// page content), all on the GPU, nothing read back.
    ///
    /// The tree is drawn as `draw` would draw it into a `size` view at `scale` pixels per point
    /// (the root's superlayer space is the view), over transparency, into a texture of that
    /// many pixels that the renderer owns and keeps for `handle`. Calling again redraws it only
    /// when something changed: the root (`serialNumber`, `subtreeVersion`), the size or scale,
    /// or a content texture. `removeImage(for:)` lets it go.
    ///
    /// - Returns: whether the picture was drawn (false: it was up to date).
    /// - Throws: `RenderError.invalidPixelSize` for a size that is not positive and finite,
    ///   `.exceedsDeviceLimit` past the device's texture size, `.framebufferUnavailable` when
    ///   the driver cannot make the texture.
    @discardableResult
    public func setSnapshot(of root: Layer, size: Size, scale: Double, for handle: ContentHandle) throws(RenderError) -> Bool {
        let (w, h) = try RenderLimits.pixelSize(size, scale: scale)
        try RenderLimits.query().checkTexture(width: w, height: h, what: "snapshot for content handle \(handle.rawValue)")
        let cache: Rasterization.Cache
        if let c = rasterization.snapshots[handle] { cache = c } else {
            cache = Rasterization.Cache()
            rasterization.snapshots[handle] = cache
        }
        let extent = Rect(x: 0, y: 0, width: Double(w) / scale, height: Double(h) / scale)
        if cache.serial == root.serialNumber && cache.contentVersion == root.subtreeVersion && cache.scale == scale
            && cache.extent == extent && cache.textureGeneration == rasterization.textureGeneration && textures[handle] != nil {
            return false
        }
        let saved = restoresGLState ? GLStateSnapshot(capturing: [.drawing, .framebuffer, .clearColor, .scissor], profile: profile) : nil
        defer { saved?.restore() }
        rasterization.snapshotEvaluator.evaluate(root)
        rasterization.snapshotRecorder.record(rasterization.snapshotEvaluator, into: &rasterization.snapshotFrame, inputs: frameInputs)
        let frame = rasterization.snapshotFrame
        updateRasterizations(frame, depth: 1)
        guard render(frame, into: cache, extent: extent, scale: scale, exact: true) else {
            throw .framebufferUnavailable(width: w, height: h, samples: 1, status: 0)
        }
        install(Texture(id: cache.target.texture, width: w, height: h, premultiplied: true, origin: .bottomLeft, owned: false),
                for: handle)
        cache.serial = root.serialNumber
        cache.contentVersion = root.subtreeVersion
        cache.scale = scale
        cache.extent = extent
        // After its own installation: only later changes make it stale.
        cache.textureGeneration = rasterization.textureGeneration
        return true
    }
}
