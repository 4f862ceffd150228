import FolioLayers

/// An image file a scene's layers show as their `contents`.
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
}
