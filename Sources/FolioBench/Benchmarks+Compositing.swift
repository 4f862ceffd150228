import FolioGeometry
import FolioLayers

extension Benchmarks {
    /// Heap allocations per call, once warm, of what the evaluator and renderer will call
    /// every frame for compositing: the group-opacity test with kept scratch storage (a
    /// translucent group of 100 tiles in perspective, two overlapping), and a property write
    /// with its change tracking, the versions and a tree-order hit test.
    static func compositingAllocations() -> [String: Double] {
        var tiles: [Layer] = []
        for i in 0..<100 {
            tiles.append(Layer(name: "t\(i)", frame: Rect(x: Double(i % 10) * 10, y: Double(i / 10) * 10, width: 10, height: 10),
                               backgroundColor: .white))
        }
        tiles[99].position.x -= 5
        let group = Layer(name: "group", frame: Rect(x: 0, y: 0, width: 100, height: 100), sublayers: tiles)
        group.opacity = 0.5
        group.transform = Transform3D(rotationDegrees: 20, x: 0, y: 1, z: 0)
        let root = Layer(name: "root", frame: Rect(x: 0, y: 0, width: 200, height: 200), sublayers: [group])
        root.sublayerTransform.m34 = -1.0 / 500
        var scratch = FlattenedSubtree()
        var sink = 0
        let groupTest = AllocationCounter.perCall(warmUp: 3, iterations: 50) {
            if group.opacityCompositing(using: &scratch) == .offscreen { sink += 1 }
        }
        let tile = tiles[42]
        let tracking = AllocationCounter.perCall(warmUp: 3, iterations: 200) {
            tile.opacity = tile.opacity == 1 ? 0.9 : 1
            sink &+= Int(truncatingIfNeeded: root.subtreeVersion &+ group.contentVersion)
            if root.hitTest(Point(x: 50, y: 50)) != nil { sink += 1 }
        }
        precondition(sink != 0)
        return ["groupOpacityTest": groupTest, "changeTrackingAndHitTest": tracking]
    }
}
