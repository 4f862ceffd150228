import FolioGeometry
import FolioLayers
import FolioSurface

/// Writes a ``Frame`` from a `LayerEvaluator`'s last evaluation: the one place that reads
/// layers on their way to a renderer.
///
/// It keeps what makes recording cheap from frame to frame: the record index of each layer
/// (rebuilt per frame in reused storage) and, per rasterized layer, the evaluation of its
/// picture, redone only when the layer's `contentVersion` or the picture's extent changes.
public final class FrameRecorder {
    /// Record index by layer, for the frame being written (cleared at the next).
    private var recordIndex: [ObjectIdentifier: Int32] = [:]
    /// The pictures of rasterized layers, by serial number.
    private var pictures: [UInt64: PictureCache] = [:]
    /// Counts recordings, to let the pictures of layers no longer rasterized go.
    private var generation: UInt64 = 0
    /// How deep this recorder's frames sit inside other frames' pictures.
    private let nesting: Int

    /// One rasterized layer's picture: its evaluation, its frame and their key.
    private final class PictureCache {
        let evaluator = LayerEvaluator()
        let recorder: FrameRecorder
        var frame = Frame()
        var contentVersion = UInt64.max
        var extent = Rect(x: 0, y: 0, width: 0, height: 0)
        var inputs: Frame.Inputs = []
        var lastUse: UInt64 = 0
        init(nesting: Int) { recorder = FrameRecorder(nesting: nesting) }
    }

    /// How deep rasterized layers may nest inside each other's pictures (deeper ones record
    /// no picture and draw nothing).
    public static let maximumNesting = 8
    /// Recordings a picture survives without its layer being rasterized.
    static let idleRecordings: UInt64 = 600

    /// A recorder with empty storage.
    public convenience init() { self.init(nesting: 0) }

    private init(nesting: Int) { self.nesting = nesting }

    /// Replaces `frame` with the last evaluation of `e`, including `inputs`.
    public func record(_ e: LayerEvaluator, into frame: inout Frame, inputs: Frame.Inputs) {
        generation &+= 1
        frame.polygons.removeAll(keepingCapacity: true)
        frame.vertices.removeAll(keepingCapacity: true)
        frame.records.removeAll(keepingCapacity: true)
        frame.patchHasArea.removeAll(keepingCapacity: true)
        frame.groups.removeAll(keepingCapacity: true)
        frame.borders.removeAll(keepingCapacity: true)
        frame.masks.removeAll(keepingCapacity: true)
        frame.pictures.removeAll(keepingCapacity: true)
        frame.inputs = inputs
        recordIndex.removeAll(keepingCapacity: true)
        frame.vertices.append(contentsOf: e.vertices)
        // Consecutive polygons of one layer are the rule (a page, its strips): one lookup each run.
        var last: (ObjectIdentifier, Int32)?
        for quad in e.quads {
            let id = ObjectIdentifier(quad.layer)
            let record: Int32
            if let last, last.0 == id { record = last.1 } else { record = self.record(quad.layer, into: &frame) }
            last = (id, record)
            frame.polygons.append(Frame.Polygon(vertices: quad.vertexRange, record: record, surfacePatch: quad.surfacePatch,
                                                isVisible: quad.isVisible, opacity: quad.opacity, localToView: quad.localToView))
        }
        for g in e.compositingGroups {
            frame.groups.append(Frame.Group(record: record(g.layer, into: &frame), quads: g.quads, opacity: g.opacity))
        }
        for b in e.borders {
            frame.borders.append(Frame.Border(record: record(b.layer, into: &frame), quad: b.quad, after: b.after))
        }
        for m in e.roundedMasks {
            frame.masks.append(Frame.Mask(record: record(m.layer, into: &frame), localToView: m.localToView))
        }
        for r in e.rasterizedLayers {
            // Past the nesting limit a picture shows nothing (a rasterized layer nested that
            // deep inside rasterized layers is a runaway tree, not a design).
            let contents = nesting < Self.maximumNesting ? picture(of: r.layer, extent: r.extent, inputs: inputs) : Frame()
            frame.pictures.append(Frame.Picture(record: record(r.layer, into: &frame), quad: r.quad, extent: r.extent, contents: contents))
        }
        if pictures.count > e.rasterizedLayers.count {
            pictures = pictures.filter { generation &- $0.value.lastUse <= Self.idleRecordings }
        }
    }

    /// `layer`'s record, made (with its ancestors', which masks need) on first use this frame.
    private func record(_ layer: Layer, into frame: inout Frame) -> Int32 {
        if let index = recordIndex[ObjectIdentifier(layer)] { return index }
        // Trees are at most `Layer.maximumDepth` deep: the recursion is bounded.
        let superRecord = layer.superlayer.map { record($0, into: &frame) } ?? -1
        let index = Int32(frame.records.count)
        var orientation = Frame.Orientation()
        if frame.inputs.contains(.light) {
            orientation.frontNormal = layer.frontNormal
            orientation.linearPartToRoot = layer.linearPartToRoot
        }
        if frame.inputs.contains(.castShadows) {
            let (toContext, context) = layer.transformToRenderingContext()
            orientation.toContext = toContext
            orientation.context = context?.serialNumber ?? .max
        }
        frame.records.append(Frame.LayerRecord(
            serialNumber: layer.serialNumber, name: layer.name, kind: layer.kind, superRecord: superRecord, hasSublayers: !layer.sublayers.isEmpty,
            bounds: layer.bounds, paint: Self.paint(of: layer), contentVersion: layer.contentVersion,
            rasterizationScale: layer.effectiveRasterizationScale, orientation: orientation, surface: surface(of: layer, into: &frame)))
        recordIndex[ObjectIdentifier(layer)] = index
        return index
    }

    private static func paint(of layer: Layer) -> Frame.Paint {
        Frame.Paint(contents: layer.contents, contentsRect: layer.contentsRect, backgroundColor: layer.backgroundColor,
                    gradient: layer.kind == .gradient ? unsafeDowncast(layer, to: GradientLayer.self).gradient : nil,
                    cornerRadius: layer.cornerRadius, effectiveCornerRadius: layer.effectiveCornerRadius,
                    borderWidth: layer.effectiveBorderWidth, borderColor: layer.borderColor, drawsBorder: layer.drawsBorder,
                    drawsContent: layer.drawsContent, masksToBounds: layer.masksToBounds, shouldRasterize: layer.shouldRasterize)
    }

    private func surface(of layer: Layer, into frame: inout Frame) -> Frame.SurfaceRecord? {
        guard layer.kind == .surface else { return nil }
        let surface = unsafeDowncast(layer, to: SurfaceLayer.self)
        // Copied, not shared: the layer rewrites its flags in place when its curl changes.
        let start = frame.patchHasArea.count
        frame.patchHasArea.append(contentsOf: surface.patchHasArea)
        return Frame.SurfaceRecord(mesh: surface.mesh, patchHasArea: start..<frame.patchHasArea.count,
                                   backContents: surface.backContents, backContentsRect: surface.backContentsRect,
                                   paperTranslucency: surface.paperTranslucency, mirrorsHorizontally: surface.mirrorsHorizontally,
                                   curl: surface.curl)
    }

    /// The frame of rasterized `layer`'s picture over `extent`, evaluated again only when the
    /// layer's contents, the extent or the inputs changed.
    private func picture(of layer: Layer, extent: Rect, inputs: Frame.Inputs) -> Frame {
        let cache: PictureCache
        if let c = pictures[layer.serialNumber] { cache = c } else {
            cache = PictureCache(nesting: nesting + 1)
            pictures[layer.serialNumber] = cache
        }
        cache.lastUse = generation
        if cache.contentVersion != layer.contentVersion || cache.extent != extent || cache.inputs != inputs {
            cache.evaluator.evaluateContents(of: layer, origin: extent.origin)
            cache.recorder.record(cache.evaluator, into: &cache.frame, inputs: inputs)
            cache.contentVersion = layer.contentVersion
            cache.extent = extent
            cache.inputs = inputs
        }
        return cache.frame
    }
}
