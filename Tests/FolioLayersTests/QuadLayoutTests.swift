import Testing
import FolioGeometry
@testable import FolioLayers

/// The evaluator's output is written in full every frame, so its size is part of its speed:
/// a corner is 56 bytes (its screen point computed on read) and a quad 136 (the surface patch
/// index in the padding after `isVisible`).
@Suite struct QuadLayoutTests {
    @Test func aCornerIsFiftySixBytesAndAQuadOneHundredThirtySix() {
        #expect(MemoryLayout<QuadVertex>.stride == 56)
        #expect(MemoryLayout<Quad>.stride == 136)
    }

    @Test func theScreenPointIsTheClipPositionDividedByWBitForBit() throws {
        let parent = Layer(name: "parent")
        parent.bounds = Rect(x: 0, y: 0, width: 300, height: 200)
        parent.position = Point(x: 150, y: 100)
        var perspective = Transform3D.identity
        perspective.m34 = -1.0 / 500
        parent.sublayerTransform = perspective
        let child = Layer(name: "child")
        child.bounds = Rect(x: 0, y: 0, width: 120, height: 80)
        child.position = Point(x: 140, y: 90)
        child.transform = Transform3D(rotationDegrees: 37, x: 0.3, y: 1, z: 0.1)
        try parent.addSublayer(child)
        let e = LayerEvaluator()
        e.evaluate(parent)
        var checked = 0
        for q in e.quads where q.isVisible {
            for v in e.corners(of: q) {
                if q.layer === child { #expect(v.clip.w != 1, "a perspective corner") }
                #expect(v.point.x.bitPattern == (v.clip.x / v.clip.w).bitPattern)
                #expect(v.point.y.bitPattern == (v.clip.y / v.clip.w).bitPattern)
                // The map reproduces the corner from its local point.
                let h = q.localToView.apply(v.local)
                #expect(abs(h.x / h.w - v.point.x) <= 1e-9 && abs(h.y / h.w - v.point.y) <= 1e-9)
                checked += 1
            }
        }
        #expect(checked >= 4)
    }

    @Test func theSurfacePatchIndexKeepsItsValueAndIsMinusOneForFlatLayers() throws {
        let layer = Layer(name: "flat")
        layer.bounds = Rect(x: 0, y: 0, width: 10, height: 10)
        let e = LayerEvaluator()
        e.evaluate(layer)
        var q = try #require(e.quads.first)
        #expect(q.surfacePatch == -1)
        q.surfacePatch = 41
        #expect(q.surfacePatch == 41)
        q.surfacePatch = Int.max
        #expect(q.surfacePatch == Int(Int32.max))
    }
}
