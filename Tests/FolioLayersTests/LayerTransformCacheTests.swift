import Testing
import FolioGeometry
@testable import FolioLayers
import FolioTestSupport

/// `localTransform` and `pivotedSublayerTransform` are kept by the setters of their inputs:
/// after any sequence of writes they must hold, bit for bit, what their formulas give for the
/// stored values — hostile values (−0, NaN, ±∞, subnormals) included.
@Suite struct LayerTransformCacheTests {
    /// The formulas, written out here independently of the layer's own code.
    static func expectedLocal(_ l: Layer) -> Transform3D {
        let ax = l.bounds.origin.x + l.anchorPoint.x * l.bounds.size.width
        let ay = l.bounds.origin.y + l.anchorPoint.y * l.bounds.size.height
        let az = l.anchorPointZ
        return l.transform.translated(x: -ax, y: -ay, z: -az)
            .appendingTranslation(x: l.position.x, y: l.position.y, z: l.zPosition)
    }

    static func expectedPivoted(_ l: Layer) -> Transform3D {
        if l.sublayerTransform.isIdentity { return .identity }
        let ax = l.bounds.origin.x + l.anchorPoint.x * l.bounds.size.width
        let ay = l.bounds.origin.y + l.anchorPoint.y * l.bounds.size.height
        let az = l.anchorPointZ
        return l.sublayerTransform.translated(x: -ax, y: -ay, z: -az).appendingTranslation(x: ax, y: ay, z: az)
    }

    static func bits(_ m: Transform3D) -> [UInt64] { m.entries.map(\.bitPattern) }

    /// Values that rounding, signs of zero and non-finite arithmetic tell apart. (−1e-300 / 1e10
    /// is −1e-310, a negative subnormal, to the bit; written as a literal it draws a warning.)
    static let hostile: [Double] = [0, -0.0, 1, -1, 0.5, 3.25, -7.5, 1e300, -1e-300 / 1e10, .leastNonzeroMagnitude,
                                    .infinity, -.infinity, .nan, 123.456, -0.1]

    @Test func freshLayersHoldTheFormulasForTheDefaultGeometry() {
        for layer in [Layer(name: "l"), TransformLayer(name: "t"), GradientLayer(name: "g"), SurfaceLayer(name: "s")] {
            #expect(Self.bits(layer.localTransform) == Self.bits(Self.expectedLocal(layer)))
            #expect(Self.bits(layer.pivotedSublayerTransform) == Self.bits(Self.expectedPivoted(layer)))
        }
    }

    @Test func everyInputWriteKeepsBothMatricesBitIdenticalToTheirFormulas() {
        var random = SeededGenerator(seed: 17)
        let layer = Layer(name: "cached")
        func value() -> Double { Self.hostile[Int(random.next() % UInt64(Self.hostile.count))] }
        func matrix() -> Transform3D {
            switch random.next() % 4 {
            case 0: return .identity
            case 1: return Transform3D(rotationDegrees: value(), x: 1, y: value(), z: 0)
            case 2: var m = Transform3D.identity; m.m34 = value(); m.m41 = value(); return m
            default: return Transform3D(entries: (0..<16).map { _ in value() })!
            }
        }
        for step in 0..<4000 {
            switch random.next() % 9 {
            case 0: layer.bounds = Rect(x: value(), y: value(), width: value(), height: value())
            case 1: layer.position = Point(x: value(), y: value())
            case 2: layer.anchorPoint = Point(x: value(), y: value())
            case 3: layer.anchorPointZ = value()
            case 4: layer.zPosition = value()
            case 5: layer.transform = matrix()
            case 6: layer.sublayerTransform = matrix()
            case 7: layer.transform.m42 = value()          // a write through one entry
            default: layer.sublayerTransform.m34 = value()
            }
            #expect(Self.bits(layer.localTransform) == Self.bits(Self.expectedLocal(layer)), "step \(step)")
            #expect(Self.bits(layer.pivotedSublayerTransform) == Self.bits(Self.expectedPivoted(layer)), "step \(step)")
        }
    }

    /// The matrices are recomputed on the first read after a write: several writes with no
    /// read between them (a hinge's position, then its transform), and reads of only one of
    /// the two, must end with the bits the formulas give for the last stored values.
    @Test func writesWithoutReadsInBetweenEndWithTheFormulasBits() {
        var random = SeededGenerator(seed: 29)
        let layer = Layer(name: "lazy")
        func value() -> Double { Self.hostile[Int(random.next() % UInt64(Self.hostile.count))] }
        for step in 0..<3000 {
            let write = random.next() % 7
            switch write {
            case 0: layer.bounds = Rect(x: value(), y: value(), width: value(), height: value())
            case 1: layer.position = Point(x: value(), y: value())
            case 2: layer.anchorPoint = Point(x: value(), y: value())
            case 3: layer.zPosition = value()
            case 4: layer.transform = Transform3D(rotationDegrees: value(), x: 1, y: value(), z: 0)
            case 5: layer.sublayerTransform.m34 = value()
            default: layer.anchorPointZ = value()
            }
            // A write of a geometry input leaves the kept local transform due for recomputing,
            // not recomputed. (A transform with the same bits again stores nothing, and the
            // sublayer transform is not an input of the local transform.)
            if write != 4 && write != 5 { #expect(layer.localTransformIsStale, "step \(step)") }
            switch random.next() % 4 {
            case 0:
                #expect(Self.bits(layer.localTransform) == Self.bits(Self.expectedLocal(layer)), "step \(step)")
                #expect(!layer.localTransformIsStale)
            case 1:
                #expect(Self.bits(layer.pivotedSublayerTransform) == Self.bits(Self.expectedPivoted(layer)), "step \(step)")
            default:
                break   // more writes before the next read
            }
        }
        #expect(Self.bits(layer.localTransform) == Self.bits(Self.expectedLocal(layer)))
        #expect(Self.bits(layer.pivotedSublayerTransform) == Self.bits(Self.expectedPivoted(layer)))
    }

    @Test func anEqualTransformIsStoredWithItsOwnBitsButCountsAsNoChange() {
        let layer = Layer(name: "zero")
        layer.position = Point(x: 10, y: 20)
        var positiveZero = Transform3D.identity
        positiveZero.m41 = 0
        layer.transform = positiveZero
        let version = layer.version
        var negativeZero = Transform3D.identity
        negativeZero.m41 = -0.0
        layer.transform = negativeZero
        // −0 == 0: no change of value is recorded, but the new bits are what is stored, and
        // the cached local transform follows them.
        #expect(layer.version == version)
        #expect(layer.transform.m41.bitPattern == (-0.0).bitPattern)
        #expect(Self.bits(layer.localTransform) == Self.bits(Self.expectedLocal(layer)))
        layer.transform.m41 = 5
        #expect(layer.version == version + 1)
        #expect(layer.localTransform.m41 == 15)
        #expect(layer.transformIsIdentity == false)
    }

    @Test func sublayerTransformWritesKeepTheChangeTrackingKinds() {
        let parent = Layer(name: "parent")
        let child = Layer(name: "child")
        try? parent.addSublayer(child)
        let (version, content, parentContent) = (child.version, child.contentVersion, parent.contentVersion)
        child.sublayerTransform = .identity                 // equal: nothing changes
        #expect((child.version, child.contentVersion, parent.contentVersion) == (version, content, parentContent))
        child.sublayerTransform.m34 = -0.001                // a content change
        #expect(child.version == version + 1 && child.contentVersion == content + 1)
        #expect(parent.contentVersion == parentContent + 1)
        #expect(child.pivotedSublayerTransform.m34 == -0.001)
        child.transform = Transform3D(scaleX: 2, y: 2)      // a placement change
        #expect(child.version == version + 2 && child.contentVersion == content + 1)
    }

    @Test func homographyFinitenessMatchesTestingEachEntry() {
        for special in Self.hostile {
            for entry in 0..<12 {
                var values = [Double](repeating: 1, count: 12)
                values[entry] = special
                let h = Homography(x: Vector4(x: values[0], y: values[1], z: values[2], w: values[3]),
                                   y: Vector4(x: values[4], y: values[5], z: values[6], w: values[7]),
                                   origin: Vector4(x: values[8], y: values[9], z: values[10], w: values[11]))
                #expect(h.isFinite == values.allSatisfy(\.isFinite), "entry \(entry) = \(special)")
            }
        }
    }
}
