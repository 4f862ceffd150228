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
    }

    private var byHandle: [ContentHandle: Texture] = [:]

    /// The texture for `handle`, or nil when it has none.
    subscript(handle: ContentHandle) -> Texture? { byHandle[handle] }

    /// Makes `texture` the one for `handle`, deleting the texture it replaces if Folio made it
    /// (and it is not the same GL texture).
    mutating func install(_ texture: Texture, for handle: ContentHandle) {
        if let old = byHandle[handle], old.owned, old.id != texture.id { Self.delete(old) }
        byHandle[handle] = texture
    }

    /// Forgets the texture for `handle`, deleting it if Folio made it.
    mutating func remove(_ handle: ContentHandle) {
        if let t = byHandle.removeValue(forKey: handle), t.owned { Self.delete(t) }
    }

    /// Deletes every texture Folio made (the renderer is going away; borrowed ones stay the
    /// app's). The store must not be used afterwards.
    func release() {
        for t in byHandle.values where t.owned { Self.delete(t) }
    }

    private static func delete(_ texture: Texture) {
        var id = texture.id
        glDeleteTextures(1, &id)
    }
}
