import Testing
import FolioGeometry
@testable import FolioLayers

/// What the evaluator hands a renderer for group opacity (`compositingGroups`), and the two
/// culling rules it applies (masks without area, back faces by the plane).
@Suite struct CompositingGroupTests {
    static func square(_ name: String, _ x: Double, _ y: Double, _ side: Double, _ color: Color) -> Layer {
        Layer(name: name, bounds: Rect(x: 0, y: 0, width: side, height: side), position: Point(x: x + side / 2, y: y + side / 2),
              backgroundColor: color)
    }

    /// A 100-point root holding `group` (100 points, at the root's centre, opacity `opacity`)
    /// with `children`.
    static func tree(opacity: Double, _ children: [Layer]) -> (root: Layer, group: Layer) {
        let group = Layer(name: "group", bounds: Rect(x: 0, y: 0, width: 100, height: 100), position: Point(x: 50, y: 50),
                          sublayers: children)
        group.opacity = opacity
        let root = Layer(name: "root", bounds: Rect(x: 0, y: 0, width: 100, height: 100), position: Point(x: 50, y: 50),
                         sublayers: [group])
        return (root, group)
    }

    static let red = Color(red: 1, green: 0, blue: 0)
    static let blue = Color(red: 0, green: 0, blue: 1)

    @Test func overlappingChildrenOfATranslucentLayerAreOneGroup() throws {
        let (root, group) = Self.tree(opacity: 0.6, [Self.square("a", 0, 0, 60, Self.red), Self.square("b", 40, 40, 60, Self.blue)])
        let e = LayerEvaluator()
        e.evaluate(root)
        let groups = e.compositingGroups
        try #require(groups.count == 1)
        #expect(groups[0].layer === group)
        #expect(groups[0].opacity == 0.6)
        // The group's own polygon (a container drawing nothing) leads its run.
        #expect(groups[0].quads.map { e.quads[$0].layer.name } == ["group", "a", "b"])
    }

    @Test func disjointChildrenAndOpaqueLayersNeedNoGroup() {
        let e = LayerEvaluator()
        e.evaluate(Self.tree(opacity: 0.6, [Self.square("a", 0, 0, 40, Self.red), Self.square("b", 60, 60, 40, Self.blue)]).root)
        #expect(e.compositingGroups.isEmpty)
        e.evaluate(Self.tree(opacity: 1, [Self.square("a", 0, 0, 60, Self.red), Self.square("b", 40, 40, 60, Self.blue)]).root)
        #expect(e.compositingGroups.isEmpty)
    }

    @Test func perSublayerOpacityNeverGroups() {
        let off = Self.tree(opacity: 0.6, [Self.square("a", 0, 0, 60, Self.red), Self.square("b", 40, 40, 60, Self.blue)])
        off.group.allowsGroupOpacity = false
        let e = LayerEvaluator()
        e.evaluate(off.root)
        #expect(e.compositingGroups.isEmpty)
        let joint = TransformLayer(name: "joint")
        joint.bounds = Rect(x: 0, y: 0, width: 100, height: 100)
        joint.position = Point(x: 50, y: 50)
        joint.opacity = 0.6
        try? joint.addSublayer(Self.square("a", 0, 0, 60, Self.red))
        try? joint.addSublayer(Self.square("b", 40, 40, 60, Self.blue))
        let root = Layer(name: "root", bounds: Rect(x: 0, y: 0, width: 100, height: 100), position: Point(x: 50, y: 50), sublayers: [joint])
        e.evaluate(root)
        #expect(e.compositingGroups.isEmpty)
    }

    @Test func nestedGroupsComeOuterFirstWithInnerRunsInside() throws {
        let inner = Layer(name: "inner", bounds: Rect(x: 0, y: 0, width: 100, height: 100), position: Point(x: 50, y: 50),
                          sublayers: [Self.square("a", 0, 0, 60, Self.red), Self.square("b", 40, 40, 60, Self.blue)])
        inner.opacity = 0.5
        // The outer group needs a picture too: c overlaps the inner group's picture.
        let (root, outer) = Self.tree(opacity: 0.8, [inner, Self.square("c", 20, 20, 30, Self.red)])
        let e = LayerEvaluator()
        e.evaluate(root)
        let groups = e.compositingGroups
        try #require(groups.count == 2)
        #expect(groups[0].layer === outer && groups[1].layer === inner)
        #expect(groups[0].quads.contains(groups[1].quads.lowerBound) && groups[1].quads.upperBound <= groups[0].quads.upperBound)
        #expect(abs(groups[1].opacity - 0.4) < 1e-15)
    }

    @Test func aGroupHoldingOneGroupNeedsNoPictureOfItsOwn() throws {
        // The outer layer's only unit is the inner group's picture: its opacity multiplies in.
        let inner = Layer(name: "inner", bounds: Rect(x: 0, y: 0, width: 100, height: 100), position: Point(x: 50, y: 50),
                          sublayers: [Self.square("a", 0, 0, 60, Self.red), Self.square("b", 40, 40, 60, Self.blue)])
        inner.opacity = 0.5
        let e = LayerEvaluator()
        e.evaluate(Self.tree(opacity: 0.8, [inner]).root)
        let groups = e.compositingGroups
        try #require(groups.count == 1)
        #expect(groups[0].layer === inner && abs(groups[0].opacity - 0.4) < 1e-15)
    }

    @Test func theDecisionFollowsChangesInsideTheGroup() {
        let b = Self.square("b", 60, 60, 40, Self.blue)
        let (root, _) = Self.tree(opacity: 0.6, [Self.square("a", 0, 0, 60, Self.red), b])
        let e = LayerEvaluator()
        e.evaluate(root)
        #expect(e.compositingGroups.isEmpty)
        b.position = Point(x: 60, y: 60) // now overlaps a
        e.evaluate(root)
        #expect(e.compositingGroups.count == 1)
        b.isHidden = true
        e.evaluate(root)
        #expect(e.compositingGroups.isEmpty)
    }

    @Test func aMaskWithoutAreaHidesItsSublayers() {
        let child = Self.square("child", 0, 0, 80, Self.red)
        let mask = Layer(name: "mask", bounds: Rect(x: 0, y: 0, width: 0, height: 100), position: Point(x: 50, y: 50), sublayers: [child])
        mask.masksToBounds = true
        let root = Layer(name: "root", bounds: Rect(x: 0, y: 0, width: 100, height: 100), position: Point(x: 50, y: 50), sublayers: [mask])
        let e = LayerEvaluator()
        e.evaluate(root)
        #expect(!e.quads.contains { $0.layer === child && $0.isVisible })
        mask.masksToBounds = false
        e.evaluate(root)
        #expect(e.quads.contains { $0.layer === child && $0.isVisible })
    }

    @Test func aSingleSidedContainerOfZeroSizeTurnedAwayIsCulledWithItsSublayers() {
        let child = Self.square("child", 0, 0, 80, Self.red)
        let container = Layer(name: "container", bounds: .zero, position: Point(x: 50, y: 50),
                              transform: Transform3D(rotationDegrees: 180, x: 0, y: 1, z: 0), sublayers: [child])
        container.isDoubleSided = false
        let root = Layer(name: "root", bounds: Rect(x: 0, y: 0, width: 100, height: 100), position: Point(x: 50, y: 50), sublayers: [container])
        let e = LayerEvaluator()
        e.evaluate(root)
        #expect(!e.quads.contains { $0.layer === child && $0.isVisible })
        container.isDoubleSided = true
        e.evaluate(root)
        #expect(e.quads.contains { $0.layer === child && $0.isVisible })
    }
}

/// `evaluateContents(of:origin:)` and rasterized layers in the evaluation.
@Suite struct ContentsEvaluationTests {
    @Test func aLayersContentsAreInItsOwnCoordinatesAtItsOwnOpacityOne() throws {
        let child = Layer(name: "child", bounds: Rect(x: 0, y: 0, width: 20, height: 10), position: Point(x: 30, y: 15),
                          backgroundColor: .white)
        let layer = Layer(name: "layer", bounds: Rect(x: 0, y: 0, width: 50, height: 40), position: Point(x: 200, y: 100),
                          transform: Transform3D(rotationDegrees: 60, x: 0, y: 1, z: 0), sublayers: [child])
        layer.opacity = 0.3
        layer.isHidden = true
        layer.isDoubleSided = false
        let e = LayerEvaluator()
        e.evaluateContents(of: layer, origin: Point(x: 10, y: 5))
        let quad = try #require(e.quads.first { $0.layer === child })
        #expect(quad.isVisible && quad.opacity == 1)
        // The child's corner (20, 10) − its anchor (10, 5) + its position (30, 15) − origin (10, 5).
        let corners = e.corners(of: quad).map(\.point)
        #expect(corners.contains(Point(x: 30, y: 15)))
        #expect(corners.contains(Point(x: 10, y: 5)))
    }

    @Test func aRasterizedLayerIsOnePolygonOverItsPicturesExtent() throws {
        let child = Layer(name: "child", bounds: Rect(x: 0, y: 0, width: 20, height: 10), position: Point(x: 60, y: 15),
                          backgroundColor: .white)
        let layer = Layer(name: "layer", bounds: Rect(x: 0, y: 0, width: 50, height: 40), position: Point(x: 100, y: 100), sublayers: [child])
        layer.shouldRasterize = true
        let root = Layer(name: "root", bounds: Rect(x: 0, y: 0, width: 300, height: 300), position: Point(x: 150, y: 150), sublayers: [layer])
        let e = LayerEvaluator()
        e.evaluate(root)
        #expect(!e.quads.contains { $0.layer === child }, "the subtree is in the picture")
        let r = try #require(e.rasterizedLayers.first)
        #expect(r.layer === layer && e.quads[r.quad].layer === layer)
        // The child reaches past the bounds (x 50…70): the extent holds it.
        #expect(r.extent == Rect(x: 50, y: 10, width: 20, height: 10))
        layer.backgroundColor = .black
        e.evaluate(root)
        #expect(e.rasterizedLayers.first?.extent == Rect(x: 0, y: 0, width: 70, height: 40))
    }
}
