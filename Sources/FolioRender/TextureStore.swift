import CGL
import FolioLayers

/// The content textures a renderer samples, by content handle: Folio's own uploads, which it
/// deletes when they are replaced or removed, and an app's textures, which it only borrows.
///
/// The store owns the rule of who deletes what; the renderer uploads (`setPixels`), checks GL
/// and tells its rasterization caches when a texture changes (QuadRenderer+Textures.swift).
/// A value with one dictionary: a copy (taken for a closure that runs while the renderer's
/// list is built) shares its storage and allocates nothing.
struct TextureStore {
    /// A texture the renderer samples for a content handle.
    struct Texture {
        /// The GL texture name.
        var id: GLuint
        /// The size in texels.
        var width: Int, height: Int
        /// False for an app texture holding straight alpha: the shader premultiplies.
        var premultiplied: Bool
        var origin: TextureOrigin
        /// Whether the renderer created it (and deletes it); app textures are only borrowed.
        var owned: Bool
        /// Whether every texel's alpha is 1 (checked at upload; never assumed of an app's
        /// texture): a layer showing it hides what is under it.
        var isOpaque = false
        /// Whether it is sampled as Folio uploads pages (mipmapped, trilinear, biased by
        /// `levelOfDetailBias`): then a draw that does not minify it may sample it without its
        /// mipmaps for the same pixels (`QuadRenderer+Sampling.swift`). False for an app's
        /// texture and after `setSampling`.
        var hasUploadSampling = false
        /// The level-of-detail bias it was uploaded with (`QuadRenderer.levelOfDetailBias(rasterScale:)`,
        /// or `setSampling`'s): a texture parameter under desktop GL, added by the shader under
        /// OpenGL ES (for textures Folio owns, drawn without a sampler object); what a draw's
        /// level of detail adds for `hasUploadSampling`.
        var levelOfDetailBias: Float = QuadRenderer.levelOfDetailBias
        /// The mipmap level that holds the page at its resting size: k for an upload 2^k times
        /// finer than it is shown at rest (`rasterScale`, a page in flight), 0 otherwise. A
        /// draw that shows no more detail than the resting size samples that level alone
        /// (`QuadRenderer+RestingLevel.swift`).
        var restingLevel = 0
        /// How much finer than its size at rest the upload is (`setPixels`' `rasterScale`): 1
        /// for a page rasterised as shown, 1.5 for a page in flight at the book's raster scale.
        var rasterScale = 1.0
        /// The page's resting upload, kept beside a finer one while the page is in flight (a
        /// second texture of the same handle, deleted with it): bound instead of the finer
        /// raster by a draw that nothing magnifies (`QuadRenderer+RestingRaster.swift`). Nil
        /// for a resting upload, an app's texture, or a finer raster uploaded with no resting
        /// one before it.
        var restingRaster: RestingRaster?

        /// The resting raster as a texture of its own: sampled as Folio samples a resting
        /// upload (mipmapped, the resting bias), with this texture's premultiplication,
        /// origin and opacity (checked equal when it was kept).
        var restingTexture: Texture? {
            restingRaster.map {
                Texture(id: $0.id, width: $0.width, height: $0.height, premultiplied: premultiplied, origin: origin, owned: owned,
                        isOpaque: isOpaque, hasUploadSampling: hasUploadSampling, levelOfDetailBias: QuadRenderer.levelOfDetailBias)
            }
        }
    }

    /// A page's resting upload kept beside its finer raster: its GL name and size in texels.
    /// Folio made it (it is deleted with the texture it is kept by).
    struct RestingRaster: Equatable {
        var id: GLuint
        var width: Int, height: Int
    }

    private var byHandle: [ContentHandle: Texture] = [:]

    /// The texture for `handle`, or nil when it has none.
    subscript(handle: ContentHandle) -> Texture? { byHandle[handle] }

    /// Makes `texture` the one for `handle`, deleting the textures it replaces if Folio made
    /// them: the old texture and its resting raster, each unless `texture` keeps it (as itself
    /// or as its own resting raster).
    mutating func install(_ texture: Texture, for handle: ContentHandle) {
        if let old = byHandle[handle], old.owned {
            let kept = (texture.id, texture.restingRaster?.id)
            if old.id != kept.0 && old.id != kept.1 { Self.delete(old.id) }
            if let r = old.restingRaster, r.id != kept.0, r.id != kept.1 { Self.delete(r.id) }
        }
        byHandle[handle] = texture
    }

    /// Forgets the texture for `handle`, deleting it (and its resting raster) if Folio made it.
    mutating func remove(_ handle: ContentHandle) {
        if let t = byHandle.removeValue(forKey: handle), t.owned { Self.delete(t) }
    }

    /// Deletes every texture Folio made (the renderer is going away; borrowed ones stay the
    /// app's). The store must not be used afterwards.
    func release() {
        for t in byHandle.values where t.owned { Self.delete(t) }
    }

    private static func delete(_ texture: Texture) {
        delete(texture.id)
        if let r = texture.restingRaster { delete(r.id) }
    }

    private static func delete(_ id: GLuint) {
        var id = id
        glDeleteTextures(1, &id)
    }
}
