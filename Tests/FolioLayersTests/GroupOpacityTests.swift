import Testing
import FolioGeometry
@testable import FolioLayers

/// The test that decides between an offscreen group and one pass with the opacity multiplied
/// in: does the layer's flattened subtree overlap itself in its own plane?
@Suite struct GroupOpacityTests {
    static let red = Color(red: 1, green: 0, blue: 0), blue = Color(red: 0, green: 0, blue: 1)

    /// A solid square `side` points wide with its top-left corner at (x, y) of its superlayer.
    static func square(_ name: String, x: Double, y: Double, side: Double = 40, color: Color? = blue) -> Layer {
        Layer(name: name, frame: Rect(x: x, y: y, width: side, height: side), backgroundColor: color)
    }

    /// A 100 × 100 container at opacity 0.5 holding `sublayers`.
    static func group(_ sublayers: [Layer], background: Color? = nil) -> Layer {
        let g = Layer(name: "group", frame: Rect(x: 0, y: 0, width: 100, height: 100), backgroundColor: background, sublayers: sublayers)
        g.opacity = 0.5
        return g
    }

    @Test func disjointChildrenDrawInOnePass() {
        let g = Self.group([Self.square("a", x: 0, y: 0), Self.square("b", x: 50, y: 50)])
        #expect(g.opacityCompositing == .multiplied)
    }

    @Test func overlappingChildrenNeedAnOffscreenGroup() {
        let g = Self.group([Self.square("a", x: 0, y: 0), Self.square("b", x: 30, y: 30)])
        #expect(g.opacityCompositing == .offscreen)
    }

    @Test func theLayersOwnBackgroundUnderAChildOverlaps() {
        let g = Self.group([Self.square("a", x: 10, y: 10)], background: Self.red)
        #expect(g.opacityCompositing == .offscreen)
        // Without a background the lone child is drawn once: no overlap.
        #expect(Self.group([Self.square("a", x: 10, y: 10)]).opacityCompositing == .multiplied)
    }

    @Test func childrenThatShareAnEdgeOrACornerDoNotOverlap() {
        let edge = Self.group([Self.square("a", x: 0, y: 0), Self.square("b", x: 40, y: 0)])
        let corner = Self.group([Self.square("a", x: 0, y: 0), Self.square("b", x: 40, y: 40)])
        #expect(edge.opacityCompositing == .multiplied && corner.opacityCompositing == .multiplied)
        // Computed through a rotation that cancels only to rounding error: still a shared edge.
        let turned = Self.square("b", x: 40, y: 0)
        turned.transform = Transform3D(rotationDegrees: 0.7, x: 0, y: 0, z: 1)
            .concatenating(Transform3D(rotationDegrees: -0.7, x: 0, y: 0, z: 1))
        #expect(Self.group([Self.square("a", x: 0, y: 0), turned]).opacityCompositing == .multiplied)
    }

    @Test func thicknessDecidesWhatCountsAsAnOverlap() {
        // Squares overlapping by a sliver 1e-9 wide do not count; by 0.001 they do.
        #expect(Self.group([Self.square("a", x: 0, y: 0), Self.square("b", x: 40 - 1e-9, y: 0)]).opacityCompositing == .multiplied)
        #expect(Self.group([Self.square("a", x: 0, y: 0), Self.square("b", x: 40 - 1e-3, y: 0)]).opacityCompositing == .offscreen)
        // The measure: two unit squares overlapping in a 0.5 × 1 rectangle, 2·area/perimeter = 1/3.
        var s = FlattenedSubtree()
        s.add(polygon: [Point(x: 0, y: 0), Point(x: 1, y: 0), Point(x: 1, y: 1), Point(x: 0, y: 1)], unit: 0)
        s.add(polygon: [Point(x: 0.5, y: 0), Point(x: 1.5, y: 0), Point(x: 1.5, y: 1), Point(x: 0.5, y: 1)], unit: 1)
        let thickness = s.intersectionThickness(0, 1)
        #expect(abs(thickness - 1.0 / 3) < 1e-12)
        let (at033, at034) = (s.hasOverlap(tolerance: 0.33), s.hasOverlap(tolerance: 0.34))
        #expect(at033 && !at034)
    }

    @Test func polygonsOfOneUnitNeverOverlap() {
        var s = FlattenedSubtree()
        let square = [Point(x: 0, y: 0), Point(x: 2, y: 0), Point(x: 2, y: 2), Point(x: 0, y: 2)]
        s.add(polygon: square, unit: 4)
        s.add(polygon: square.reversed(), unit: 4)
        let sameUnit = s.hasOverlap()
        #expect(!sameUnit)
        // Either winding, any convex shape: a triangle inside the square of another unit.
        s.add(polygon: [Point(x: 0.5, y: 0.5), Point(x: 1.5, y: 0.5), Point(x: 1, y: 1.5)], unit: 5)
        let otherUnit = s.hasOverlap()
        #expect(otherUnit)
    }

    @Test func aNestedGroupIsOnePictureToItsAncestor() {
        // Inner (opacity 0.5) holds two overlapping squares: it needs a group of its own, and
        // to the outer group it is one picture, so the outer one draws it in one pass.
        let inner = Layer(name: "inner", frame: Rect(x: 0, y: 0, width: 100, height: 100),
                          sublayers: [Self.square("a", x: 0, y: 0), Self.square("b", x: 20, y: 20)])
        inner.opacity = 0.5
        let outer = Self.group([inner])
        #expect(inner.opacityCompositing == .offscreen)
        #expect(outer.opacityCompositing == .multiplied)
        // At opacity 1 the inner squares are drawn one by one with the outer opacity: overlap.
        inner.opacity = 1
        #expect(outer.opacityCompositing == .offscreen)
        // A rasterized inner layer is one picture too.
        inner.shouldRasterize = true
        #expect(outer.opacityCompositing == .multiplied)
    }

    @Test func whatIsNotDrawnDoesNotOverlap() {
        let hidden = Self.square("hidden", x: 20, y: 20), clear = Self.square("clear", x: 20, y: 20)
        let nothing = Self.square("nothing", x: 20, y: 20, color: nil)
        hidden.isHidden = true
        clear.opacity = 0
        let g = Self.group([Self.square("a", x: 0, y: 0), hidden, clear, nothing])
        #expect(g.opacityCompositing == .multiplied)
        // A single-sided square turned away is culled with everything it flattens.
        let away = Self.square("away", x: 20, y: 20)
        away.transform = Transform3D(rotationDegrees: 180, x: 0, y: 1, z: 0)
        away.isDoubleSided = false
        #expect(Self.group([Self.square("a", x: 0, y: 0), away]).opacityCompositing == .multiplied)
        away.isDoubleSided = true
        #expect(Self.group([Self.square("a", x: 0, y: 0), away]).opacityCompositing == .offscreen)
    }

    @Test func masksCutOverlapsAway() {
        // b overlaps a only where b's masking parent cuts it off.
        let clipper = Layer(name: "clipper", frame: Rect(x: 40, y: 0, width: 60, height: 100),
                            sublayers: [Self.square("b", x: -20, y: 0)])
        clipper.masksToBounds = true
        #expect(Self.group([Self.square("a", x: 0, y: 0), clipper]).opacityCompositing == .multiplied)
        clipper.masksToBounds = false
        #expect(Self.group([Self.square("a", x: 0, y: 0), clipper]).opacityCompositing == .offscreen)
        // A mask without area shows nothing of its sublayers.
        let empty = Layer(name: "empty", frame: Rect(x: 10, y: 10, width: 0, height: 50),
                          sublayers: [Self.square("c", x: -10, y: -10)])
        empty.masksToBounds = true
        #expect(Self.group([Self.square("a", x: 0, y: 0), empty]).opacityCompositing == .multiplied)
    }

    @Test func borderAndOwnContentAreOnePassWithoutSublayersBetween() {
        let framed = Self.group([], background: Self.red)
        framed.borderWidth = 4
        #expect(framed.opacityCompositing == .multiplied)
        // A sublayer draws between the background and the border: both overlap it.
        framed.setSublayersForTest([Self.square("a", x: 30, y: 30)])
        #expect(framed.opacityCompositing == .offscreen)
        // A border alone overlaps a sublayer only where the sublayer reaches its band: the
        // band's strips are as wide as the larger of the width and the corner radius.
        let border = Self.group([Self.square("a", x: 30, y: 30)])
        border.borderWidth = 4
        border.cornerRadius = 10
        #expect(border.opacityCompositing == .multiplied)
        border.setSublayersForTest([Self.square("a", x: 8, y: 30)])
        #expect(border.opacityCompositing == .offscreen)
    }

    @Test func layersTurnedIn3DOverlapWhereTheirImagesDo() {
        // Two transform-layer children of a perspective container, side by side; b is hinged
        // on its left edge, which it shares with a, and turns about it like a page. Turned
        // 60° it stays on its own side of the hinge; turned 120° its image lies over a.
        func scene(_ degrees: Double) -> Layer {
            let a = Self.square("a", x: 0, y: 30)
            let b = Layer(name: "b", bounds: Rect(x: 0, y: 0, width: 40, height: 40), position: Point(x: 40, y: 50),
                          anchorPoint: Point(x: 0, y: 0.5), transform: Transform3D(rotationDegrees: -degrees, x: 0, y: 1, z: 0),
                          backgroundColor: Self.blue)
            let context = TransformLayer(name: "context", bounds: Rect(x: 0, y: 0, width: 100, height: 100),
                                         position: Point(x: 50, y: 50), sublayers: [a, b])
            let g = Self.group([context])
            g.sublayerTransform.m34 = -1.0 / 200
            return g
        }
        #expect(scene(0).opacityCompositing == .multiplied)
        #expect(scene(60).opacityCompositing == .multiplied)
        #expect(scene(120).opacityCompositing == .offscreen)
    }

    @Test func modesFollowCoreAnimationsRules() {
        let overlapping = { Self.group([Self.square("a", x: 0, y: 0), Self.square("b", x: 30, y: 30)]) }
        let g = overlapping()
        g.opacity = 1
        #expect(g.opacityCompositing == .opaque)
        g.opacity = 0
        #expect(g.opacityCompositing == .transparent)
        g.opacity = .nan
        #expect(g.opacityCompositing == .transparent)
        g.opacity = 7
        #expect(g.opacityCompositing == .opaque)
        let perSublayer = overlapping()
        perSublayer.allowsGroupOpacity = false
        #expect(perSublayer.opacityCompositing == .multiplied)
        let joint = TransformLayer(name: "joint", bounds: Rect(x: 0, y: 0, width: 100, height: 100),
                                   sublayers: [Self.square("a", x: 0, y: 0), Self.square("b", x: 30, y: 30)])
        joint.opacity = 0.5
        #expect(joint.opacityCompositing == .multiplied)
        let rasterized = Self.group([Self.square("a", x: 0, y: 0)])
        rasterized.shouldRasterize = true
        #expect(rasterized.opacityCompositing == .offscreen)
    }

    @Test func theFlattenedSubtreeIsWhatIsDrawnInTheLayersPlane() {
        let child = Self.square("a", x: 10, y: 20)
        child.transform = Transform3D(scaleX: 2, y: 0.5, z: 1)
        let g = Self.group([child], background: Self.red)
        var s = FlattenedSubtree()
        s.flatten(g)
        #expect(s.polygonCount == 2)
        #expect(Array(s.polygon(0)) == [Point(x: 0, y: 0), Point(x: 100, y: 0), Point(x: 100, y: 100), Point(x: 0, y: 100)])
        // The child's 40 × 40 square, scaled about its centre (30, 40): 80 × 20.
        #expect(Array(s.polygon(1)) == [Point(x: -10, y: 30), Point(x: 70, y: 30), Point(x: 70, y: 50), Point(x: -10, y: 50)])
        #expect(s.unit(of: 0) != s.unit(of: 1))
        #expect(s.extent == Rect(x: -10, y: 0, width: 110, height: 100))
        // Behind the eye nothing is kept: a child pushed past the eye of a perspective.
        g.sublayerTransform.m34 = -1.0 / 100
        child.zPosition = 500
        s.flatten(g)
        #expect(s.polygonCount == 1)
    }

    @Test func manyDisjointTilesAreSweptWithoutComparingEveryPair() {
        // 10,000 tiles in a grid: no overlap, found in well under a second; one more tile
        // overlapping the last is found.
        var tiles: [Layer] = []
        for i in 0..<10_000 { tiles.append(Self.square("t\(i)", x: Double(i % 100) * 10, y: Double(i / 100) * 10, side: 10)) }
        let g = Self.group(tiles)
        var s = FlattenedSubtree()
        let mode = g.opacityCompositing(using: &s)
        #expect(mode == .multiplied)
        #expect(s.polygonCount == 10_000)
        s.add(polygon: [Point(x: 995, y: 995), Point(x: 1005, y: 995), Point(x: 1005, y: 1005)], unit: -1)
        let found = s.hasOverlap()
        #expect(found)
    }
}

extension Layer {
    /// Replaces the sublayers in a test (they are fresh, so it cannot fail).
    func setSublayersForTest(_ layers: [Layer]) {
        try! setSublayers(layers)
    }
}
