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
/// non-finite numbers and negative sizes, radii and border widths are errors that name the
/// path. Where Core Animation clamps, the loader accepts and the drawing clamps: opacity and
/// colour components outside 0…1, corner radii and border widths beyond half the shorter side.
/// `rasterizationScale` must lie within 0.001…1000. `contents` names an image file, relative
/// to the scene file's folder; the scene lists them in `contentFiles` (nothing is read here).
public struct Scene {
    /// The view's size, in points.
    public var size: Size
    /// The root layer; its superlayer space is the view.
    public var root: Layer
    /// The image files the layers' `contents` name, each once, with the handle the layers
    /// carry (1, 2, … in order of first use) and its path resolved against the scene's folder.
    /// Whoever draws the scene loads them (size-checked, without blocking) and maps each
    /// handle to its image.
    public var contentFiles: [SceneContentFile]
    /// The layers' `actions` ordered by time (document order among equal times): model
    /// changes at scene times, applied by `applyActions(through:)`.
    public internal(set) var actions: [SceneAction]
    /// How many of `actions` have been applied.
    public internal(set) var appliedActions = 0

    /// The largest scene file accepted, in bytes.
    public static let maximumBytes = 16 << 20
    /// The most layers a scene may hold.
    public static let maximumLayers = 100_000

    /// Creates a scene from a size, a root layer, the image files its layers show and the
    /// actions its layers take (ordered by time here).
    public init(size: Size, root: Layer, contentFiles: [SceneContentFile] = [], actions: [SceneAction] = []) {
        self.size = size
        self.root = root
        self.contentFiles = contentFiles
        // A stable sort: actions at one time apply in document order.
        self.actions = actions.enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }.map(\.element)
    }

    /// Loads a scene file.
    ///
    /// The file is opened without blocking and must be a regular file (a FIFO, device or
    /// directory is refused at once) of at most `maximumBytes`. `contents` paths are resolved
    /// against the file's folder (absolute ones are kept).
    public static func load(path: String) throws(SceneError) -> Scene {
        let bytes: [UInt8]
        do {
            bytes = try InputFile(path: path, maximumBytes: maximumBytes).readAll()
        } catch {
            if case let .tooLarge(_, size, limit) = error { throw .tooLarge(bytes: size, limit: limit) }
            throw .unreadable(path: path, reason: error.reason)
        }
        let folder = path.lastIndex(of: "/").map { String(path[...$0]) } ?? ""
        return try decode(bytes, baseDirectory: folder)
    }

    /// Decodes a scene from JSON bytes.
    public static func decode(_ data: Data) throws(SceneError) -> Scene {
        try decode([UInt8](data))
    }

    /// Decodes a scene from JSON bytes (UTF-8), strictly: see `Scene`. Relative `contents`
    /// paths are resolved against `baseDirectory` (nil or empty: kept as written, relative to
    /// the current directory).
    public static func decode(_ bytes: [UInt8], baseDirectory: String? = nil) throws(SceneError) -> Scene {
        if bytes.count > maximumBytes { throw .tooLarge(bytes: bytes.count, limit: maximumBytes) }
        let json = try bytes.withUnsafeBufferPointer { buffer in
            Result { () throws(SceneError) in try JSONParser.parse(buffer) }
        }.get()
        var reader = SceneReader(baseDirectory: baseDirectory)
        return try reader.scene(json)
    }
}
