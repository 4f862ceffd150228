import Foundation
import Testing
import FolioGeometry
@testable import FolioLayers

/// `Layer.transform(toCoordinatesOf:)`: where a lifted layer's points stand relative to another
/// layer of the same 3D rendering context, before the context's perspective — the heights a
/// cast shadow needs.
@Suite struct LayerCoordinatesTests {
    /// A 320 × 240 view with a perspective (as the effects have), a page on its right half and
    /// a leaf hinged on the page's left edge (x = 160), turned toward the viewer by `degrees`
    /// about the vertical axis, optionally inside a transform layer.
    static func scene(degrees: Double, inTransformLayer: Bool = false) throws -> (root: Layer, page: Layer, leaf: Layer) {
        let root = Layer(name: "root", frame: Rect(x: 0, y: 0, width: 320, height: 240))
        root.sublayerTransform.m34 = -1 / 746.67
        let page = Layer(name: "page", frame: Rect(x: 160, y: 0, width: 160, height: 240), backgroundColor: .white)
        let leaf = Layer(name: "leaf")
        leaf.bounds = Rect(x: 0, y: 0, width: 160, height: 240)
        leaf.anchorPoint = Point(x: 0, y: 0.5)
        leaf.position = Point(x: 160, y: 120)
        // −θ about y lifts +x toward +z (+90° about y sends +x to −z).
        leaf.transform = Transform3D(rotationAngle: -degrees * .pi / 180, x: 0, y: 1, z: 0)
        if inTransformLayer {
            let joint = TransformLayer(name: "joint")
            joint.bounds = Rect(x: 0, y: 0, width: 320, height: 240)
            joint.position = Point(x: 160, y: 120)
            try joint.addSublayer(leaf)
            try root.setSublayers([page, joint])
        } else {
            try root.setSublayers([page, leaf])
        }
        return (root, page, leaf)
    }

    /// The leaf's free edge (its local x = 160) stands `160·sinθ` above the page and
    /// `160·cosθ` across from the hinge, the hinge lies on the page's edge at height 0, and the
    /// perspective (how the scene is seen) changes none of it; the same through a transform layer.
    @Test(arguments: [0.0, 30, 72, 90, 135])
    func aTurnedLeafStandsItsSineAboveThePage(degrees: Double) throws {
        for nested in [false, true] {
            let (_, page, leaf) = try Self.scene(degrees: degrees, inTransformLayer: nested)
            let m = try #require(leaf.transform(toCoordinatesOf: page))
            let (s, c) = (sin(degrees * .pi / 180), cos(degrees * .pi / 180))
            for y in [0.0, 120, 240] {
                let free = Vector3(x: 160, y: y, z: 0).applying(m)
                #expect(abs(free.x / free.w - 160 * c) < 1e-9)
                #expect(abs(free.y / free.w - y) < 1e-9)
                #expect(abs(free.z / free.w - 160 * s) < 1e-9)
                let hinge = Vector3(x: 0, y: y, z: 0).applying(m)
                #expect(abs(hinge.x / hinge.w) < 1e-9 && abs(hinge.z / hinge.w) < 1e-9)
            }
        }
    }

    /// A layer's transform to itself is the identity, and to a layer it is mapped from, the
    /// inverse of that layer's map (round trip to 1e-12).
    @Test func theTransformBackIsTheInverse() throws {
        let (_, page, leaf) = try Self.scene(degrees: 40)
        let there = try #require(leaf.transform(toCoordinatesOf: page))
        let back = try #require(page.transform(toCoordinatesOf: leaf))
        let p = Vector3(x: 37, y: 81, z: 5)
        let q = p.applying(there)
        let r = Vector3(x: q.x / q.w, y: q.y / q.w, z: q.z / q.w).applying(back)
        #expect(abs(r.x - p.x) < 1e-12 && abs(r.y - p.y) < 1e-12 && abs(r.z - p.z) < 1e-12)
        let own = try #require(leaf.transform(toCoordinatesOf: leaf))
        let o = p.applying(own)
        #expect(abs(o.x - p.x) < 1e-12 && abs(o.y - p.y) < 1e-12 && abs(o.z - p.z) < 1e-12)
    }

    /// Layers on different planes — one flattened into a layer of its own, which lies in its
    /// parent's context — share no 3D space: nil; so is a page squashed to nothing (no inverse).
    @Test func layersOfDifferentRenderingContextsOrSingularPagesGiveNil() throws {
        let (_, page, leaf) = try Self.scene(degrees: 40)
        let sticker = Layer(name: "sticker", frame: Rect(x: 10, y: 10, width: 20, height: 20), backgroundColor: .black)
        try leaf.addSublayer(sticker)
        #expect(sticker.transform(toCoordinatesOf: page) == nil)
        #expect(sticker.transform(toCoordinatesOf: leaf) == nil)
        let label = Layer(name: "label", frame: Rect(x: 40, y: 10, width: 20, height: 20), backgroundColor: .black)
        try leaf.addSublayer(label)
        #expect(sticker.transform(toCoordinatesOf: label) != nil, "two layers flattened into the same leaf share its plane")
        page.transform = Transform3D(scaleX: 1, y: 0, z: 1)
        #expect(leaf.transform(toCoordinatesOf: page) == nil)
    }
}
