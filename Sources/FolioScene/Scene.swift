import Foundation
import FolioGeometry
import FolioLayers
import FolioFiles

/// A layer tree read from JSON: `{"size":[W,H],"layer":{…}}` (docs/command-line.md, `folio evaluate`).
///
/// Layers use CALayer's keys and defaults; transforms are 16 numbers `m11…m44` row by row;
/// `"kind"` is `"layer"`, `"transform"` or `"gradient"`. Loading is strict: the JSON must be
/// exactly RFC 8259 (no trailing commas, no duplicate keys, numbers within the range of a
/// `Double`; errors give the line, column and key path), and unknown keys, wrong types,
/// non-finite numbers and negative sizes are errors that name the path. Opacity and colour
/// components outside 0…1 are clamped to it, as Core Animation does when it composites.
public struct Scene {
    /// The view's size, in points.
    public var size: Size
    /// The root layer; its superlayer space is the view.
    public var root: Layer

    /// The largest scene file accepted, in bytes.
    public static let maximumBytes = 16 << 20
    /// The most layers a scene may hold.
    public static let maximumLayers = 100_000

    /// Creates a scene from a size and a root layer.
    public init(size: Size, root: Layer) {
        self.size = size
        self.root = root
    }

    /// Loads a scene file.
    ///
    /// The file is opened without blocking and must be a regular file (a FIFO, device or
    /// directory is refused at once) of at most `maximumBytes`.
    public static func load(path: String) throws(SceneError) -> Scene {
        let bytes: [UInt8]
        do {
            bytes = try InputFile(path: path, maximumBytes: maximumBytes).readAll()
        } catch {
            if case let .tooLarge(_, size, limit) = error { throw .tooLarge(bytes: size, limit: limit) }
            throw .unreadable(path: path, reason: error.reason)
        }
        return try decode(bytes)
    }

    /// Decodes a scene from JSON bytes.
    public static func decode(_ data: Data) throws(SceneError) -> Scene {
        try decode([UInt8](data))
    }

    /// Decodes a scene from JSON bytes (UTF-8), strictly: see `Scene`.
    public static func decode(_ bytes: [UInt8]) throws(SceneError) -> Scene {
        if bytes.count > maximumBytes { throw .tooLarge(bytes: bytes.count, limit: maximumBytes) }
        let json = try bytes.withUnsafeBufferPointer { buffer in
            Result { () throws(SceneError) in try JSONParser.parse(buffer) }
        }.get()
        var reader = SceneReader()
        return try reader.scene(json)
    }
}
