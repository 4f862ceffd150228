import FolioGeometry
import FolioLayers
import FolioSurface
import FolioTessellation
import FolioTransitions
import Testing

/// A frame's bytes: they decode to the same tables, and bytes that are not a frame end in a
/// typed error, never a crash or a read out of bounds.
struct FrameCodingTests {
    static let size = Size(width: 200, height: 260)

    static func curlFrame() throws -> Frame {
        let curl = try CurlTransition(size: size, scale: 1, source: ContentHandle(1), destination: ContentHandle(2))
        try curl.setProgress(0.4)
        let e = LayerEvaluator()
        e.evaluate(curl.root)
        return Frame(recording: e)
    }

    @Test func decodingGivesBackEveryTableAndTheSameMesh() throws {
        let frame = try Self.curlFrame()
        let decoded = try Frame(decoding: frame.encoded())
        #expect(decoded.polygons.count == frame.polygons.count && decoded.records.count == frame.records.count)
        #expect(decoded.vertices.map(\.clip) == frame.vertices.map(\.clip))
        #expect(decoded.patchHasArea == frame.patchHasArea)
        for (a, b) in zip(decoded.polygons, frame.polygons) {
            #expect(a.vertices == b.vertices && a.record == b.record && a.surfacePatch == b.surfacePatch)
            #expect(a.localToView == b.localToView && a.opacity == b.opacity && a.isVisible == b.isVisible)
        }
        var surfaces = 0
        for (a, b) in zip(decoded.records, frame.records) {
            #expect(a.serialNumber == b.serialNumber && a.name == b.name && a.bounds == b.bounds && a.superRecord == b.superRecord)
            #expect(a.orientation.toContext == b.orientation.toContext && a.orientation.context == b.orientation.context)
            guard let s = a.surface, let t = b.surface else { #expect(a.surface == nil && b.surface == nil); continue }
            surfaces += 1
            // Built again from its source: the same mesh, bit for bit.
            #expect(s.mesh.vertices == t.mesh.vertices && s.mesh.triangles == t.mesh.triangles && s.mesh.patches == t.mesh.patches)
            #expect(s.curl == t.curl && s.patchHasArea == t.patchHasArea)
        }
        #expect(surfaces == 1, "the curl's leaf")
    }

    @Test func everyTruncationIsATypedError() throws {
        let bytes = try Self.curlFrame().encoded()
        for n in stride(from: 0, to: bytes.count, by: max(1, bytes.count / 400)) {
            #expect(throws: FrameDecodingError.self) { try Frame(decoding: Array(bytes[..<n])) }
        }
        #expect(throws: FrameDecodingError.trailingBytes(count: 1)) { try Frame(decoding: bytes + [0]) }
        #expect(throws: FrameDecodingError.notAFrame(version: nil)) { try Frame(decoding: Array("PNG".utf8)) }
    }

    @Test func corruptedBytesDecodeOrFailButNeverPointOutOfTheirTables() throws {
        let bytes = try Self.curlFrame().encoded()
        var generator = SystemRandomNumberGenerator()
        var failures = 0, decoded = 0
        for _ in 0..<300 {
            var corrupted = bytes
            for _ in 0..<3 {
                corrupted[Int.random(in: 16..<corrupted.count, using: &generator)] = UInt8.random(in: 0...255, using: &generator)
            }
            do {
                let frame = try Frame(decoding: corrupted)
                decoded += 1
                // Whatever decodes is internally consistent: every index lands in its table.
                for p in frame.polygons {
                    #expect(p.vertices.upperBound <= frame.vertices.count && Int(p.record) < frame.records.count)
                    if p.surfacePatch >= 0 { #expect(p.surfacePatch < frame.record(of: p).surface?.mesh.patches.count ?? 0) }
                }
                for r in frame.records { #expect(Int(r.superRecord) < frame.records.count) }
            } catch {
                failures += 1
            }
        }
        #expect(failures + decoded == 300)
    }
}
