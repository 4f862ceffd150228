/// An opaque reference to a layer's image; a renderer maps it to a texture it uploaded once.
public struct ContentHandle: Hashable, Sendable {
    /// The renderer-defined identifier.
    public var rawValue: Int

    /// Wraps a renderer-defined identifier.
    public init(_ rawValue: Int) { self.rawValue = rawValue }
}
