import CGL
import Foundation

/// Which OpenGL API a context speaks: desktop OpenGL 3.3 core (or newer), or OpenGL ES 3.0 (or
/// newer) for embedded Linux, kiosks and single-board computers.
///
/// Folio renders the same pixels on both. A ``GLContext`` knows its profile (read from the
/// driver's `GL_VERSION`, so an adopted context reports what it really is); a ``QuadRenderer``
/// reads the profile of the context current when it is created and picks its shader header and
/// the few GL calls that differ:
///
/// - shaders are compiled as GLSL ES 3.00 (`#version 300 es`, `highp` precision) instead of
///   GLSL 3.30 core;
/// - there is no `glPolygonMode`: the ``QuadRenderer/wireframe`` debug view outlines each
///   triangle with a line loop instead, and the GL-state snapshot leaves polygon mode out;
/// - a texture's size cannot be queried in ES 3.0 (`glGetTexLevelParameteriv` is ES 3.1), so on
///   a context that is exactly ES 3.0 an app texture handed to
///   ``QuadRenderer/setTexture(_:premultiplied:origin:opaque:for:)`` is measured by probing
///   empty `glTexSubImage2D` updates;
/// - the draw buffer is queried as `GL_DRAW_BUFFER0` and the default framebuffer's colour
///   buffer is named `GL_BACK`.
///
/// Nothing Folio draws needs ES 3.1 or 3.2 (no border clamping: textures clamp to edge and the
/// transparent-border antialiasing is a ramp in the fragment shader; no `GL_BGRA` uploads), so
/// a context that reports ES 3.2, as Mesa's does, renders exactly as an ES 3.0 one.
public enum GLProfile: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// Desktop OpenGL 3.3 core profile or newer (GLSL `#version 330 core`).
    case core33 = "core"
    /// OpenGL ES 3.0 or newer (GLSL `#version 300 es`).
    case gles30 = "gles"

    /// The environment variable that picks the profile of ``GLContext/offscreen()``'s context
    /// (`core` or `gles`), so that any program or test suite can be rerun on OpenGL ES unchanged.
    public static let environmentVariable = "FOLIO_GL_PROFILE"

    /// The profile named by ``environmentVariable``: `core` (or unset, or empty) gives
    /// ``core33``, `gles` (also `es`, `gles3`) gives ``gles30``.
    ///
    /// - Throws: `RenderError.unknownGLProfile` naming any other value.
    public static func fromEnvironment() throws(RenderError) -> GLProfile {
        try named(ProcessInfo.processInfo.environment[environmentVariable] ?? "")
    }

    /// The profile a name stands for (see ``fromEnvironment()``); the empty name is ``core33``.
    ///
    /// - Throws: `RenderError.unknownGLProfile` naming an unknown value.
    public static func named(_ name: String) throws(RenderError) -> GLProfile {
        switch name.lowercased() {
        case "", "core", "core33", "gl": return .core33
        case "gles", "es", "gles3", "gles30": return .gles30
        default: throw .unknownGLProfile(value: name)
        }
    }

    /// The profile of a `GL_VERSION` string: OpenGL ES's always begins "OpenGL ES".
    public init(version: String) {
        self = version.hasPrefix("OpenGL ES") ? .gles30 : .core33
    }

    /// The profile of the context current on this thread (from its `GL_VERSION`).
    static func ofCurrentContext() -> GLProfile {
        GLProfile(version: glGetString(GLenum(GL_VERSION)).map { String(cString: $0) } ?? "")
    }

    /// The oldest version of this API Folio runs on, as (major, minor).
    public var minimumVersion: (major: Int, minor: Int) {
        switch self {
        case .core33: (3, 3)
        case .gles30: (3, 0)
        }
    }

    /// The first lines of every shader: the GLSL version and, for ES, default precisions
    /// (`highp` everywhere, so that ES computes with the same 32-bit floats as desktop GL; a
    /// fragment shader has no default float precision in GLSL ES).
    var shaderHeader: String {
        switch self {
        case .core33: "#version 330 core\n"
        case .gles30: "#version 300 es\nprecision highp float;\nprecision highp int;\nprecision highp sampler2D;\n"
        }
    }

    /// `source` (a file from `Shaders/`, written for GLSL 3.30 core: its first line is
    /// `#version 330 core`) with this profile's header in place of that line.
    func adapt(_ source: String) -> String {
        guard self != .core33 else { return source }
        guard source.hasPrefix("#version"), let newline = source.firstIndex(of: "\n") else { return shaderHeader + source }
        return shaderHeader + String(source[source.index(after: newline)...])
    }

    /// `core` or `gles`, as ``environmentVariable`` spells them.
    public var description: String { rawValue }
}
