/// Why bytes are not an encoded ``Frame``: each case names the offending value and where it is.
public enum FrameDecodingError: Error, Equatable, CustomStringConvertible {
    /// The bytes do not start with the frame format's tag, or carry a version this build does not read.
    case notAFrame(version: UInt64?)
    /// The bytes end inside a value that starts at `offset`.
    case truncated(offset: Int)
    /// A value out of its range (a count past what the bytes hold, an index past its table, an
    /// unknown kind): `what` it is, the value as read, and its byte offset.
    case invalidValue(what: String, value: String, offset: Int)
    /// Pictures nested deeper than `FrameRecorder.maximumNesting`.
    case nestedTooDeeply(limit: Int)
    /// A surface's mesh could not be built again from its recorded source.
    case invalidSurface(record: Int, reason: String)
    /// Bytes left over after the frame.
    case trailingBytes(count: Int)

    /// One line naming what is wrong and where.
    public var description: String {
        switch self {
        case .notAFrame(nil): return "not a Folio frame (no frame tag)"
        case let .notAFrame(version?): return "Folio frame version \(version) is not one this build reads (it reads \(Frame.encodingVersion))"
        case let .truncated(offset): return "the frame ends early: a value at byte \(offset) is cut off"
        case let .invalidValue(what, value, offset): return "invalid \(what) \(value) at byte \(offset)"
        case let .nestedTooDeeply(limit): return "pictures nested more than \(limit) deep"
        case let .invalidSurface(record, reason): return "the surface of layer record \(record) cannot be rebuilt: \(reason)"
        case let .trailingBytes(count): return "\(count) bytes follow the frame"
        }
    }
}
