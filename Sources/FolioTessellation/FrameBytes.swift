import FolioGeometry

/// The bytes of an encoded frame as they are written: little-endian fixed-width numbers
/// appended to one growing array (`Frame+Coding.swift` says what goes where).
struct FrameByteWriter {
    private(set) var bytes: [UInt8] = []

    mutating func u8(_ v: UInt8) { bytes.append(v) }
    mutating func bool(_ v: Bool) { bytes.append(v ? 1 : 0) }
    mutating func u64(_ v: UInt64) { withUnsafeBytes(of: v.littleEndian) { bytes.append(contentsOf: $0) } }
    mutating func i64(_ v: Int) { u64(UInt64(bitPattern: Int64(v))) }
    /// Doubles travel as their bit patterns: a decoded frame draws the very same pixels.
    mutating func f64(_ v: Double) { u64(v.bitPattern) }
    mutating func point(_ p: Point) { f64(p.x); f64(p.y) }
    mutating func rect(_ r: Rect) { f64(r.origin.x); f64(r.origin.y); f64(r.size.width); f64(r.size.height) }
    mutating func vector(_ v: Vector4) { f64(v.x); f64(v.y); f64(v.z); f64(v.w) }
    mutating func transform(_ t: Transform3D) { for e in t.entries { f64(e) } }
    mutating func string(_ s: String) {
        let utf8 = Array(s.utf8)
        i64(utf8.count)
        bytes.append(contentsOf: utf8)
    }
}

/// Reads what `FrameByteWriter` wrote, checking every read against the bytes left: a
/// truncated or hostile input ends in a `FrameDecodingError`, never past the end.
struct FrameByteReader {
    private let bytes: [UInt8]
    private(set) var offset = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    var remaining: Int { bytes.count - offset }

    mutating func u8() throws(FrameDecodingError) -> UInt8 {
        guard remaining >= 1 else { throw .truncated(offset: offset) }
        defer { offset += 1 }
        return bytes[offset]
    }

    mutating func bool() throws(FrameDecodingError) -> Bool {
        let at = offset
        switch try u8() {
        case 0: return false
        case 1: return true
        case let v: throw .invalidValue(what: "flag", value: String(v), offset: at)
        }
    }

    mutating func u64() throws(FrameDecodingError) -> UInt64 {
        guard remaining >= 8 else { throw .truncated(offset: offset) }
        var v: UInt64 = 0
        for k in 0..<8 { v |= UInt64(bytes[offset + k]) << (8 * UInt64(k)) }
        offset += 8
        return v
    }

    mutating func i64() throws(FrameDecodingError) -> Int { Int(Int64(bitPattern: try u64())) }

    /// A count of items of at least `size` bytes each: never more than the bytes left hold
    /// (a hostile count cannot make the decoder reserve memory it will not fill).
    mutating func count(of what: String, size: Int) throws(FrameDecodingError) -> Int {
        let at = offset
        let n = try i64()
        guard n >= 0, n <= remaining / max(size, 1) else { throw .invalidValue(what: "\(what) count", value: String(n), offset: at) }
        return n
    }

    /// An index into a table of `limit` entries (or −1 where `allowsNone`).
    mutating func index(of what: String, below limit: Int, allowsNone: Bool = false) throws(FrameDecodingError) -> Int {
        let at = offset
        let n = try i64()
        guard (allowsNone && n == -1) || (n >= 0 && n < limit) else {
            throw .invalidValue(what: what, value: String(n), offset: at)
        }
        return n
    }

    mutating func f64() throws(FrameDecodingError) -> Double { Double(bitPattern: try u64()) }
    mutating func point() throws(FrameDecodingError) -> Point { Point(x: try f64(), y: try f64()) }
    mutating func rect() throws(FrameDecodingError) -> Rect {
        Rect(x: try f64(), y: try f64(), width: try f64(), height: try f64())
    }
    mutating func vector() throws(FrameDecodingError) -> Vector4 {
        Vector4(x: try f64(), y: try f64(), z: try f64(), w: try f64())
    }
    mutating func transform() throws(FrameDecodingError) -> Transform3D {
        var e = [Double]()
        e.reserveCapacity(16)
        for _ in 0..<16 { e.append(try f64()) }
        return Transform3D(entries: e)!
    }
    mutating func string() throws(FrameDecodingError) -> String {
        let n = try count(of: "name byte", size: 1)
        defer { offset += n }
        return String(decoding: bytes[offset..<(offset + n)], as: UTF8.self)
    }
}
