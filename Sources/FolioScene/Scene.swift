import Foundation
import FolioGeometry
import FolioLayers

/// A layer tree read from JSON: `{"size":[W,H],"layer":{…}}` (docs/command-line.md, `folio evaluate`).
///
/// Layers use CALayer's keys and defaults; transforms are 16 numbers `m11…m44` row by row;
/// `"kind"` is `"layer"`, `"transform"` or `"gradient"`. Loading is strict: unknown keys,
/// wrong types, non-finite numbers and negative sizes are errors that name the path.
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
    public static func load(path: String) throws(SceneError) -> Scene {
        let url = URL(fileURLWithPath: path)
        let attributes: [FileAttributeKey: Any]
        do {
            attributes = try FileManager.default.attributesOfItem(atPath: path)
        } catch {
            throw .unreadable(path: path, reason: FileManager.default.fileExists(atPath: path) ? "not readable" : "no such file")
        }
        if let type = attributes[.type] as? FileAttributeType, type == .typeDirectory {
            throw .unreadable(path: path, reason: "is a directory")
        }
        if let bytes = (attributes[.size] as? NSNumber)?.intValue, bytes > maximumBytes {
            throw .tooLarge(bytes: bytes, limit: maximumBytes)
        }
        let data: Data
        do { data = try Data(contentsOf: url) } catch { throw .unreadable(path: path, reason: "not readable") }
        return try decode(data)
    }

    /// Decodes a scene from JSON bytes.
    public static func decode(_ data: Data) throws(SceneError) -> Scene {
        if data.count > maximumBytes { throw .tooLarge(bytes: data.count, limit: maximumBytes) }
        let json: JSONValue
        do {
            json = try JSONDecoder().decode(JSONValue.self, from: data)
        } catch let DecodingError.dataCorrupted(context) {
            throw .invalidJSON(reason: (context.underlyingError as? NSError)?.localizedDescription ?? context.debugDescription)
        } catch {
            throw .invalidJSON(reason: "\(error)")
        }
        var reader = SceneReader()
        return try reader.scene(json)
    }
}
