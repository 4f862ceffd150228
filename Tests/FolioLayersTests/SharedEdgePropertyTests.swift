import Testing
import FolioTestSupport
import FolioGeometry
@testable import FolioLayers

/// Random hinged chains: adjacent layers that share an edge in 3D project it identically.
@Suite struct SharedEdgePropertyTests {
    @Test func hingedNeighboursProjectTheirSharedEdgeIdentically() throws {
        var g = SeededGenerator(seed: 0x5EA_4)
        for _ in 0..<300 {
            let root = Layer(name: "root")
            root.bounds = Rect(x: 0, y: 0, width: 600, height: 600)
            root.position = Point(x: 300, y: 300)
            root.sublayerTransform.m34 = -1 / Double.random(in: 800...3000, using: &g)
            let width = Double.random(in: 10...300, using: &g)
            let h1 = Double.random(in: 10...200, using: &g), h2 = Double.random(in: 10...200, using: &g)
            // joint hangs from the top hinge; panel a inside; joint2 at a's bottom edge; panel b.
            let joint = TransformLayer(name: "joint")
            joint.bounds = Rect(x: 0, y: 0, width: width, height: h1)
            joint.anchorPoint = Point(x: 0.5, y: 0)
            joint.position = Point(x: 300, y: .random(in: 100...300, using: &g))
            joint.transform = Transform3D(rotationDegrees: .random(in: -89...89, using: &g), x: 1, y: 0, z: 0)
            let a = Layer(name: "a")
            a.bounds = joint.bounds
            a.anchorPoint = Point(x: 0.5, y: 0)
            a.position = Point(x: width / 2, y: 0)
            let joint2 = TransformLayer(name: "joint2")
            joint2.bounds = Rect(x: 0, y: 0, width: width, height: h2)
            joint2.anchorPoint = Point(x: 0.5, y: 0)
            joint2.position = Point(x: width / 2, y: h1)
            joint2.transform = Transform3D(rotationDegrees: .random(in: -170...170, using: &g), x: 1, y: 0, z: 0)
            let b = Layer(name: "b")
            b.bounds = joint2.bounds
            b.anchorPoint = Point(x: 0.5, y: 0)
            b.position = Point(x: width / 2, y: 0)
            try joint.addSublayer(a)
            try joint2.addSublayer(b)
            try joint.addSublayer(joint2)
            try root.addSublayer(joint)
            let e = LayerEvaluator()
            e.evaluate(root)
            // Compare the unclipped, unsplit projections of the shared edge through each chain.
            let ma = a.localTransform.concatenating(joint.localTransform)
                .concatenating(root.pivotedSublayerTransform).concatenating(root.localTransform)
            let mb = b.localTransform.concatenating(joint2.localTransform).concatenating(joint.localTransform)
                .concatenating(root.pivotedSublayerTransform).concatenating(root.localTransform)
            for x in [0.0, width] {
                guard let pa = Vector3(x: x, y: h1, z: 0).applying(ma).projected,
                      let pb = Vector3(x: x, y: 0, z: 0).applying(mb).projected else { continue }
                #expect(pa.distance(to: pb) < 1e-9)
            }
            #expect(e.quads.filter(\.isVisible).allSatisfy { q in e.corners(of: q).allSatisfy { $0.point.isFinite } })
        }
    }
}
