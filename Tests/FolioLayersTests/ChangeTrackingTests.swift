import Testing
import FolioGeometry
@testable import FolioLayers

/// Versions a renderer keys cached pictures on: content writes, placement writes, structure.
@Suite struct ChangeTrackingTests {
    /// root ▸ middle ▸ leaf, plus a sibling of middle.
    static func tree() -> (root: Layer, middle: Layer, leaf: Layer, sibling: Layer) {
        let leaf = Layer(name: "leaf", bounds: Rect(x: 0, y: 0, width: 10, height: 10))
        let middle = Layer(name: "middle", bounds: Rect(x: 0, y: 0, width: 50, height: 50), sublayers: [leaf])
        let sibling = Layer(name: "sibling", bounds: Rect(x: 0, y: 0, width: 5, height: 5))
        let root = Layer(name: "root", bounds: Rect(x: 0, y: 0, width: 100, height: 100), sublayers: [middle, sibling])
        return (root, middle, leaf, sibling)
    }

    typealias Versions = (version: UInt64, content: UInt64)
    static func versions(_ l: Layer) -> Versions { (l.version, l.contentVersion) }

    /// Each content property of `middle`, written to a new value.
    static let contentWrites: [(String, @Sendable (Layer) -> Void)] = [
        ("bounds", { $0.bounds = Rect(x: 1, y: 0, width: 50, height: 50) }),
        ("sublayerTransform", { $0.sublayerTransform.m34 = -0.001 }),
        ("masksToBounds", { $0.masksToBounds = true }),
        ("contents", { $0.contents = ContentHandle(3) }),
        ("contentsRect", { $0.contentsRect = Rect(x: 0, y: 0, width: 0.5, height: 1) }),
        ("backgroundColor", { $0.backgroundColor = .white }),
        ("allowsGroupOpacity", { $0.allowsGroupOpacity = false }),
        ("rasterizationScale", { $0.rasterizationScale = 2 }),
        ("cornerRadius", { $0.cornerRadius = 4 }),
        ("borderWidth", { $0.borderWidth = 1 }),
        ("borderColor", { $0.borderColor = .white }),
    ]

    /// Each placement property of `middle`, written to a new value.
    static let placementWrites: [(String, @Sendable (Layer) -> Void)] = [
        ("position", { $0.position = Point(x: 3, y: 4) }),
        ("zPosition", { $0.zPosition = 2 }),
        ("transform", { $0.transform = Transform3D(rotationDegrees: 10, x: 0, y: 1, z: 0) }),
        ("opacity", { $0.opacity = 0.5 }),
        ("isHidden", { $0.isHidden = true }),
        ("isDoubleSided", { $0.isDoubleSided = false }),
        ("shouldRasterize", { $0.shouldRasterize = true }),
        ("anchorPoint (identity sublayer transform)", { $0.anchorPoint = Point(x: 0, y: 0) }),
        ("anchorPointZ (identity sublayer transform)", { $0.anchorPointZ = 5 }),
    ]

    @Test(arguments: 0..<contentWrites.count)
    func aContentWriteChangesTheLayersContentAndEveryAncestorsButNoSiblings(_ index: Int) {
        let (name, write) = Self.contentWrites[index]
        let (root, middle, leaf, sibling) = Self.tree()
        let before = [root, middle, leaf, sibling].map(Self.versions)
        write(middle)
        #expect(middle.version == before[1].version + 1, "\(name)")
        #expect(middle.contentVersion == before[1].content + 1, "\(name)")
        #expect(root.contentVersion == before[0].content + 1 && root.version == before[0].version, "\(name)")
        #expect(Self.versions(leaf) == before[2] && Self.versions(sibling) == before[3], "\(name)")
    }

    @Test(arguments: 0..<placementWrites.count)
    func aPlacementWriteChangesTheLayersVersionAndItsAncestorsContentOnly(_ index: Int) {
        let (name, write) = Self.placementWrites[index]
        let (root, middle, leaf, _) = Self.tree()
        let (m, r, l) = (Self.versions(middle), Self.versions(root), Self.versions(leaf))
        write(middle)
        #expect(middle.version == m.version + 1 && middle.contentVersion == m.content, "\(name)")
        #expect(root.contentVersion == r.content + 1, "\(name)")
        #expect(Self.versions(leaf) == l, "\(name)")
    }

    @Test func writingAnEqualValueChangesNothing() {
        let (root, middle, _, _) = Self.tree()
        middle.opacity = 0.25
        middle.backgroundColor = .white
        let (m, r) = (Self.versions(middle), Self.versions(root))
        middle.opacity = 0.25
        middle.backgroundColor = .white
        let (transform, bounds) = (middle.transform, middle.bounds)
        middle.transform = transform
        middle.bounds = bounds
        middle.contents = nil
        #expect(Self.versions(middle) == m && Self.versions(root) == r)
    }

    @Test func theAnchorIsContentWhileTheSublayerTransformPivotsOnIt() {
        let (_, middle, _, _) = Self.tree()
        middle.sublayerTransform = Transform3D(rotationDegrees: 30, x: 0, y: 0, z: 1)
        let content = middle.contentVersion
        middle.anchorPoint = Point(x: 0, y: 0)
        #expect(middle.contentVersion == content + 1)
        middle.anchorPointZ = 3
        #expect(middle.contentVersion == content + 2)
    }

    @Test func aGradientLayersGradientIsContent() {
        let g = GradientLayer(name: "g")
        let parent = Layer(name: "p", bounds: Rect(x: 0, y: 0, width: 10, height: 10), sublayers: [g])
        var expected = g.contentVersion
        let writes: [(GradientLayer) -> Void] = [
            { $0.colors = [.black, .white] }, { $0.locations = [0, 0.5] },
            { $0.startPoint = Point(x: 0, y: 0) }, { $0.endPoint = Point(x: 1, y: 1) },
        ]
        for write in writes {
            let parentContent = parent.contentVersion
            write(g)
            expected += 1
            #expect(g.contentVersion == expected && parent.contentVersion == parentContent + 1)
        }
        g.colors = [.black, .white]
        #expect(g.contentVersion == expected)
    }

    @Test func aDeepChangeReachesEveryAncestorAndItsSubtreeVersion() {
        let (root, middle, leaf, _) = Self.tree()
        let (r, m, subtree) = (root.contentVersion, middle.contentVersion, root.subtreeVersion)
        leaf.transform = Transform3D(rotationDegrees: 45, x: 1, y: 0, z: 0)
        #expect(root.contentVersion == r + 1 && middle.contentVersion == m + 1)
        #expect(root.subtreeVersion != subtree)
        // The root's own placement moves its subtree version too, not its content.
        let (content, moved) = (root.contentVersion, root.subtreeVersion)
        root.position = Point(x: 9, y: 9)
        #expect(root.contentVersion == content && root.subtreeVersion == moved + 1)
    }

    @Test func movingASublayerChangesBothOldAndNewAncestors() throws {
        let (root, middle, leaf, sibling) = Self.tree()
        let (r, m, s, l) = (root.contentVersion, middle.contentVersion, sibling.contentVersion, Self.versions(leaf))
        try sibling.addSublayer(leaf)
        #expect(middle.contentVersion > m && sibling.contentVersion > s && root.contentVersion > r)
        #expect(Self.versions(leaf) == l, "the moved subtree itself is unchanged")
        let (r2, s2) = (root.contentVersion, sibling.contentVersion)
        leaf.removeFromSuperlayer()
        #expect(sibling.contentVersion == s2 + 1 && root.contentVersion == r2 + 1)
        let m2 = middle.contentVersion
        try middle.setSublayers([Layer(name: "new")])
        #expect(middle.contentVersion > m2)
        let r3 = root.contentVersion
        try root.insertSublayer(Layer(name: "bottom"), at: 0)
        #expect(root.contentVersion == r3 + 1)
    }

    @Test func serialNumbersAreNeverRepeated() {
        var seen = Set<UInt64>()
        for _ in 0..<1000 {
            let l = Layer()
            #expect(seen.insert(l.serialNumber).inserted)
        }
        let a = Layer(), b = TransformLayer(), c = GradientLayer()
        #expect(a.serialNumber < b.serialNumber && b.serialNumber < c.serialNumber)
    }
}
