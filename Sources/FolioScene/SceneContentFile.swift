import FolioLayers

/// An image file a scene's layers show as their `contents`.
///
/// Two entries are equal when their handles are and their paths have the same bytes: file
/// names are bytes, so "é.png" precomposed and decomposed are different files, although
/// Swift's `String` calls the two names equal.
public struct SceneContentFile: Hashable, Sendable {
    /// The handle the layers carry in `Layer.contents`.
    public var handle: ContentHandle
    /// The file's path: as written in the scene when absolute, else joined to the scene
    /// file's folder.
    public var path: String

    /// Creates an entry.
    public init(handle: ContentHandle, path: String) {
        self.handle = handle
        self.path = path
    }

    /// Same handle, and paths with the same bytes.
    public static func == (a: SceneContentFile, b: SceneContentFile) -> Bool {
        a.handle == b.handle && a.path.utf8.elementsEqual(b.path.utf8)
    }

    /// Hashes the handle and the path's bytes (consistent with `==`).
    public func hash(into hasher: inout Hasher) {
        hasher.combine(handle)
        hasher.combine(UTF8Key(path))
    }
}
