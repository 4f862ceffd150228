import FolioGeometry
import FolioLayers
import FolioSurface
import FolioTessellation
import FolioTransitions
import Testing

/// A frame is the evaluation as a value: the polygons the evaluator gives, with what their
/// layers say, and nothing that keeps the layer tree alive.
struct FrameTests {
    static let size = Size(width: 320, height: 480)

    @Test func polygonsAreTheEvaluatorsQuadsWithTheirLayersPaint() throws {
        let effects: [any Transition] = [
            try FlipTransition(size: Self.size, source: ContentHandle(1), destination: ContentHandle(2)),
            try FoldTransition(size: Self.size, source: ContentHandle(1), destination: ContentHandle(2)),
            try CurlTransition(size: Self.size, scale: 1, source: ContentHandle(1), destination: ContentHandle(2)),
        ]
        var frame = Frame()
        for t in effects {
            try t.setProgress(0.4)
            let e = LayerEvaluator()
            e.evaluate(t.root)
            frame.build(from: e)
            #expect(frame.polygons.count == e.quads.count)
            for (polygon, quad) in zip(frame.polygons, e.quads) {
                let layer = quad.layer
                let record = frame.record(of: polygon)
                #expect(polygon.isVisible == quad.isVisible && polygon.opacity == quad.opacity)
                #expect(polygon.localToView == quad.localToView && Int(polygon.surfacePatch) == quad.surfacePatch)
                #expect(frame.corners(of: polygon).map(\.clip) == e.corners(of: quad).map(\.clip))
                #expect(record.serialNumber == layer.serialNumber && record.bounds == layer.bounds)
                #expect(record.paint.contents == layer.contents && record.paint.contentsRect == layer.contentsRect)
                #expect(record.paint.backgroundColor == layer.backgroundColor && record.paint.drawsContent == quad.drawsContent)
                #expect(record.orientation.frontNormal == layer.frontNormal && record.orientation.linearPartToRoot == layer.linearPartToRoot)
                #expect((record.surface != nil) == (layer.kind == .surface))
                // The superlayer chain is the layer's, record for record.
                var r = record.superRecord, l = layer.superlayer
                while let ancestor = l {
                    #expect(r >= 0 && frame.records[Int(r)].serialNumber == ancestor.serialNumber)
                    guard r >= 0 else { break }
                    r = frame.records[Int(r)].superRecord
                    l = ancestor.superlayer
                }
                #expect(r == -1)
            }
            // One record per layer, shared by all its polygons.
            #expect(Set(frame.records.map(\.serialNumber)).count == frame.records.count)
        }
    }

    @Test func aFrameOutlivesItsLayerTree() throws {
        var frame = Frame()
        weak var released: Layer?
        var expected: [(UInt64, Rect, ContentHandle?)] = []
        do {
            let fold = try FoldTransition(size: Self.size, source: ContentHandle(1), destination: ContentHandle(2))
            try fold.setProgress(0.5)
            let e = LayerEvaluator()
            e.evaluate(fold.root)
            frame.build(from: e)
            released = fold.root
            expected = e.quads.map { ($0.layer.serialNumber, $0.layer.bounds, $0.layer.contents) }
        }
        #expect(released == nil, "the frame holds no layer")
        #expect(frame.polygons.count == expected.count)
        for (polygon, (serial, bounds, contents)) in zip(frame.polygons, expected) {
            let record = frame.record(of: polygon)
            #expect(record.serialNumber == serial && record.bounds == bounds && record.paint.contents == contents)
        }
    }

    @Test func rebuildingReusesTheRecordsOfTheSameTree() throws {
        let flip = try FlipTransition(size: Self.size, source: ContentHandle(1), destination: ContentHandle(2))
        let e = LayerEvaluator()
        var frame = Frame()
        try flip.setProgress(0.3)
        e.evaluate(flip.root)
        frame.build(from: e)
        let first = frame.records.map(\.serialNumber)
        try flip.setProgress(0.6)
        e.evaluate(flip.root)
        frame.build(from: e)
        // The same layers (found in the new draw order): records are replaced, not appended.
        #expect(frame.records.map(\.serialNumber).sorted() == first.sorted())
    }
}
