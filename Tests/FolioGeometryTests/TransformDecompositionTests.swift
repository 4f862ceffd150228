import Foundation
import Testing
import FolioGeometry
import FolioTestSupport

/// `Transform3D.decomposed()`, `DecomposedTransform3D.recomposed` and `blended(to:by:)`
/// against matrices and parts worked out by hand from the definitions (CSS Transforms Level 2).
@Suite struct TransformDecompositionTests {
    static func close(_ a: Transform3D, _ b: Transform3D, _ tolerance: Double) -> Bool {
        zip(a.entries, b.entries).allSatisfy { abs($0 - $1) <= tolerance }
    }

    @Test func aSkewAlongXIsTheTangentOfItsAngleWithUnitScale() throws {
        // skewX(30°) in row-vector form: x' = x + tan30°·y, so m21 = tan 30°.
        var m = Transform3D.identity
        m.m21 = tan(Double.pi / 6)
        let d = try #require(m.decomposed())
        #expect(abs(d.skewXY - 0.577_350_269_189_625_8) < 1e-15)
        #expect(d.skewXZ == 0 && d.skewYZ == 0)
        #expect(abs(d.scale.x - 1) < 1e-15 && abs(d.scale.y - 1) < 1e-15 && abs(d.scale.z - 1) < 1e-15)
        #expect(abs(d.rotation.w - 1) < 1e-15)
        #expect(Self.close(d.recomposed, m, 1e-15))
    }

    @Test func aScaledSkewedMatrixSplitsIntoScaleThenSkew() throws {
        // Rows a0 = (2, 0, 0), a1 = (3, 4, 0): sx = 2, r0 = x; xy·sy = r0·a1 = 3, sy = |(0,4,0)| = 4, xy = 3/4.
        let m = Transform3D(m11: 2, m12: 0, m13: 0, m14: 0, m21: 3, m22: 4, m23: 0, m24: 0,
                            m31: 0, m32: 0, m33: 5, m34: 0, m41: 7, m42: -8, m43: 9, m44: 1)
        let d = try #require(m.decomposed())
        #expect(d.scale == Vector3(x: 2, y: 4, z: 5))
        #expect(d.skewXY == 0.75)
        #expect(d.translation == Vector3(x: 7, y: -8, z: 9))
        #expect(Self.close(d.recomposed, m, 1e-14))
    }

    @Test func coreAnimationsPerspectiveRotationGivesItsPerspectiveAndHalfAngleQuaternion() throws {
        // CATransform3DRotate(P, θ, 0, 1, 0) with P.m34 = −1/d: the rows of R_y(θ), and the fourth
        // column R·(0, 0, −1/d, 1): m14 = sinθ/d, m34 = −cosθ/d.
        let theta = 0.7, distance = 500.0
        var p = Transform3D.identity
        p.m34 = -1 / distance
        let m = p.rotated(by: theta, x: 0, y: 1, z: 0)
        #expect(abs(m.m14 - sin(theta) / distance) < 1e-18 && abs(m.m34 - -cos(theta) / distance) < 1e-18)
        let d = try #require(m.decomposed())
        #expect(abs(d.perspective.x) < 1e-18 && abs(d.perspective.y) < 1e-18)
        #expect(abs(d.perspective.z - -0.002) < 1e-17 && abs(d.perspective.w - 1) < 1e-15)
        // This convention's quaternion of a rotation θ about y: (0, −sin(θ/2), 0, cos(θ/2)).
        #expect(abs(d.rotation.y - -sin(theta / 2)) < 1e-15 && abs(d.rotation.w - cos(theta / 2)) < 1e-15)
        #expect(abs(d.rotation.x) < 1e-15 && abs(d.rotation.z) < 1e-15)
        #expect(Self.close(d.recomposed, m, 1e-15))
    }

    @Test func aTranslatedPerspectiveIsNormalisedByM44() throws {
        // CATransform3DTranslate(P, 10, 20, 30), P.m34 = −0.002: row 4 = (10, 20, 30, 0.94).
        // Divided by m44 = 0.94: scale 1/0.94, translation (10, 20, 30)/0.94, and
        // p = A⁻¹c = (0, 0, −0.002) with p₄ = 1 − t·p = 1 + 0.06/0.94.
        var p = Transform3D.identity
        p.m34 = -0.002
        let m = p.translated(x: 10, y: 20, z: 30)
        #expect(abs(m.m44 - 0.94) < 1e-15)
        let d = try #require(m.decomposed())
        let n = 1 / 0.94
        #expect(abs(d.scale.x - n) < 1e-14 && abs(d.scale.y - n) < 1e-14 && abs(d.scale.z - n) < 1e-14)
        #expect(abs(d.translation.x - 10 * n) < 1e-12 && abs(d.translation.z - 30 * n) < 1e-12)
        #expect(abs(d.perspective.z - -0.002) < 1e-17 && abs(d.perspective.w - (1 + 0.06 * n)) < 1e-14)
        // The recomposition is the same projective map, scaled to m44 = 1.
        let scaled = Transform3D(entries: m.entries.map { $0 * n })!
        #expect(Self.close(d.recomposed, scaled, 1e-13))
    }

    @Test func aMirrorNegatesEveryScaleAndKeepsAProperRotation() throws {
        let m = Transform3D(scaleX: -2, y: 3, z: 1)
        let d = try #require(m.decomposed())
        // Gram–Schmidt gives scales (2, 3, 1) with r₀ = −x, a left-handed frame: all three scales
        // are negated, and the rows become diag(1, −1, −1), a rotation by 180° about x.
        #expect(d.scale == Vector3(x: -2, y: -3, z: -1))
        #expect(Self.close(d.recomposed, m, 1e-15))
    }

    @Test func randomMatricesWithSkewAndPerspectiveRecompose() throws {
        var g = SeededGenerator(seed: 40)
        for _ in 0..<500 {
            var m = Transform3D(entries: (0..<16).map { _ in Double.random(in: -2...2, using: &g) })!
            m.m44 = Double.random(in: 0.5...2, using: &g)
            m.m14 *= 0.01; m.m24 *= 0.01; m.m34 *= 0.01
            guard let d = m.decomposed() else { continue }
            let expected = Transform3D(entries: m.entries.map { $0 / m.m44 })!
            let tolerance = 1e-9 * max(1, expected.entries.map(abs).max()!)
            #expect(Self.close(d.recomposed, expected, tolerance))
        }
    }

    @Test func singularOrNonFiniteMatricesDoNotDecompose() {
        #expect(Transform3D(scaleX: 0, y: 1).decomposed() == nil)
        var m = Transform3D.identity
        m.m44 = 0
        #expect(m.decomposed() == nil)
        m = .identity
        m.m12 = .nan
        #expect(m.decomposed() == nil)
    }

    @Test func halfwayBetweenRotationsOfZeroAndNinetyDegreesIsFortyFive() {
        let a = Transform3D.identity, b = Transform3D(rotationDegrees: 90, x: 0, y: 0, z: 1)
        let mid = a.blended(to: b, by: 0.5)
        let r = 0.5.squareRoot()
        #expect(Self.close(mid, Transform3D(rotationSine: r, cosine: r, x: 0, y: 0, z: 1), 1e-15))
        let quarter = a.blended(to: b, by: 0.25)
        #expect(abs(quarter.m11 - cos(Double.pi / 8)) < 1e-15 && abs(quarter.m12 - sin(Double.pi / 8)) < 1e-15)
    }

    @Test func translationScaleAndPerspectiveBlendLinearly() {
        var a = Transform3D(scaleX: 1, y: 1)
        a.m34 = -1.0 / 500
        var b = Transform3D(scaleX: 3, y: 2).appendingTranslation(x: 100, y: 50)
        b.m34 = -1.0 / 1000          // row 3 is (0, 0, 1): p = A⁻¹c has p_z = m34
        let m = a.blended(to: b, by: 0.25)
        let d = m.decomposed()!
        #expect(abs(d.scale.x - 1.5) < 1e-14 && abs(d.scale.y - 1.25) < 1e-14)
        #expect(abs(d.translation.x - 25) < 1e-12 && abs(d.translation.y - 12.5) < 1e-12)
        #expect(abs(d.perspective.z - -0.001_75) < 1e-15)
    }

    @Test func blendsEndExactlyOnTheirEndpointsAndSwitchDiscretelyWhenSingular() {
        let a = Transform3D(rotationDegrees: 30, x: 1, y: 1, z: 0), b = Transform3D(scaleX: 2, y: 3).appendingTranslation(x: 4, y: 5)
        #expect(a.blended(to: b, by: 0) == a && a.blended(to: b, by: 1) == b)
        let singular = Transform3D(scaleX: 0, y: 1)
        #expect(a.blended(to: singular, by: 0.49) == a && a.blended(to: singular, by: 0.5) == singular)
    }

    @Test func slerpKeepsUnitLengthAndFollowsTheGivenArc() {
        let a = Quaternion.identity
        let b = Quaternion(x: 0, y: 0, z: -sin(0.75 * Double.pi), w: cos(0.75 * Double.pi))   // 270° about z
        for t in stride(from: 0.0, through: 1.0, by: 0.125) {
            let q = a.slerp(to: b, by: t)
            #expect(abs(q.dot(q) - 1) < 1e-14)
            // Along the arc as given: the half-angle grows linearly to 135°.
            #expect(abs(q.w - cos(0.75 * Double.pi * t)) < 1e-14)
        }
    }
}
