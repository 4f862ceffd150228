import FolioTessellation

/// The features one draw's shader is compiled with: a set of `#define`s put after the version
/// line of `Shaders/quad.vert` and `Shaders/quad.frag`.
///
/// A software rasterizer (llvmpipe) runs every branch of a shader for every pixel, so one
/// shader for every case would make every pixel pay for every feature. Each draw instead names
/// the features it needs — from its layer (contents, background, gradient), the shadow merged
/// into it, and its antialiasing — and the renderer draws it with the program built for
/// exactly that set (`ShaderPrograms` builds each on first use and keeps it).
///
/// A new per-draw feature adds a field here, its `#define` in ``defines``, the `#ifdef` block
/// in the shaders, and (when it is per-vertex data) attributes in `DrawList.Vertex`.
struct ShaderVariant: Hashable, Sendable {
    /// How the contents texture is sampled.
    enum Texture: UInt8, Hashable, Sendable {
        /// No contents: background and gradients only.
        case none
        /// Premultiplied RGBA, first row at the top (Folio's uploads).
        case premultiplied
        /// Straight alpha, premultiplied as sampled (an app's texture).
        case straight
    }

    /// What multiplies the colour at the end: the edge coverage (the tessellation's batches).
    typealias Coverage = TriangleCoverage

    var texture = Texture.none
    /// The texture's first row is the image's bottom row (`TextureOrigin.bottomLeft`).
    var textureFlipped = false
    /// The layer has a background colour that is not fully transparent.
    var background = false
    /// The contents drawn at an alpha of their own (`CONTENTS_FADE`, `uContentsFade`): the
    /// front seen through a surface's back, `SurfaceLayer.paperTranslucency`.
    var contentsFade = false
    /// Stop slots of the layer's own gradient: 0 (not a gradient layer), 1…8 (the stop count,
    /// evaluated unrolled) or a power of two from 16 to `maximumGradientStops` (a binary
    /// search; `slots(forStops:)`).
    var gradientStops = 0
    /// Stops of the merged shadow overlay: 0 (none) or 1…8.
    var overlayStops = 0
    /// The layer's rounded corners cut from its background (`ROUND_OWN`), and with
    /// `masksToBounds` from its contents, gradient and merged overlay too (`ROUND_CONTENTS`).
    var roundOwn = false
    var roundContents = false
    /// The layer's border in this draw: none, over the rest (`LAYER_BORDER`) or alone
    /// (`LAYER_BORDER_ONLY`, a draw after the layer's sublayers).
    var layerBorder = LayerBorder.none
    /// A masking ancestor's rounded corners cut from this draw (`ROUND_MASK`).
    var roundMask = false
    var coverage = Coverage.full
    /// Paper light from the vertex normals (`QuadRenderer.light`).
    var light = false
    /// A cast shadow (`SHADOW_BLUR`, with `coverage` `.edges(8)`): the edge slots are a shadow
    /// sheet's edges, faded across the penumbra by the disc-light ramp `F`, and the draw
    /// writes the light left, `1 − o(h)·F`, as its alpha (`DrawList+CastShadow.swift`).
    var shadowBlur = false
    /// A receiver's cast shadows in one draw (`RECEIVER_CASTERS n`, 0 for none, else
    /// 1…`CastShadowList.maximumReceiverCasters`): the draw evaluates `n` flat casters' shadows
    /// on the receiver's plane from `uCasters` and outputs the light left as its colour
    /// (`DrawList+RaisedShadow.swift`).
    var receiverCasters = 0
    /// With `receiverCasters`: a curved receiver's pass (`RECEIVER_SURFACE`, 1…
    /// `CastShadowList.maximumSurfaceReceiverCasters` planar pieces measured from each
    /// pixel's 3D point; `DrawList+SurfaceReceiverShadow.swift`).
    var receiverSurface = false

    /// How a draw shows its layer's border.
    enum LayerBorder: UInt8, Hashable, Sendable {
        /// No border in this draw.
        case none
        /// The band over the layer's own background, contents and overlay.
        case over
        /// Only the band: the draw after the layer's sublayers.
        case only
    }

    /// The most stops a gradient is evaluated with unrolled, and the most a merged overlay has.
    static let maximumStops = DrawList.maximumOverlayStops
    /// The most stops a gradient layer may have (the scene loader's limit): the largest
    /// uniform arrays the shader declares, 1,024 colours and 256 vectors of locations, fit the
    /// 4,096 uniform vectors that GL 3.3 drivers offer (llvmpipe, desktop GPUs).
    static let maximumGradientStops = 1024

    /// The stop slots a gradient of `count` stops is drawn with (see `gradientStops`); nil
    /// past `maximumGradientStops`.
    static func slots(forStops count: Int) -> Int? {
        if count <= maximumStops { return max(count, 0) }
        guard count <= maximumGradientStops else { return nil }
        var n = 16
        while n < count { n <<= 1 }
        return n
    }

    /// The preprocessor lines for this variant.
    var defines: String {
        var lines = ""
        switch texture {
        case .none: break
        case .premultiplied: lines += "#define TEXTURE 1\n"
        case .straight: lines += "#define TEXTURE 1\n#define TEXTURE_STRAIGHT 1\n"
        }
        if texture != .none && textureFlipped { lines += "#define TEXTURE_FLIPPED 1\n" }
        if background { lines += "#define BACKGROUND 1\n" }
        if texture != .none && contentsFade { lines += "#define CONTENTS_FADE 1\n" }
        if gradientStops > 0 { lines += "#define GRADIENT_STOPS \(min(gradientStops, Self.maximumGradientStops))\n" }
        if overlayStops > 0 { lines += "#define OVERLAY_STOPS \(min(overlayStops, Self.maximumStops))\n" }
        if roundOwn { lines += "#define ROUND_OWN 1\n" }
        if roundContents { lines += "#define ROUND_CONTENTS 1\n" }
        switch layerBorder {
        case .none: break
        case .over: lines += "#define LAYER_BORDER 1\n"
        case .only: lines += "#define LAYER_BORDER_ONLY 1\n"
        }
        if roundMask { lines += "#define ROUND_MASK 1\n" }
        if light { lines += "#define LIGHT 1\n" }
        if shadowBlur { lines += "#define SHADOW_BLUR 1\n" }
        if receiverCasters > 0 && receiverSurface {
            lines += "#define RECEIVER_CASTERS \(min(receiverCasters, CastShadowList.maximumSurfaceReceiverCasters))\n#define RECEIVER_SURFACE 1\n"
        } else if receiverCasters > 0 {
            lines += "#define RECEIVER_CASTERS \(min(receiverCasters, CastShadowList.maximumReceiverCasters))\n"
        }
        switch coverage {
        case .full: break
        case let .edges(n): lines += "#define EDGE_SLOTS \(n)\n"
        case .slitEdges: lines += "#define EDGE_SLOTS \(Coverage.maximumEdges)\n#define EDGE_PARTNERS 1\n"
        case .clippedEdges: lines += "#define EDGE_SLOTS \(Coverage.maximumEdges)\n#define EDGE_PARTNERS 1\n#define EDGE_CLIPS 1\n"
        case .border: lines += "#define BORDER 1\n"
        }
        return lines
    }

    /// `source` with the variant's defines after its `#version` line (the first line).
    func specialize(_ source: String) -> String {
        guard let newline = source.firstIndex(of: "\n") else { return source + "\n" + defines }
        return String(source[...newline]) + defines + String(source[source.index(after: newline)...])
    }

    /// A short name for messages: the defines, space-separated.
    var name: String {
        let words = defines.split(separator: "\n").map { $0.dropFirst("#define ".count) }
        return words.isEmpty ? "(no features)" : words.joined(separator: " ")
    }
}
