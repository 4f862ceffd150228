/// The messages between a reader and its PDF worker (`folio-pdf-worker`), over a Unix socket
/// that is the worker's standard input. One request at a time; every request gets exactly
/// one reply. All integers are little-endian `UInt32`, sizes `Float64`.
///
/// A request is six integers `op, a, b, c, shared, textLength` and `textLength` bytes of text:
/// - `open` (`a`: the most pages accepted, `b`: 1 if a password follows as the text). The
///   document is the worker's descriptor 3, opened and checked by the reader.
/// - `render` (`a`: page, `b`: width, `c`: height in pixels; `shared` 1: leave the pixels at
///   the start of descriptor 4, a memfd the reader has made large enough, not in the reply).
/// - `renderRegion` (`a`: page, `b`: width, `c`: height of the whole page's raster; the text is
///   four integers, the region's x, y, width and height in that raster; `shared` as for
///   `render`): a tile of a zoomed page, `region.width` × `region.height` pixels.
/// - `quit`.
///
/// A reply is five integers `status, a, b, messageLength, payloadLength`, the message (UTF-8)
/// and the payload. `open` answers `a` = page count and a payload of `a` (width, height)
/// pairs in points; `render` answers `a` × `b` pixels, RGBA, rows top down (in the payload, or
/// in the shared memory with an empty payload). The reader checks
/// `payloadLength` against what it asked for before reading, so a confused worker cannot make
/// it allocate more.
package enum WorkerProtocol {
    /// What a request asks for.
    package enum Op: UInt32 { case open = 1, render = 2, quit = 3, renderRegion = 4 }

    /// How a request went.
    package enum Status: UInt32 {
        case ok = 0, damaged = 1, encrypted = 2, wrongPassword = 3, badPage = 4, renderFailed = 5, badRequest = 6, tooManyPages = 7
    }

    /// Bytes in a request's fixed part.
    package static let requestHeaderBytes = 24
    /// Bytes in a reply's fixed part.
    package static let replyHeaderBytes = 20
    /// The largest render payload either side accepts (1 GiB), whatever the reader's limits.
    package static let maximumPayloadBytes = 1 << 30
    /// The longest side either side accepts, in pixels.
    package static let maximumSide = 32768
    /// The longest message or password accepted, in bytes.
    package static let maximumTextBytes = 4096

    /// A request: its fixed part and text.
    package static func request(_ op: Op, _ a: UInt32 = 0, _ b: UInt32 = 0, _ c: UInt32 = 0, shared: Bool = false, text: [UInt8] = []) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(requestHeaderBytes + text.count)
        for v in [op.rawValue, a, b, c, shared ? 1 : 0, UInt32(text.count)] { append(v, to: &out) }
        out += text
        return out
    }

    /// A reply's fixed part and message (the payload follows separately).
    package static func replyHeader(_ status: Status, _ a: UInt32 = 0, _ b: UInt32 = 0, message: String = "", payloadBytes: Int = 0) -> [UInt8] {
        let text = Array(message.utf8.prefix(maximumTextBytes))
        var out: [UInt8] = []
        for v in [status.rawValue, a, b, UInt32(text.count), UInt32(payloadBytes)] { append(v, to: &out) }
        out += text
        return out
    }

    /// A region's four integers, as `renderRegion` carries them in its text.
    package static func regionText(_ r: PixelRegion) -> [UInt8] {
        var out: [UInt8] = []
        for v in [r.x, r.y, r.width, r.height] { append(UInt32(clamping: v), to: &out) }
        return out
    }

    /// The region in a `renderRegion` request's text, or nil for a text that is not four integers.
    package static func region(fromText text: [UInt8]) -> PixelRegion? {
        guard text.count == 16 else { return nil }
        return PixelRegion(x: Int(u32(text, 0)), y: Int(u32(text, 1)), width: Int(u32(text, 2)), height: Int(u32(text, 3)))
    }

    /// Appends `v`, little-endian.
    package static func append(_ v: UInt32, to out: inout [UInt8]) {
        withUnsafeBytes(of: v.littleEndian) { out += $0 }
    }

    /// Appends `v`'s bits, little-endian.
    package static func append(_ v: Double, to out: inout [UInt8]) {
        withUnsafeBytes(of: v.bitPattern.littleEndian) { out += $0 }
    }

    /// The `index`-th little-endian `UInt32` of `bytes`.
    package static func u32(_ bytes: [UInt8], _ index: Int) -> UInt32 {
        let i = index * 4
        return UInt32(bytes[i]) | UInt32(bytes[i + 1]) << 8 | UInt32(bytes[i + 2]) << 16 | UInt32(bytes[i + 3]) << 24
    }

    /// The little-endian `Float64` at byte `offset` of `bytes`.
    package static func f64(_ bytes: [UInt8], at offset: Int) -> Double {
        var bits: UInt64 = 0
        for k in 0..<8 { bits |= UInt64(bytes[offset + k]) << (8 * k) }
        return Double(bitPattern: bits)
    }
}
