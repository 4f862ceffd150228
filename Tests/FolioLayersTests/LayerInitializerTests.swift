import Testing
import FolioLayers // FolioGeometry's types come with it (re-exported)

/// One-line layers and fresh trees without `try`; containers marked as drawing nothing.
@Suite struct LayerInitializerTests {
    @Test func aOneLineLayerSetsEveryPropertyItNames() {
        let page = Layer(name: "page", bounds: Rect(x: 0, y: 0, width: 100, height: 50), position: Point(x: 60, y: 40),
                         anchorPoint: Point(x: 0, y: 1), transform: Transform3D(rotationDegrees: 30, x: 0, y: 1, z: 0),
                         contents: ContentHandle(7), backgroundColor: .white, opacity: 0.5, isDoubleSided: false)
        #expect(page.name == "page" && page.bounds.width == 100 && page.position == Point(x: 60, y: 40))
        #expect(page.anchorPoint == Point(x: 0, y: 1) && page.contents == ContentHandle(7) && page.opacity == 0.5)
        #expect(!page.isDoubleSided && page.transform == Transform3D(rotationDegrees: 30, x: 0, y: 1, z: 0))
        let framed = Layer(frame: Rect(x: 10, y: 20, width: 30, height: 40))
        #expect(framed.bounds == Rect(x: 0, y: 0, width: 30, height: 40) && framed.position == Point(x: 25, y: 40))
    }

    @Test func aFreshTreeIsBuiltWithoutTryAndEvaluatesLikeOneBuiltWithAddSublayer() throws {
        let built = Layer(name: "root", bounds: Rect(x: 0, y: 0, width: 200, height: 100), position: Point(x: 100, y: 50), sublayers: [
            TransformLayer(name: "joint", bounds: Rect(x: 0, y: 0, width: 100, height: 100), position: Point(x: 100, y: 50),
                           transform: Transform3D(rotationDegrees: 40, x: 0, y: 1, z: 0), sublayers: [
                Layer(name: "leaf", bounds: Rect(x: 0, y: 0, width: 100, height: 100), position: Point(x: 50, y: 50), backgroundColor: .black),
            ]),
            GradientLayer(name: "shade", bounds: Rect(x: 0, y: 0, width: 200, height: 100), position: Point(x: 100, y: 50),
                          gradient: Gradient(colors: [.black, .clear])),
        ])
        let root = Layer(name: "root"); root.bounds = Rect(x: 0, y: 0, width: 200, height: 100); root.position = Point(x: 100, y: 50)
        let joint = TransformLayer(name: "joint"); joint.bounds = Rect(x: 0, y: 0, width: 100, height: 100)
        joint.position = Point(x: 100, y: 50); joint.transform = Transform3D(rotationDegrees: 40, x: 0, y: 1, z: 0)
        let leaf = Layer(name: "leaf"); leaf.bounds = Rect(x: 0, y: 0, width: 100, height: 100)
        leaf.position = Point(x: 50, y: 50); leaf.backgroundColor = .black
        let shade = GradientLayer(name: "shade"); shade.bounds = root.bounds; shade.position = root.position
        shade.colors = [.black, .clear]
        try joint.addSublayer(leaf); try root.setSublayers([joint, shade])

        let (a, b) = (LayerEvaluator(), LayerEvaluator())
        a.evaluate(built); b.evaluate(root)
        #expect(a.quads.map(\.layer.name) == b.quads.map(\.layer.name))
        #expect(a.vertices.map(\.clip) == b.vertices.map(\.clip))
        #expect(built.sublayers[0].sublayers[0].superlayer === built.sublayers[0])
        // A transform given to an initializer takes effect (the identity fast path is not stale).
        let turned = Layer(bounds: Rect(x: 0, y: 0, width: 10, height: 10), transform: Transform3D(rotationDegrees: 180, x: 0, y: 1, z: 0))
        a.evaluate(turned)
        #expect(a.corners(of: a.quads[0]).map(\.point.x) == [5, -5, -5, 5])
    }

    @Test func quadsOfContainersAreMarkedAsDrawingNothing() {
        let tree = Layer(name: "root", bounds: Rect(x: 0, y: 0, width: 10, height: 10), sublayers: [
            Layer(name: "filled", bounds: Rect(x: 0, y: 0, width: 5, height: 5), backgroundColor: .white),
            Layer(name: "image", bounds: Rect(x: 0, y: 0, width: 5, height: 5), contents: ContentHandle(1)),
            GradientLayer(name: "gradient", bounds: Rect(x: 0, y: 0, width: 5, height: 5), gradient: Gradient(colors: [.black])),
            GradientLayer(name: "no colours", bounds: Rect(x: 0, y: 0, width: 5, height: 5), gradient: Gradient(colors: [])),
        ])
        let e = LayerEvaluator()
        e.evaluate(tree)
        let drawing = e.quads.filter(\.drawsContent).map(\.layer.name)
        #expect(drawing == ["filled", "image", "gradient"])
        #expect(e.quads.count == 5)
    }

    @Test func aTreeDeeperThanTheLimitEvaluatesItsFirstLevelsWithoutFailing() {
        var chain = Layer(name: "leaf", bounds: Rect(x: 0, y: 0, width: 1, height: 1), backgroundColor: .white)
        for level in 1..<(Layer.maximumDepth + 20) {
            chain = Layer(name: "level \(level)", bounds: Rect(x: 0, y: 0, width: 1, height: 1), sublayers: [chain])
        }
        let e = LayerEvaluator()
        e.evaluate(chain)
        #expect(e.quads.count == Layer.maximumDepth)
        #expect(!e.quads.contains { $0.layer.name == "leaf" })
    }
}
