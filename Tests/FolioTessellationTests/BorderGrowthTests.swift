import FolioLayers
import FolioTessellation
import Testing

/// Border antialiasing draws a layer grown by one texel, so its transparent border ramps out
/// past its edge; that holds for a layer's whole rectangle only. A piece of one that the depth
/// sort split off must be drawn as it is, or it would be drawn whole where the sort put only
/// the piece (over a curled leaf the rest lies behind).
struct BorderGrowthTests {
    static let bounds = Rect(x: 0, y: 0, width: 100, height: 80)

    static func vertices(_ points: [(Double, Double)]) -> ArraySlice<QuadVertex> {
        ArraySlice(points.map { QuadVertex(clip: Vector4(x: $0.0, y: $0.1, z: 0, w: 1), depth: 0, local: Point(x: $0.0, y: $0.1)) })
    }

    @Test func onlyTheFourCornersOfTheRectangleAreTheWholeRectangle() {
        let b = Self.bounds
        #expect(DrawList.isWholeRectangle(Self.vertices([(0, 0), (100, 0), (100, 80), (0, 80)]), b))
        #expect(DrawList.isWholeRectangle(Self.vertices([(100, 80), (0, 80), (0, 0), (100, 0)]), b), "any starting corner")
        #expect(DrawList.isWholeRectangle(Self.vertices([(1e-9, 0), (100, 0), (100, 80 - 1e-9), (0, 80)]), b), "the evaluator's rounding")
        #expect(!DrawList.isWholeRectangle(Self.vertices([(0, 0), (50, 0), (50, 80), (0, 80)]), b), "a piece cut across")
        #expect(!DrawList.isWholeRectangle(Self.vertices([(0, 0), (100, 0), (100, 80), (100 - 1e-7, 80)]), b),
                "a sliver with a corner a hair from one of the rectangle's")
        #expect(!DrawList.isWholeRectangle(Self.vertices([(0, 0), (100, 0), (100, 80)]), b), "three corners")
        #expect(!DrawList.isWholeRectangle(Self.vertices([(0, 0), (100, 0), (100, 80), (0, 80), (0, 40)]), b), "five corners")
    }

    /// Two sheets crossing at their middles: the depth sort cuts one of them by the other's
    /// plane into two four-cornered pieces, neither of them its layer's whole rectangle; the
    /// other sheet and one beside them stay whole.
    @Test func piecesTheDepthSortCutsAreNotTheirLayersWholeRectangle() throws {
        let root = TransformLayer(name: "root")
        root.bounds = Rect(x: 0, y: 0, width: 300, height: 200)
        root.position = Point(x: 150, y: 100)
        func sheet(_ name: String, at x: Double, turned degrees: Double) -> Layer {
            let l = Layer(name: name)
            l.bounds = Self.bounds
            l.position = Point(x: x, y: 100)
            l.transform = Transform3D(rotationDegrees: degrees, x: 0, y: 1, z: 0)
            l.backgroundColor = .white
            return l
        }
        try root.setSublayers([sheet("flat", at: 100, turned: 0), sheet("turned", at: 100, turned: 60), sheet("alone", at: 240, turned: 0)])
        let evaluator = LayerEvaluator()
        evaluator.evaluate(root)
        let frame = Frame(recording: evaluator)
        var pieces: [String: [Bool]] = [:]
        for polygon in frame.polygons where polygon.isVisible {
            // Grouped by the layer the polygon belongs to (its record).
            pieces[String(polygon.record), default: []].append(DrawList.isWholeRectangle(frame.corners(of: polygon), frame.record(of: polygon).bounds))
        }
        let cut = pieces.filter { $0.value.count == 2 }, whole = pieces.filter { $0.value.count == 1 }
        #expect(cut.count == 1 && cut.values.first == [false, false], "\(pieces)")
        #expect(whole.count == 2 && whole.values.allSatisfy { $0 == [true] }, "\(pieces)")
        for polygon in frame.polygons where polygon.isVisible { #expect(frame.corners(of: polygon).count == 4) }
    }
}
