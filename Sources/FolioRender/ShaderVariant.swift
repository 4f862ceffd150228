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

    /// What multiplies the colour at the end: the edge coverage.
    enum Coverage: Hashable, Sendable {
        /// Nothing: interiors, `--aa none` and `--aa msaa`.
        case full
        /// Analytic coverage of up to this many silhouette edges per triangle (4 or 8).
        case edges(Int)
        /// The one-texel transparent border ramp (`--aa border`).
        case border

        /// The number of edge slots each vertex carries (`DrawList.Vertex`).
        static let maximumEdges = 8

        /// The smallest coverage that handles `count` edges per triangle (at most `maximumEdges`).
        static func edges(for count: Int) -> Coverage {
            count == 0 ? .full : .edges(count <= 4 ? 4 : maximumEdges)
        }

        /// The edge slots the vertex shader passes on.
        var edgeSlots: Int { if case let .edges(n) = self { n } else { 0 } }
    }

    var texture = Texture.none
    /// The texture's first row is the image's bottom row (`TextureOrigin.bottomLeft`).
    var textureFlipped = false
    /// The layer has a background colour that is not fully transparent.
    var background = false
    /// Stops of the layer's own gradient: 0 (not a gradient layer) or 1…8.
    var gradientStops = 0
    /// Stops of the merged shadow overlay: 0 (none) or 1…8.
    var overlayStops = 0
    var coverage = Coverage.full
    /// Paper light from the vertex normals (`QuadRenderer.light`).
    var light = false

    /// The most gradient stops a shader takes (more are ignored, as before variants).
    static let maximumStops = 8

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
        if gradientStops > 0 { lines += "#define GRADIENT_STOPS \(min(gradientStops, Self.maximumStops))\n" }
        if overlayStops > 0 { lines += "#define OVERLAY_STOPS \(min(overlayStops, Self.maximumStops))\n" }
        if light { lines += "#define LIGHT 1\n" }
        switch coverage {
        case .full: break
        case let .edges(n): lines += "#define EDGE_SLOTS \(n)\n"
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
