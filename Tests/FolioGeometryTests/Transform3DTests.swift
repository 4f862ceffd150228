import Testing
import FolioGeometry

/// Core Animation's published matrix conventions, checked entry by entry.
@Suite struct Transform3DTests {
    @Test func rotationOf90DegreesAboutYHasCoreAnimationSigns() {
        let r = Transform3D(rotationAngle: .pi / 2, x: 0, y: 1, z: 0)
        #expect(abs(r.m13 - -1) < 1e-15)
        #expect(abs(r.m31 - 1) < 1e-15)
        let exact = Transform3D(rotationDegrees: 90, x: 0, y: 1, z: 0)
        #expect(exact.m13 == -1 && exact.m31 == 1 && exact.m11 == 0 && exact.m33 == 0 && exact.m22 == 1)
    }

    @Test func positiveRotationAboutYSendsXTowardNegativeZ() {
        let p = Vector3(x: 1, y: 0, z: 0).applying(Transform3D(rotationDegrees: 90, x: 0, y: 1, z: 0))
        #expect(p == Vector4(x: 0, y: 0, z: -1, w: 1))
    }

    @Test func positiveRotationAboutXSendsYTowardPositiveZ() {
        let p = Vector3(x: 0, y: 1, z: 0).applying(Transform3D(rotationDegrees: 90, x: 1, y: 0, z: 0))
        #expect(p == Vector4(x: 0, y: 0, z: 1, w: 1))
    }

    @Test func concatenationAppliesTheLeftOperandFirst() {
        let t = Transform3D(translationX: 10, y: 0, z: 0)
        let s = Transform3D(scaleX: 2, y: 2, z: 2)
        #expect(t.concatenating(s).m41 == 20)
        #expect(s.concatenating(t).m41 == 10)
    }

    @Test func translatedScaledRotatedPreMultiplyLikeCoreAnimation() {
        let base = Transform3D(scaleX: 2, y: 3, z: 4)
        #expect(base.translated(x: 1, y: 2, z: 3) == Transform3D(translationX: 1, y: 2, z: 3).concatenating(base))
        #expect(base.scaled(x: 5, y: 6, z: 7) == Transform3D(scaleX: 5, y: 6, z: 7).concatenating(base))
        #expect(base.rotated(degrees: 30, x: 1, y: 1, z: 0)
            == Transform3D(rotationDegrees: 30, x: 1, y: 1, z: 0).concatenating(base))
    }

    @Test func zeroAxisRotationIsTheIdentity() {
        #expect(Transform3D(rotationAngle: 1.2, x: 0, y: 0, z: 0).isIdentity)
        #expect(Transform3D(rotationAngle: 1.2, x: .nan, y: 0, z: 0).isIdentity)
    }

    @Test func degreeSinesAndCosinesAreExactOnQuadrants() {
        for k in -8...8 {
            let (s, c) = Angle.sinCos(degrees: Double(k) * 90)
            let expected: [(Double, Double)] = [(0, 1), (1, 0), (0, -1), (-1, 0)]
            let (es, ec) = expected[((k % 4) + 4) % 4]
            #expect(s == es && c == ec, "k = \(k)")
        }
        let (s45, c45) = Angle.sinCos(degrees: 45)
        #expect(abs(s45 - 0.5.squareRoot()) < 1e-15 && abs(c45 - 0.5.squareRoot()) < 1e-15)
    }

    @Test func singularMatricesDoNotInvert() {
        #expect(Transform3D(scaleX: 1, y: 0, z: 1).inverted() == nil)
        #expect(Transform3D(scaleX: 1e9, y: 1e9, z: 0).inverted() == nil)
        var nan = Transform3D.identity
        nan.m23 = .nan
        #expect(nan.inverted() == nil)
        // Rows that are dependent but large must also be refused (relative test).
        var dependent = Transform3D.identity
        dependent.m21 = 1e6; dependent.m22 = 2e6; dependent.m11 = 1; dependent.m12 = 2
        #expect(dependent.inverted() == nil)
    }

    @Test func tinyButRegularScalesStillInvert() {
        let s = Transform3D(scaleX: 1e-5, y: 1e-5, z: 1e-5)
        let inv = s.inverted()
        #expect(inv != nil)
        #expect(abs((inv?.m11 ?? 0) - 1e5) < 1e-6)
    }

    @Test func affineBridgeRoundTrips() {
        let a = AffineTransform(a: 1, b: 2, c: 3, d: 4, tx: 5, ty: 6)
        let t = Transform3D(a)
        #expect(t.isAffine)
        #expect(t.affine == a)
        #expect(!Transform3D(perspectiveDistance: 500).isAffine)
        #expect(!Transform3D(rotationDegrees: 10, x: 0, y: 1, z: 0).isAffine)
        let p = Point(x: 7, y: -2)
        let viaAffine = a.apply(to: p)
        let via3D = Vector3(x: 7, y: -2, z: 0).applying(t)
        #expect(viaAffine == Point(x: via3D.x, y: via3D.y))
    }

    @Test func perspectivePutsTheEyeAtPositiveDistance() {
        let p = Vector3(x: 10, y: 0, z: 500).applying(Transform3D(perspectiveDistance: 1000))
        #expect(p.w == 0.5)
        #expect(p.projected == Point(x: 20, y: 0))
        #expect(Vector3(x: 1, y: 1, z: 1000).applying(Transform3D(perspectiveDistance: 1000)).projected == nil)
        #expect(Vector3(x: 1, y: 1, z: 1001).applying(Transform3D(perspectiveDistance: 1000)).projected == nil)
    }

    @Test func glEntriesAreInRowOrder() {
        let t = Transform3D(translationX: 1, y: 2, z: 3)
        #expect(t.entries[12...14] == [1, 2, 3])
        #expect(Transform3D(entries: t.entries) == t)
        #expect(Transform3D(entries: [1, 2]) == nil)
    }
}

/// `isFinite` tests all sixteen entries at once; its answer must be the entry-by-entry one.
@Suite struct Transform3DFinitenessTests {
    @Test func finitenessMatchesTestingEachEntry() {
        let specials: [Double] = [0, -0.0, 1, -1e308, .greatestFiniteMagnitude, .leastNonzeroMagnitude,
                                  -.leastNormalMagnitude, .infinity, -.infinity, .nan, -.nan, .signalingNaN]
        for special in specials {
            for entry in 0..<16 {
                var values = Transform3D(rotationDegrees: 30, x: 1, y: 1, z: 0).entries
                values[entry] = special
                let m = Transform3D(entries: values)!
                #expect(m.isFinite == values.allSatisfy(\.isFinite), "entry \(entry) = \(special)")
            }
        }
        // Two infinities of opposite signs must not cancel into a finite answer.
        var m = Transform3D.identity
        m.m11 = .infinity; m.m44 = -.infinity
        #expect(!m.isFinite)
    }
}
