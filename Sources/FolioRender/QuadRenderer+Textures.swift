import CGL
import FolioLayers
#if canImport(Glibc)
import Glibc
#endif

/// Content textures: what a layer's `contents` handle draws.
///
/// Three sources, one handle space: Folio uploads an `Image`, RGBA bytes or a PNG file into a
/// texture it owns (premultiplied, mipmapped, sampled as `folio bench --sharpness` measured
/// best); or it borrows a texture the app already has, by
/// its GL name, and samples it in place with no copy. Setting a handle again replaces (and, when
/// owned, deletes) the earlier texture.
extension QuadRenderer {
    /// Uploads `image` (straight alpha, rows top to bottom) as the texture for `handle`,
    /// premultiplied and mipmapped.
    ///
    /// `rasterScale` says how much finer the image is than the size it is shown at rest: 1
    /// for a page rasterised as shown, 2 for a page in flight rasterised at twice that size
    /// (`Book.rasterScale(ofPage:)`, the larger axis), which is sampled with a level-of-detail
    /// bias of its own (``levelOfDetailBias(rasterScale:)``).
    ///
    /// A finer upload (`rasterScale` above 1) keeps the page's resting upload it replaces
    /// beside it as the handle's resting raster, unless `keepsRestingRaster` is false (see
    /// ``setPixels(_:width:height:bytesPerRow:premultiplied:for:rasterScale:keepsRestingRaster:)``).
    ///
    /// - Throws: `RenderError.exceedsDeviceLimit` for an image wider or taller than the
    ///   device's `GL_MAX_TEXTURE_SIZE` (naming its size and the limit), `.invalidPixelSize`
    ///   for an empty one; nothing is uploaded and an earlier texture for `handle` stays.
    public func setImage(_ image: Image, for handle: ContentHandle, rasterScale: Double = 1,
                         keepsRestingRaster: Bool = true) throws(RenderError) {
        // `withUnsafeBytes` rethrows untyped: the error is carried out by hand.
        var failure: RenderError?
        image.pixels.withUnsafeBytes { raw in
            do throws(RenderError) {
                try setPixels(raw, width: image.width, height: image.height, bytesPerRow: image.width * 4,
                              premultiplied: false, for: handle, rasterScale: rasterScale, keepsRestingRaster: keepsRestingRaster)
            } catch {
                failure = error
            }
        }
        if let failure { throw failure }
    }

    /// Uploads RGBA8 pixels (rows top to bottom, `bytesPerRow` apart) as the texture for
    /// `handle`, mipmapped.
    ///
    /// Premultiplied bytes go to GL straight from `bytes` (row stride through
    /// `GL_UNPACK_ROW_LENGTH`, no CPU copy when `bytesPerRow` is a multiple of 4). Straight-alpha
    /// bytes are premultiplied on the CPU first (one copy), so that mipmaps and filtering never
    /// bleed the colour of transparent pixels.
    ///
    /// - Parameters:
    ///   - bytes: at least `(height − 1) · bytesPerRow + width · 4` bytes.
    ///   - width: pixels per row, 1…`Image.maximumSide`.
    ///   - height: rows, 1…`Image.maximumSide`.
    ///   - bytesPerRow: the distance between row starts, at least `width · 4`.
    ///   - premultiplied: whether colour components are already multiplied by alpha.
    ///   - handle: the content handle layers name.
    ///   - rasterScale: how much finer the pixels are than the size they are shown at rest
    ///     (1: as shown); it chooses the level-of-detail bias (``levelOfDetailBias(rasterScale:)``).
    ///   - keepsRestingRaster: for a finer upload (`rasterScale` above 1): whether the page's
    ///     resting upload it replaces stays beside it as the handle's resting raster, a
    ///     second texture that draws bind where nothing magnifies the page
    ///     (QuadRenderer+RestingRaster.swift) and that goes with the handle's texture. Kept
    ///     only when it is Folio's own upload at `rasterScale` 1 (or the resting raster the
    ///     replaced finer upload kept), with Folio's sampling (not changed by
    ///     `setSampling`), the same opacity, a smaller size and the same aspect within a texel.
    ///     The page's resting raster and its finer raster are both held until the handle's
    ///     texture is replaced or removed, or ``showRestingRaster(for:)`` or
    ///     ``removeRestingRaster(for:)`` lets one go: a page in flight holds 1 + 2.25 times
    ///     its resting bytes at the book's 1.5 × 1.5.
    /// - Throws: `RenderError.exceedsDeviceLimit` for a side beyond the device's
    ///   `GL_MAX_TEXTURE_SIZE` (naming the size and the limit), `.invalidPixelSize` for an
    ///   empty size or one beyond `Image.maximumSide`, `.invalidPixelBuffer` when the bytes
    ///   cannot hold the image. Nothing is uploaded then.
    public func setPixels(_ bytes: UnsafeRawBufferPointer, width: Int, height: Int, bytesPerRow: Int,
                          premultiplied: Bool, for handle: ContentHandle, rasterScale: Double = 1,
                          keepsRestingRaster: Bool = true) throws(RenderError) {
        let limits = RenderLimits.query()
        guard width > 0, height > 0 else {
            throw .invalidPixelSize(width: Double(width), height: Double(height), limit: min(Image.maximumSide, limits.maximumTextureSize))
        }
        try limits.checkTexture(width: width, height: height, what: "image for content handle \(handle.rawValue)")
        guard width <= Image.maximumSide, height <= Image.maximumSide else {
            throw .invalidPixelSize(width: Double(width), height: Double(height), limit: Image.maximumSide)
        }
        let (needed, overflow) = (height - 1).multipliedReportingOverflow(by: bytesPerRow)
        guard bytesPerRow >= width * 4, !overflow, needed + width * 4 <= bytes.count, bytes.baseAddress != nil else {
            throw .invalidPixelBuffer(width: width, height: height, bytesPerRow: bytesPerRow, byteCount: bytes.count)
        }
        let saved = restoresGLState ? GLStateSnapshot(capturing: .upload) : nil
        defer { saved?.restore() }
        var id: GLuint = 0
        glGenTextures(1, &id)
        glActiveTexture(GLenum(GL_TEXTURE0))
        glBindTexture(GLenum(GL_TEXTURE_2D), id)
        // Opaque everywhere? Then layers showing it hide what lies under them (occlusion cuts).
        let opaque = Self.isOpaque(bytes, width: width, height: height, bytesPerRow: bytesPerRow)
        // Premultiplying an opaque pixel changes nothing, so an opaque image (a page, nearly
        // always) is uploaded from the caller's bytes as they are: no packed copy.
        if (premultiplied || opaque) && bytesPerRow % 4 == 0 {
            GLStateSnapshot.prepareUpload(rowLength: bytesPerRow / 4)
            glTexImage2D(GLenum(GL_TEXTURE_2D), 0, GL_RGBA8, GLsizei(width), GLsizei(height), 0,
                         GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), bytes.baseAddress)
        } else {
            // Tightly packed, premultiplied with rounding: c·a/255 to the nearest byte.
            var packed = [UInt8](repeating: 0, count: width * height * 4)
            for row in 0..<height {
                let source = row * bytesPerRow, destination = row * width * 4
                for i in stride(from: 0, to: width * 4, by: 4) {
                    let a = bytes[source + i + 3]
                    packed[destination + i + 3] = a
                    for c in 0..<3 {
                        let v = bytes[source + i + c]
                        packed[destination + i + c] = premultiplied || a == 255 ? v : UInt8((UInt32(v) * UInt32(a) + 127) / 255)
                    }
                }
            }
            GLStateSnapshot.prepareUpload(rowLength: 0)
            packed.withUnsafeBytes { raw in
                glTexImage2D(GLenum(GL_TEXTURE_2D), 0, GL_RGBA8, GLsizei(width), GLsizei(height), 0,
                             GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), raw.baseAddress)
            }
        }
        // Mipmaps once per upload, never per frame. A page is rasterised at the size it is
        // shown, so they matter where it is foreshortened in mid-turn: there one pixel spans
        // several texels along the tilt and about one across it. Trilinear filtering picks its
        // level from the long axis and so blurs small text across the short one; a level of
        // detail biased by −½ keeps it as sharp as the unmipmapped page where the tilt is
        // mild and still averages where it is steep (nothing aliases at the poses measured).
        // Anisotropic filtering, where the driver has it, samples along the long axis at the
        // short axis's level; llvmpipe's blurs text even where the page lies flat, so it is
        // left off there (docs/sharpness.md has the figures for each option).
        glGenerateMipmap(GLenum(GL_TEXTURE_2D))
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MIN_FILTER), GL_LINEAR_MIPMAP_LINEAR)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MAG_FILTER), GL_LINEAR)
        // OpenGL ES has no such texture parameter: its shader adds the bias (Shaders/quad.frag).
        let bias = Self.levelOfDetailBias(rasterScale: rasterScale)
        if profile != .gles30 { glTexParameterf(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_LOD_BIAS), bias) }
        let anisotropy = Self.defaultAnisotropy()
        if anisotropy > 1 { glTexParameterf(GLenum(GL_TEXTURE_2D), Self.textureMaxAnisotropy, anisotropy) }
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_WRAP_S), GL_CLAMP_TO_EDGE)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_WRAP_T), GL_CLAMP_TO_EDGE)
        let scale = rasterScale.isFinite && rasterScale > 1 ? rasterScale : 1
        let resting = keepsRestingRaster ? Self.restingRaster(keptFrom: textures[handle], width: width, height: height,
                                                              rasterScale: scale, opaque: opaque) : nil
        install(Texture(id: id, width: width, height: height, premultiplied: true, origin: .topLeft, owned: true, isOpaque: opaque,
                        hasUploadSampling: true, levelOfDetailBias: bias,
                        restingLevel: Self.restingLevel(rasterScale: rasterScale, width: width, height: height),
                        rasterScale: scale, restingRaster: resting), for: handle)
    }

    /// The resting raster a finer upload (`width` × `height`, `rasterScale` above 1, `opaque`
    /// or not) keeps from `old`, the texture it replaces: `old` itself when it is Folio's
    /// resting upload, the resting raster `old` kept when it is a finer upload; nil when there
    /// is none, or it is not Folio's, is sampled otherwise (`setSampling`), differs in opacity,
    /// is not smaller or not of the same aspect within a texel (not a picture of the same page).
    static func restingRaster(keptFrom old: Texture?, width: Int, height: Int, rasterScale: Double, opaque: Bool) -> TextureStore.RestingRaster? {
        guard rasterScale > 1, let old, old.owned, old.hasUploadSampling, old.isOpaque == opaque else { return nil }
        let candidate = old.rasterScale > 1 ? old.restingRaster : TextureStore.RestingRaster(id: old.id, width: old.width, height: old.height)
        guard let r = candidate, r.width < width || r.height < height, r.width <= width, r.height <= height,
              abs(Double(r.width) * Double(height) / Double(width) - Double(r.height)) <= 1 else { return nil }
        return r
    }

    /// Makes the resting raster kept beside `handle`'s finer upload the handle's texture again
    /// (the page has landed), deleting the finer one: no new raster, no upload. False, and
    /// nothing changed, where the handle has no resting raster.
    @discardableResult
    public func showRestingRaster(for handle: ContentHandle) -> Bool {
        guard let t = textures[handle], let resting = t.restingTexture else { return false }
        install(resting, for: handle)
        return true
    }

    /// Deletes the resting raster kept beside `handle`'s finer upload (its finer raster
    /// stays the handle's texture and is drawn everywhere). False where there is none.
    @discardableResult
    public func removeRestingRaster(for handle: ContentHandle) -> Bool {
        guard var t = textures[handle], t.restingRaster != nil else { return false }
        t.restingRaster = nil
        install(t, for: handle)
        return true
    }

    /// The size in pixels of the resting raster kept beside `handle`'s finer upload, or nil
    /// when it has none.
    public func restingRasterSize(for handle: ContentHandle) -> (width: Int, height: Int)? {
        textures[handle]?.restingRaster.map { ($0.width, $0.height) }
    }

    /// Whether every pixel's alpha byte is 255. Reads four bytes at a time (the alpha byte of
    /// each RGBA pixel is the top byte of a little-endian word), so it stays cheap in a debug
    /// build too, where tests upload thousands of pages.
    static func isOpaque(_ bytes: UnsafeRawBufferPointer, width: Int, height: Int, bytesPerRow: Int) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        let alphaMask = UInt32(0xFF00_0000).littleEndian
        var row = 0
        while row < height {
            let start = base + row * bytesPerRow
            var x = 0
            while x < width {
                if start.loadUnaligned(fromByteOffset: x * 4, as: UInt32.self) & alphaMask != alphaMask { return false }
                x += 1
            }
            row += 1
        }
        return true
    }

    /// Reads the PNG file at `path` and uploads it as the texture for `handle`.
    ///
    /// - Throws: the errors of `Image.readPNG(path:)`.
    public func setPNG(path: String, for handle: ContentHandle) throws(RenderError) {
        try setImage(try Image.readPNG(path: path), for: handle)
    }

    /// Draws `handle` with a texture the app owns, sampled in place: no copy, no upload. Later
    /// changes to the texture's pixels show in the next draw.
    ///
    /// The texture must be a 2D texture of this context (or one sharing objects with it) and
    /// stay alive while the handle uses it; Folio never changes its parameters, generates its
    /// mipmaps or deletes it (`removeImage(for:)` only forgets it). Its filtering is the app's:
    /// a mipmapping minification filter needs complete mipmaps.
    ///
    /// - Parameters:
    ///   - name: the GL texture name (`GLuint`).
    ///   - premultiplied: whether its colour is premultiplied by alpha (Folio's convention);
    ///     straight alpha is premultiplied as it is sampled.
    ///   - origin: which row it stores first; `.bottomLeft` for a texture rendered through a
    ///     framebuffer.
    ///   - opaque: the app's promise that every texel's alpha is 1, now and in every later
    ///     draw. Layers showing it at full opacity then hide what lies under them, and Folio
    ///     does not draw what they hide (as it does for its own uploads, which it checks).
    ///     If the promise is broken, what the layer was assumed to hide shows as background.
    ///   - handle: the content handle layers name.
    /// - Throws: `RenderError.notATexture` when `name` has no 2D texture storage here.
    public func setTexture(_ name: UInt32, premultiplied: Bool, origin: TextureOrigin = .bottomLeft, opaque: Bool = false,
                           for handle: ContentHandle) throws(RenderError) {
        guard name != 0, glIsTexture(name) != 0 else { throw .notATexture(name: name) }
        let saved = restoresGLState ? GLStateSnapshot(capturing: .upload) : nil
        defer { saved?.restore() }
        glActiveTexture(GLenum(GL_TEXTURE0))
        glBindTexture(GLenum(GL_TEXTURE_2D), name)
        // A texture first bound to another target cannot be bound as 2D; the binding then stays
        // as it was (checked without glGetError, which would swallow the app's own errors).
        var current: GLint = 0
        glGetIntegerv(GLenum(GL_TEXTURE_BINDING_2D), &current)
        let bound = GLuint(current) == name
        var w: GLint = 0, h: GLint = 0
        if bound { (w, h) = boundTextureSize() }   // QuadRenderer+TextureSize.swift (ES 3.0 has no query)
        guard bound, w > 0, h > 0 else { throw .notATexture(name: name) }
        install(Texture(id: name, width: Int(w), height: Int(h), premultiplied: premultiplied, origin: origin, owned: false,
                        isOpaque: opaque), for: handle)
    }

    /// Forgets the texture for `handle`, deleting it if Folio made it (an app's texture is left alone).
    public func removeImage(for handle: ContentHandle) {
        textures.remove(handle)
        // Rasterized pictures that showed it are stale; a snapshot's texture goes with it
        // (QuadRenderer+Rasterization.swift).
        rasterization.textureGeneration &+= 1
        if let snapshot = rasterization.snapshots.removeValue(forKey: handle) { Rasterization.delete(snapshot.target) }
    }

    /// The size in pixels of the texture drawn for `handle`, or nil when it has none.
    public func textureSize(for handle: ContentHandle) -> (width: Int, height: Int)? {
        textures[handle].map { ($0.width, $0.height) }
    }

    /// `GL_TEXTURE_MAX_ANISOTROPY`: the same value in GL 4.6, `ARB_texture_filter_anisotropic`
    /// and `EXT_texture_filter_anisotropic` (OpenGL ES has only the last).
    static let textureMaxAnisotropy = GLenum(0x84FE)
    /// `GL_MAX_TEXTURE_MAX_ANISOTROPY`, likewise.
    static let maximumTextureMaxAnisotropy = GLenum(0x84FF)

    /// The most anisotropy the current context's driver filters with, or 1 when it has no
    /// anisotropic filtering. Found by extension name (desktop GL 3.3 and OpenGL ES 3.0 list
    /// it as an extension; GL 4.6 drivers list the ARB one too), never by `glGetError`, which
    /// would swallow the app's own errors. Asked once per upload: cheap next to the upload.
    @_spi(Benchmarks) public static func maximumAnisotropy() -> Float {
        var count: GLint = 0
        glGetIntegerv(GLenum(GL_NUM_EXTENSIONS), &count)
        var found = false
        for i in 0..<GLuint(max(0, count)) {
            guard let name = glGetStringi(GLenum(GL_EXTENSIONS), i) else { continue }
            let text = UnsafeRawPointer(name).assumingMemoryBound(to: CChar.self)
            if strcmp(text, "GL_ARB_texture_filter_anisotropic") == 0 || strcmp(text, "GL_EXT_texture_filter_anisotropic") == 0 {
                found = true
                break
            }
        }
        guard found else { return 1 }
        var maximum: GLfloat = 1
        glGetFloatv(maximumTextureMaxAnisotropy, &maximum)
        return maximum.isFinite ? max(1, maximum) : 1
    }

    /// The level-of-detail bias of Folio's uploads: −½ level, measured on a page of small
    /// text in mid-turn (`folio bench --sharpness`).
    @_spi(Benchmarks) nonisolated public static let levelOfDetailBias: Float = -0.5

    /// The level-of-detail bias of a page rasterised finer than it is shown at rest (a page
    /// in flight at twice its resting size): −¾ level. Measured on the document path's turning
    /// half (`folio bench --sharpness`): with −½ such a page kept too little of its detail
    /// where the flip foreshortens it (HF× 0.79 at progress 0.15, 0.73 at 0.3), with −1 it
    /// aliased (1.40, 1.29); −¾ keeps every pose of the flip and the curl within 0.85–1.15.
    @_spi(Benchmarks) nonisolated public static let fineRasterLevelOfDetailBias: Float = -0.75

    /// Whether this renderer samples an upload with its level-of-detail bias
    /// (``levelOfDetailBias(rasterScale:)``): always — under desktop GL through the texture's
    /// bias parameter, under OpenGL ES 3.0, whose textures have none, through the quad shader,
    /// which adds the upload's bias to each sample. Pass it to
    /// `Book.rasterScale(ofPage:withLevelOfDetailBias:)`; a renderer of your own that cannot
    /// bias a sample passes `false` there and gets 2 × 2 rasters, not 1.5 × 1.5.
    public var appliesLevelOfDetailBias: Bool { true }

    /// The bias an upload `rasterScale` times finer than its resting size gets:
    /// the resting bias (−½) at 1 (or below, or not finite), the fine raster's (−¾) above.
    nonisolated public static func levelOfDetailBias(rasterScale: Double) -> Float {
        rasterScale.isFinite && rasterScale > 1 ? fineRasterLevelOfDetailBias : levelOfDetailBias
    }

    /// The anisotropy Folio's uploads get: the driver's largest, except on llvmpipe, whose
    /// anisotropic filter (Mesa 22) blurs small text even on a page lying flat — an energy of
    /// a tenth of the reference's, against 0.92 for plain trilinear (docs/sharpness.md).
    @_spi(Benchmarks) public static func defaultAnisotropy() -> Float {
        rendersWithLLVMpipe() ? 1 : maximumAnisotropy()
    }

    /// Whether the current context renders with Mesa's llvmpipe (its `GL_RENDERER` says so).
    static func rendersWithLLVMpipe() -> Bool {
        guard let name = glGetString(GLenum(GL_RENDERER)) else { return false }
        return strstr(UnsafeRawPointer(name).assumingMemoryBound(to: CChar.self), "llvmpipe") != nil
    }

    /// Samples the texture Folio uploaded for `handle` another way, to measure what each part
    /// of its filtering buys (`folio bench --sharpness`): with or without mipmaps, with
    /// `anisotropy` (clamped to the device's; 1 turns it off) and a level-of-detail bias
    /// (a texture parameter of desktop GL; under OpenGL ES the shader adds it). An app's own texture, or no texture, is left alone.
    /// Uploads set the default: mipmapped, `defaultAnisotropy()`, `levelOfDetailBias`.
    @_spi(Benchmarks) public func setSampling(mipmapped: Bool, anisotropy: Float, lodBias: Float, for handle: ContentHandle) {
        guard var texture = textures[handle], texture.owned else { return }
        texture.hasUploadSampling = false
        // Drawn as set everywhere: a resting raster kept beside it would bypass the setting.
        texture.restingRaster = nil
        // The shader adds it under OpenGL ES (Shaders/quad.frag).
        texture.levelOfDetailBias = lodBias
        textures.install(texture, for: handle)
        let saved = restoresGLState ? GLStateSnapshot(capturing: .upload) : nil
        defer { saved?.restore() }
        glActiveTexture(GLenum(GL_TEXTURE0))
        glBindTexture(GLenum(GL_TEXTURE_2D), texture.id)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MIN_FILTER), mipmapped ? GL_LINEAR_MIPMAP_LINEAR : GL_LINEAR)
        let maximum = Self.maximumAnisotropy()
        if maximum > 1 { glTexParameterf(GLenum(GL_TEXTURE_2D), Self.textureMaxAnisotropy, min(max(1, anisotropy), maximum)) }
        if profile != .gles30 { glTexParameterf(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_LOD_BIAS), lodBias) }
        // Pictures rasterised from it are stale (QuadRenderer+Rasterization.swift).
        rasterization.textureGeneration &+= 1
    }

    /// Makes `texture` the one drawn for `handle` (the store deletes a texture of Folio's it
    /// replaces); pictures rasterized from the old one are stale.
    func install(_ texture: Texture, for handle: ContentHandle) {
        textures.install(texture, for: handle)
        rasterization.textureGeneration &+= 1
    }
}
