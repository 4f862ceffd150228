import Testing
import FolioGeometry
import FolioTestSupport
@testable import FolioLayers

/// Back faces judged by the plane, and masks without area: the predicates the evaluator uses.
@Suite struct CullingAndMaskTests {
    /// A root with perspective (eye 500 points in front of its centre) holding `layer`.
    static func context(_ layer: Layer) -> Layer {
        let root = Layer(name: "root", bounds: Rect(x: 0, y: 0, width: 400, height: 400), position: Point(x: 200, y: 200),
                         sublayers: [layer])
        root.sublayerTransform.m34 = -1.0 / 500
        return root
    }

    @Test func aZeroSizeContainerTurnedAwayFacesAway() throws {
        let child = Layer(name: "child", bounds: Rect(x: 0, y: 0, width: 50, height: 50), backgroundColor: .white)
        let container = Layer(name: "container", bounds: .zero, position: Point(x: 200, y: 200),
                              transform: Transform3D(rotationDegrees: 150, x: 0, y: 1, z: 0), sublayers: [child])
        let root = Self.context(container)
        let m = try #require(container.transform(toSublayerSpaceOf: root))
        #expect(container.facesAway(in: m))
        #expect(!container.isCulled(in: m), "double-sided: drawn from the back")
        container.isDoubleSided = false
        #expect(container.isCulled(in: m))
        container.transform = Transform3D(rotationDegrees: 30, x: 0, y: 1, z: 0)
        #expect(!container.isCulled(in: try #require(container.transform(toSublayerSpaceOf: root))))
    }

    @Test func aContainerWhoseCornersAreBehindTheEyeIsJudgedByItsPlane() throws {
        // A huge container whose far corners swing behind the eye (w < 0) when turned, while the
        // small sublayer at its centre stays in front: the plane still says which side shows.
        let child = Layer(name: "child", bounds: Rect(x: -25, y: -25, width: 50, height: 50), backgroundColor: .white)
        let container = Layer(name: "container", bounds: Rect(x: -5000, y: -5000, width: 10000, height: 10000),
                              position: Point(x: 200, y: 200), sublayers: [child])
        container.isDoubleSided = false
        let root = Self.context(container)
        for (degrees, away) in [(170.0, true), (100, true), (80, false), (10, false), (-170, true)] {
            container.transform = Transform3D(rotationDegrees: degrees, x: 0, y: 1, z: 0)
            let m = try #require(container.transform(toSublayerSpaceOf: root))
            let plane = Layer.plane(of: m)
            let corners = [Point(x: -5000, y: -5000), Point(x: 5000, y: -5000), Point(x: 5000, y: 5000), Point(x: -5000, y: 5000)]
            #expect(corners.contains { plane.apply($0).w < 0 }, "a corner is behind the eye at \(degrees)°")
            #expect(plane.apply(Point(x: 0, y: 0)).w > 0)
            #expect(container.isCulled(in: m) == away, "\(degrees)°")
        }
    }

    @Test func thePlaneTestAgreesWithTheProjectedWindingOfTheCorners() {
        // Wherever all four corners are in front of the eye, the sign of the plane's
        // determinant is the winding of the projected corners (the evaluator's old rule).
        var g = SeededGenerator(seed: 16)
        var compared = 0
        for _ in 0..<2000 {
            let layer = Layer(name: "l", bounds: Rect(x: 0, y: 0, width: 100, height: 60))
            layer.transform = Transform3D(rotationDegrees: Double.random(in: -180...180, using: &g), x: Double.random(in: -1...1, using: &g),
                                          y: Double.random(in: -1...1, using: &g), z: Double.random(in: -1...1, using: &g))
            layer.zPosition = Double.random(in: -200...200, using: &g)
            let root = Self.context(layer)
            guard let m = layer.transform(toSublayerSpaceOf: root) else { continue }
            let corners = [Point(x: 0, y: 0), Point(x: 100, y: 0), Point(x: 100, y: 60), Point(x: 0, y: 60)].map { Layer.plane(of: m).apply($0) }
            guard corners.allSatisfy({ $0.w > 0.05 }) else { continue }
            let projected = corners.map { Point(x: $0.x / $0.w, y: $0.y / $0.w) }
            let area = Projection.signedDoubleArea(projected)
            guard abs(area) > 1e-3 else { continue }
            // Positive shoelace area is a clockwise winding on screen (y down): the front.
            #expect(layer.facesAway(in: m) == (area < 0))
            compared += 1
        }
        #expect(compared > 1000)
    }

    @Test func edgeOnAndNonFiniteMatricesDoNotFaceAway() {
        let l = Layer(name: "l")
        #expect(!l.facesAway(in: Transform3D(rotationDegrees: 90, x: 0, y: 1, z: 0)))
        var broken = Transform3D.identity
        broken.m11 = .nan
        #expect(!l.facesAway(in: broken))
        // A transform layer is never culled as a whole: its sublayers are judged one by one.
        let joint = TransformLayer(name: "joint")
        joint.isDoubleSided = false
        #expect(joint.facesAway(in: Transform3D(rotationDegrees: 180, x: 0, y: 1, z: 0)))
        #expect(!joint.isCulled(in: Transform3D(rotationDegrees: 180, x: 0, y: 1, z: 0)))
    }

    @Test func aMaskWithoutAreaHidesEverySublayer() {
        for (bounds, hides) in [(Rect(x: 0, y: 0, width: 0, height: 50), true), (Rect(x: 0, y: 0, width: 50, height: 0), true),
                                (Rect(x: 0, y: 0, width: .nan, height: 50), true), (Rect(x: 0, y: 0, width: 1e-300, height: 50), false),
                                (Rect(x: 0, y: 0, width: -3, height: 5), false)] {
            let l = Layer(name: "l", bounds: bounds)
            l.masksToBounds = true
            #expect(l.masksAllSublayers == hides, "\(bounds)")
            l.masksToBounds = false
            #expect(!l.masksAllSublayers)
        }
        let joint = TransformLayer(name: "joint")
        joint.masksToBounds = true
        #expect(!joint.masksAllSublayers, "transform layers do not mask")
    }

    @Test func effectiveCornerRadiusAndBorderWidthClampLikeCoreAnimation() {
        let l = Layer(name: "l", bounds: Rect(x: 0, y: 0, width: 40, height: 100))
        for (radius, expected) in [(8.0, 8.0), (30, 20), (-4, 0), (.nan, 0), (.infinity, 20)] {
            l.cornerRadius = radius
            #expect(l.effectiveCornerRadius == expected, "radius \(radius)")
        }
        for (width, expected) in [(3.0, 3.0), (25, 20), (-1, 0), (.nan, 0)] {
            l.borderWidth = width
            #expect(l.effectiveBorderWidth == expected, "width \(width)")
        }
        l.borderWidth = 2
        #expect(l.drawsBorder)
        l.borderColor = Color.white.withAlpha(0)
        #expect(!l.drawsBorder)
        l.borderColor = .white
        l.bounds = .zero
        #expect(!l.drawsBorder && l.effectiveCornerRadius == 0)
        for (scale, expected) in [(2.0, 2.0), (0, 1), (-2, 1), (.nan, 1), (.infinity, 1)] {
            l.rasterizationScale = scale
            #expect(l.effectiveRasterizationScale == expected)
        }
    }
}
