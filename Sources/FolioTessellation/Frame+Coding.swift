import FolioGeometry
import FolioLayers
import FolioSurface

/// A frame as bytes, so that a frame recorded in one process draws in another.
///
/// The format is the frame's own tables in order, little-endian, doubles as their bit
/// patterns: `FOLIOFRM`, the version, the inputs, then vertices, polygons, patch flags, layer
/// records, groups, borders, masks and pictures (each picture's contents a frame in the same
/// format, without the tag). Counts come before their items. A surface's mesh travels as
/// what it was built from (`MeshSource`) and is built again on decoding: the same numbers give
/// the same mesh, bit for bit. Decoding checks every count against the bytes left and every
/// index against its table, so no input makes a renderer read out of bounds.
extension Frame {
    /// The version `encoded()` writes and `init(decoding:)` reads.
    public static let encodingVersion: UInt64 = 1
    private static let tag = Array("FOLIOFRM".utf8)

    /// The frame's bytes.
    public func encoded() -> [UInt8] {
        var w = FrameByteWriter()
        for b in Self.tag { w.u8(b) }
        w.u64(Self.encodingVersion)
        write(to: &w)
        return w.bytes
    }

    /// The frame `bytes` encode.
    ///
    /// - Throws: `FrameDecodingError` naming the first value that is out of place.
    public init(decoding bytes: [UInt8]) throws(FrameDecodingError) {
        var r = FrameByteReader(bytes)
        for b in Self.tag {
            guard r.remaining > 0, try r.u8() == b else { throw .notAFrame(version: nil) }
        }
        let version = try r.u64()
        guard version == Self.encodingVersion else { throw .notAFrame(version: version) }
        try self.init(reading: &r, nesting: 0)
        guard r.remaining == 0 else { throw .trailingBytes(count: r.remaining) }
    }

    private func write(to w: inout FrameByteWriter) {
        w.u64(UInt64(inputs.rawValue))
        w.i64(vertices.count)
        for v in vertices { w.vector(v.clip); w.f64(v.depth); w.point(v.local) }
        w.i64(polygons.count)
        for p in polygons {
            w.i64(p.vertices.lowerBound); w.i64(p.vertices.upperBound); w.i64(Int(p.record)); w.i64(p.surfacePatch)
            w.bool(p.isVisible); w.f64(p.opacity)
            w.vector(p.localToView.x); w.vector(p.localToView.y); w.vector(p.localToView.origin)
        }
        w.i64(patchHasArea.count)
        for flag in patchHasArea { w.bool(flag) }
        w.i64(records.count)
        for record in records { Self.write(record, to: &w) }
        w.i64(groups.count)
        for g in groups { w.i64(Int(g.record)); w.i64(g.quads.lowerBound); w.i64(g.quads.upperBound); w.f64(g.opacity) }
        w.i64(borders.count)
        for b in borders { w.i64(Int(b.record)); w.i64(b.quad); w.i64(b.after) }
        w.i64(masks.count)
        for m in masks { w.i64(Int(m.record)); w.vector(m.localToView.x); w.vector(m.localToView.y); w.vector(m.localToView.origin) }
        w.i64(pictures.count)
        for p in pictures {
            w.i64(Int(p.record)); w.i64(p.quad); w.rect(p.extent)
            p.contents.write(to: &w)
        }
    }

    private static func write(_ r: LayerRecord, to w: inout FrameByteWriter) {
        w.u64(r.serialNumber); w.string(r.name)
        w.u8(r.kind == .layer ? 0 : r.kind == .transform ? 1 : r.kind == .gradient ? 2 : 3)
        w.i64(Int(r.superRecord)); w.bool(r.hasSublayers); w.rect(r.bounds)
        let p = r.paint
        w.bool(p.contents != nil); w.i64(p.contents?.rawValue ?? 0); w.rect(p.contentsRect)
        w.bool(p.backgroundColor != nil); color(p.backgroundColor ?? .clear, to: &w)
        w.bool(p.gradient != nil)
        if let g = p.gradient {
            w.i64(g.colors.count)
            for c in g.colors { color(c, to: &w) }
            w.bool(g.locations != nil); w.i64(g.locations?.count ?? 0)
            for l in g.locations ?? [] { w.f64(l) }
            w.point(g.startPoint); w.point(g.endPoint)
        }
        w.f64(p.cornerRadius); w.f64(p.effectiveCornerRadius); w.f64(p.borderWidth); color(p.borderColor, to: &w)
        for flag in [p.drawsBorder, p.drawsContent, p.masksToBounds, p.shouldRasterize] { w.bool(flag) }
        w.u64(r.contentVersion); w.f64(r.rasterizationScale)
        let o = r.orientation
        w.f64(o.frontNormal.x); w.f64(o.frontNormal.y); w.f64(o.frontNormal.z)
        w.transform(o.linearPartToRoot); w.transform(o.toContext); w.u64(o.context)
        w.bool(r.surface != nil)
        if let s = r.surface {
            w.i64(s.patchHasArea.lowerBound); w.i64(s.patchHasArea.upperBound)
            w.bool(s.backContents != nil); w.i64(s.backContents?.rawValue ?? 0); w.rect(s.backContentsRect)
            w.f64(s.paperTranslucency); w.bool(s.mirrorsHorizontally)
            w.bool(s.mesh.source != nil)
            if let m = s.mesh.source {
                curl(m.curl, to: &w)
                w.transform(m.toView); w.f64(m.scale); w.f64(m.tolerance); w.bool(m.spineIsSeam)
            }
            w.bool(s.curl != nil)
            if let c = s.curl { curl(c, to: &w) }
        }
    }

    private static func color(_ c: Color, to w: inout FrameByteWriter) { w.f64(c.red); w.f64(c.green); w.f64(c.blue); w.f64(c.alpha) }

    private static func curl(_ c: PageCurl, to w: inout FrameByteWriter) {
        w.f64(c.size.width); w.f64(c.size.height)
        w.u8(UInt8(SpineEdge.allCases.firstIndex(of: c.spine)!))
        w.f64(c.restRadius); w.f64(c.pose.angle); w.f64(c.pose.axisFraction)
    }

    // MARK: Decoding

    private init(reading r: inout FrameByteReader, nesting: Int) throws(FrameDecodingError) {
        self.init()
        let at = r.offset
        let raw = try r.u64()
        guard raw & ~UInt64(Inputs.all.rawValue) == 0 else { throw .invalidValue(what: "inputs", value: String(raw), offset: at) }
        inputs = Inputs(rawValue: Int(raw))
        let vertexCount = try r.count(of: "vertex", size: 56)
        vertices.reserveCapacity(vertexCount)
        for _ in 0..<vertexCount {
            vertices.append(QuadVertex(clip: try r.vector(), depth: try r.f64(), local: try r.point()))
        }
        // Polygons name records that come later: their indices are checked once records are read.
        let polygonCount = try r.count(of: "polygon", size: 129)
        polygons.reserveCapacity(polygonCount)
        var polygonRecords: [(Int, offset: Int)] = []
        for _ in 0..<polygonCount {
            let lower = try r.index(of: "polygon's first vertex", below: vertices.count + 1)
            let upper = try r.index(of: "polygon's vertex end", below: vertices.count + 1)
            let offset = r.offset
            let record = try r.i64()
            let patch = try r.i64()
            guard lower <= upper else { throw .invalidValue(what: "polygon vertex range", value: "\(lower)..<\(upper)", offset: offset - 16) }
            polygonRecords.append((record, offset))
            polygons.append(Polygon(vertices: lower..<upper, record: -1, surfacePatch: patch, isVisible: try r.bool(), opacity: try r.f64(),
                                    localToView: Homography(x: try r.vector(), y: try r.vector(), origin: try r.vector())))
        }
        let flagCount = try r.count(of: "patch flag", size: 1)
        for _ in 0..<flagCount { patchHasArea.append(try r.bool()) }
        let recordCount = try r.count(of: "layer record", size: 200)
        for k in 0..<recordCount { records.append(try Self.readRecord(&r, index: k, flags: patchHasArea.count)) }
        for (k, (record, offset)) in polygonRecords.enumerated() {
            guard record >= 0, record < records.count else { throw .invalidValue(what: "polygon's layer record", value: String(record), offset: offset) }
            polygons[k].record = Int32(record)
            let patch = polygons[k].surfacePatch
            guard patch == -1 || (patch >= 0 && patch < (records[record].surface?.mesh.patches.count ?? 0)) else {
                throw .invalidValue(what: "surface patch", value: String(patch), offset: offset + 8)
            }
        }
        for _ in 0..<(try r.count(of: "group", size: 32)) {
            let record = Int32(try r.index(of: "group's layer record", below: records.count))
            let lower = try r.index(of: "group's first polygon", below: polygons.count + 1)
            let upper = try r.index(of: "group's polygon end", below: polygons.count + 1)
            guard lower <= upper else { throw .invalidValue(what: "group range", value: "\(lower)..<\(upper)", offset: r.offset) }
            groups.append(Group(record: record, quads: lower..<upper, opacity: try r.f64()))
        }
        for _ in 0..<(try r.count(of: "border", size: 24)) {
            borders.append(Border(record: Int32(try r.index(of: "border's layer record", below: records.count)),
                                  quad: try r.index(of: "border's polygon", below: polygons.count),
                                  after: try r.index(of: "border's preceding polygon", below: polygons.count)))
        }
        for _ in 0..<(try r.count(of: "mask", size: 104)) {
            masks.append(Mask(record: Int32(try r.index(of: "mask's layer record", below: records.count)),
                              localToView: Homography(x: try r.vector(), y: try r.vector(), origin: try r.vector())))
        }
        let pictureCount = try r.count(of: "picture", size: 56)
        guard pictureCount == 0 || nesting < FrameRecorder.maximumNesting else { throw .nestedTooDeeply(limit: FrameRecorder.maximumNesting) }
        for _ in 0..<pictureCount {
            let record = Int32(try r.index(of: "picture's layer record", below: records.count))
            let quad = try r.index(of: "picture's polygon", below: polygons.count)
            let extent = try r.rect()
            pictures.append(Picture(record: record, quad: quad, extent: extent, contents: try Frame(reading: &r, nesting: nesting + 1)))
        }
    }

    private static func readRecord(_ r: inout FrameByteReader, index: Int, flags: Int) throws(FrameDecodingError) -> LayerRecord {
        let serial = try r.u64()
        let name = try r.string()
        let kindOffset = r.offset
        let kinds: [Layer.Kind] = [.layer, .transform, .gradient, .surface]
        let kindIndex = Int(try r.u8())
        guard kindIndex < kinds.count else { throw .invalidValue(what: "layer kind", value: String(kindIndex), offset: kindOffset) }
        // A superlayer's record is always made before its sublayers' (`FrameRecorder`).
        let superRecord = Int32(try r.index(of: "superlayer record", below: index, allowsNone: true))
        let hasSublayers = try r.bool()
        let bounds = try r.rect()
        let hasContents = try r.bool(), contents = try r.i64(), contentsRect = try r.rect()
        let hasBackground = try r.bool(), background = try color(&r)
        var gradient: Gradient?
        if try r.bool() {
            var colors: [Color] = []
            for _ in 0..<(try r.count(of: "gradient colour", size: 32)) { colors.append(try color(&r)) }
            let hasLocations = try r.bool()
            var locations: [Double] = []
            for _ in 0..<(try r.count(of: "gradient location", size: 8)) { locations.append(try r.f64()) }
            gradient = Gradient(colors: colors, locations: hasLocations ? locations : nil, startPoint: try r.point(), endPoint: try r.point())
        }
        let paint = Paint(contents: hasContents ? ContentHandle(contents) : nil, contentsRect: contentsRect,
                          backgroundColor: hasBackground ? background : nil, gradient: gradient,
                          cornerRadius: try r.f64(), effectiveCornerRadius: try r.f64(), borderWidth: try r.f64(),
                          borderColor: try color(&r), drawsBorder: try r.bool(), drawsContent: try r.bool(),
                          masksToBounds: try r.bool(), shouldRasterize: try r.bool())
        let contentVersion = try r.u64(), rasterizationScale = try r.f64()
        let normal = Vector3(x: try r.f64(), y: try r.f64(), z: try r.f64())
        let orientation = Orientation(frontNormal: normal, linearPartToRoot: try r.transform(), toContext: try r.transform(), context: try r.u64())
        var surface: SurfaceRecord?
        if try r.bool() {
            let lower = try r.index(of: "surface's first patch flag", below: flags + 1)
            let upper = try r.index(of: "surface's patch flag end", below: flags + 1)
            guard lower <= upper else { throw .invalidValue(what: "patch flag range", value: "\(lower)..<\(upper)", offset: r.offset) }
            let hasBack = try r.bool(), back = try r.i64(), backRect = try r.rect()
            let translucency = try r.f64(), mirrors = try r.bool()
            let mesh = SurfaceMesh()
            if try r.bool() {
                let curl = try Self.curl(&r)
                let toView = try r.transform(), scale = try r.f64(), tolerance = try r.f64(), seam = try r.bool()
                do { try mesh.tessellate(curl, toView: toView, scale: scale, tolerance: tolerance, spineIsSeam: seam) } catch {
                    throw .invalidSurface(record: index, reason: "\(error)")
                }
            }
            let curl = try r.bool() ? try Self.curl(&r) : nil
            guard upper - lower <= mesh.patches.count else {
                throw .invalidSurface(record: index, reason: "\(upper - lower) patch flags for \(mesh.patches.count) patches")
            }
            surface = SurfaceRecord(mesh: mesh, patchHasArea: lower..<upper, backContents: hasBack ? ContentHandle(back) : nil,
                                    backContentsRect: backRect, paperTranslucency: translucency, mirrorsHorizontally: mirrors, curl: curl)
        }
        guard (surface != nil) == (kinds[kindIndex] == .surface) else {
            throw .invalidValue(what: "surface of a \(kinds[kindIndex]) layer", value: String(surface != nil), offset: kindOffset)
        }
        return LayerRecord(serialNumber: serial, name: name, kind: kinds[kindIndex], superRecord: superRecord, hasSublayers: hasSublayers,
                           bounds: bounds, paint: paint, contentVersion: contentVersion, rasterizationScale: rasterizationScale,
                           orientation: orientation, surface: surface)
    }

    private static func color(_ r: inout FrameByteReader) throws(FrameDecodingError) -> Color {
        Color(red: try r.f64(), green: try r.f64(), blue: try r.f64(), alpha: try r.f64())
    }

    private static func curl(_ r: inout FrameByteReader) throws(FrameDecodingError) -> PageCurl {
        let size = Size(width: try r.f64(), height: try r.f64())
        let at = r.offset
        let spine = Int(try r.u8())
        guard spine < SpineEdge.allCases.count else { throw .invalidValue(what: "spine edge", value: String(spine), offset: at) }
        let restRadius = try r.f64()
        let pose = CurlPose(angle: try r.f64(), axisFraction: try r.f64())
        do { return try PageCurl(size: size, spine: SpineEdge.allCases[spine], restRadius: restRadius, pose: pose) } catch {
            throw .invalidValue(what: "page curl", value: "\(error)", offset: at)
        }
    }
}
