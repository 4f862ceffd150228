import Testing
import FolioGeometry
import FolioMotion
@testable import FolioLayers

/// Value and velocity continuous at every interruption (issue 40): a transaction that
/// interrupts a sub-path, a keyframe animation, a timing curve or a whole-matrix spring starts
/// at the velocity the property had on screen.
///
/// The oracle is a finite difference of the presentation, computed by the test and not by
/// the code under test. Where the interrupted motion is piecewise linear in time (linear
/// curves and keyframes), the five-point central difference `(f(t−2h) − 8f(t−h) + 8f(t+h) −
/// f(t+2h))/12h` is exact for it up to rounding (≈ 1e-16·|f|/h, below 1e-11 here with h = 0.01),
/// so the handed-over velocity is held to it at 1e-9. Elsewhere the analytic velocity before
/// the change is first checked against the difference at the difference's own error, then the
/// velocity after against it at 1e-9.
@Suite struct InterruptionVelocityTests {
    static func scene() throws -> (clock: LayerClock, layer: Layer) {
        let layer = Layer(name: "panel", frame: Rect(x: 0, y: 0, width: 100, height: 100), backgroundColor: .white)
        let root = Layer(name: "root", frame: Rect(x: 0, y: 0, width: 800, height: 600), sublayers: [layer])
        return (try LayerClock(root: root), layer)
    }

    /// The five-point central difference of `f` at `t`.
    static func derivative(_ f: (Double) -> Double, at t: Double, h: Double = 0.01) -> Double {
        (f(t - 2 * h) - 8 * f(t - h) + 8 * f(t + h) - f(t + 2 * h)) / (12 * h)
    }

    static func x(_ layer: Layer, _ t: Double) -> Double { layer.presentationValue(forKeyPath: .position, at: t).point.x }
    static func y(_ layer: Layer, _ t: Double) -> Double { layer.presentationValue(forKeyPath: .position, at: t).point.y }

    /// A spring transaction on `position` interrupting a `position.x` animation starts at its
    /// speed (before: 0, so the layer stopped dead — a jump of 400 points per second).
    @Test func aPositionSpringInterruptingAPositionXAnimationKeepsItsVelocity() throws {
        let (clock, layer) = try Self.scene()
        try clock.add(.basic(.positionX, from: .number(0), to: .number(400), timing: try MediaTiming(duration: 1)),
                      to: layer, forKey: "slide")
        try clock.advance(by: 0.3)
        let t = clock.time
        let seen = Self.derivative({ Self.x(layer, $0) }, at: t)
        #expect(abs(seen - 400) < 1e-9, "the oracle: a linear slide moves at 400 points per second")
        let before = layer.presentationValue(forKeyPath: .position, at: t)
        clock.perform(.spring(try Spring(response: 0.4, dampingRatio: 0.8))) { layer.position = Point(x: 50, y: 300) }
        let after = layer.presentationValue(forKeyPath: .position, at: t)
        let velocity = layer.presentationVelocity(forKeyPath: .position, at: t).point
        #expect(after.distance(to: before) < 1e-9)
        #expect(abs(velocity.x - seen) < 1e-9, "handed over \(velocity.x), moving at \(seen)")
        #expect(abs(velocity.y) < 1e-9)
        // A one-sided second-order difference of the new presentation agrees (error ~h²·x‴).
        let h = 1e-5
        let oneSided = (-3 * Self.x(layer, t) + 4 * Self.x(layer, t + h) - Self.x(layer, t + 2 * h)) / (2 * h)
        #expect(abs(oneSided - seen) < 1e-3)
    }

    /// Keyframes hand over their segment's velocity, to a spring and to a timing curve (before:
    /// 0 for both).
    @Test func anythingInterruptingKeyframesStartsAtTheirVelocity() throws {
        for curve in [false, true] {
            let (clock, layer) = try Self.scene()
            let path = try LayerAnimation.keyframes(.position, values: [.point(Point(x: 0, y: 0)), .point(Point(x: 100, y: 300)),
                                                                        .point(Point(x: 400, y: 300))],
                                                    keyTimes: [0, 0.25, 1], timing: try MediaTiming(duration: 2))
            try clock.add(path, to: layer, forKey: "path")
            try clock.advance(by: 0.2)   // in the first segment: (100, 300) over 0.5 s
            let t = clock.time
            let seen = Point(x: Self.derivative({ Self.x(layer, $0) }, at: t), y: Self.derivative({ Self.y(layer, $0) }, at: t))
            #expect(abs(seen.x - 200) < 1e-9 && abs(seen.y - 600) < 1e-9, "the oracle: \(seen)")
            let analytic = layer.presentationVelocity(forKeyPath: .position, at: t).point
            #expect((analytic - seen).magnitude < 1e-9)
            let before = layer.presentationValue(forKeyPath: .position, at: t)
            let transaction: LayerTransaction = curve ? .timing(.easeInEaseOut, duration: 0.6) : .spring(.snappy)
            clock.perform(transaction) { layer.position = Point(x: 700, y: 20) }
            #expect(layer.animationKeys().contains("position"))
            #expect(layer.presentationValue(forKeyPath: .position, at: t).distance(to: before) < 1e-9)
            let velocity = layer.presentationVelocity(forKeyPath: .position, at: t).point
            #expect((velocity - seen).magnitude < 1e-9, "\(curve ? "curve" : "spring") handed over \(velocity), moving at \(seen)")
        }
    }

    /// A timing curve interrupting a curve keeps the velocity (the hand-over term), lands on
    /// the new model value at the end of its duration, at the curve's own end slope. Before,
    /// `.default`'s restart started at (to − from)·0.4/d: −280 points per second (−350·0.4/0.5)
    /// against the 250 it was moving at.
    @Test func aCurveInterruptingACurveKeepsItsVelocity() throws {
        let (clock, layer) = try Self.scene()
        clock.perform(.timing(.linear, duration: 1)) { layer.position.x = 300 }   // from 50: 250 points per second
        try clock.advance(by: 0.4)
        let t = clock.time
        let seen = Self.derivative({ Self.x(layer, $0) }, at: t)
        #expect(abs(seen - 250) < 1e-9)
        let before = Self.x(layer, t)
        clock.perform(.timing(.default, duration: 0.5)) { layer.position.x = -200 }
        #expect(abs(Self.x(layer, t) - before) < 1e-9)
        let velocity = layer.presentationVelocity(forKeyPath: .position, at: t).point.x
        #expect(abs(velocity - seen) < 1e-9, "handed over \(velocity), moving at \(seen)")
        let h = 1e-6
        #expect(abs((Self.x(layer, t + h) - Self.x(layer, t)) / h - seen) < 1e-2)
        // The end: exactly the new model value, arriving at `.default`'s end slope (0).
        #expect(Self.x(layer, t + 0.5) == -200)
        #expect(abs(layer.presentationVelocity(forKeyPath: .position, at: t + 0.5 - 1e-9).point.x) < 1e-3)
        // Core Animation's documented restart is there when asked for: only the value is continuous.
        let (clock2, layer2) = try Self.scene()
        clock2.perform(.timing(.linear, duration: 1)) { layer2.position.x = 300 }
        try clock2.advance(by: 0.4)
        var restart = LayerTransaction.timing(.default, duration: 0.5)
        restart.keepsVelocity = false
        clock2.perform(restart) { layer2.position.x = -200 }
        let own = (-200 - before) * TimingFunction.default.slope(at: 0) / 0.5
        #expect(abs(layer2.presentationVelocity(forKeyPath: .position, at: clock2.time).point.x - own) < 1e-9)
    }

    /// In an additive transaction the new piece starts at rest, whatever its curve, so the
    /// interrupted motion carries on at its speed (before: `.default` added 0.4·(old − new)/d).
    @Test func anAdditiveCurveLeavesTheVelocityAsItWas() throws {
        let (clock, layer) = try Self.scene()
        var transaction = LayerTransaction.timing(.linear, duration: 1)
        transaction.isAdditive = true
        clock.perform(transaction) { layer.position.x = 500 }   // from 50: 450 points per second
        try clock.advance(by: 0.5)
        let t = clock.time
        let seen = Self.derivative({ Self.x(layer, $0) }, at: t)
        #expect(abs(seen - 450) < 1e-9)
        let before = Self.x(layer, t)
        transaction.motion = .timing(.default, duration: 1)
        clock.perform(transaction) { layer.position.x = 100 }
        #expect(layer.animationKeys().count == 2)
        #expect(abs(Self.x(layer, t) - before) < 1e-9)
        let velocity = layer.presentationVelocity(forKeyPath: .position, at: t).point.x
        #expect(abs(velocity - seen) < 1e-9, "\(velocity) against \(seen)")
        let h = 1e-6
        #expect(abs((Self.x(layer, t + h) - Self.x(layer, t)) / h - seen) < 1e-2)
    }

    /// The analytic velocity of keyframes against the difference: paced and linear modes, a
    /// timing function over the whole and per segment, autoreverse and speed 2.
    @Test func keyframeVelocityIsTheDerivativeOfThePresentation() throws {
        let (_, layer) = try Self.scene()
        let values: [AnimationValue] = [.number(0), .number(80), .number(-40), .number(200)]
        var timing = try MediaTiming(duration: 1.5, speed: 2, autoreverses: true)
        timing.beginTime = 0.1
        let linear = try LayerAnimation.keyframes(.opacity, values: values, keyTimes: [0, 0.3, 0.7, 1],
                                                  timingFunctions: [.easeIn, .easeOut, .easeInEaseOut], timing: timing,
                                                  timingFunction: .default)
        let paced = try LayerAnimation.keyframes(.zPosition, values: values, calculationMode: .paced, timing: timing,
                                                 timingFunction: .easeInEaseOut)
        try layer.add(linear, forKey: "linear")
        try layer.add(paced, forKey: "paced")
        for t in [0.2, 0.31, 0.5, 0.77, 0.9, 1.1, 1.3] {
            for path in [AnimationKeyPath.opacity, .zPosition] {
                let f = { (time: Double) in layer.presentationValue(forKeyPath: path, at: time).number ?? .nan }
                let numeric = Self.derivative(f, at: t, h: 1e-5)
                let analytic = layer.presentationVelocity(forKeyPath: path, at: t).number ?? .nan
                #expect(abs(analytic - numeric) < 1e-4 * max(1, abs(numeric)), "\(path) at \(t): \(analytic) against \(numeric)")
            }
        }
    }

    /// A whole-matrix transform spring interrupting another starts at its velocity, in the
    /// blend's space: the matrix entries' rates after the change match those before (a
    /// difference on a twin layer left uninterrupted). Before, the new spring started at rest:
    /// every entry's rate was 0.
    @Test func aTransformSpringInterruptingATransformSpringKeepsItsVelocity() throws {
        let spring = try Spring(response: 0.5, dampingRatio: 0.7)
        let start = Transform3D(rotationAngle: 0.2, x: 0, y: 0, z: 1)
        let target = Transform3D(scaleX: 1.6, y: 0.8).concatenating(Transform3D(rotationAngle: 1.4, x: 0.3, y: 1, z: 0.2))
            .concatenating(Transform3D(translationX: 40, y: -25, z: 10))
        var clocks: [(LayerClock, Layer)] = []
        for _ in 0..<2 {
            let (clock, layer) = try Self.scene()
            layer.transform = start
            clock.perform(.spring(spring)) { layer.transform = target }
            try clock.advance(by: 0.12)
            clocks.append((clock, layer))
        }
        let (clock, layer) = clocks[0], twin = clocks[1].1
        let t = clock.time
        let before = layer.presentationTransformVelocity(forKeyPath: .transform, at: t)
        #expect(before.magnitude > 1)
        let matrix = { (l: Layer, time: Double) in l.presentationValue(forKeyPath: .transform, at: time).matrix.entries }
        let seen = matrix(layer, t)
        let back = Transform3D(rotationAngle: -0.8, x: 1, y: 0, z: 0).concatenating(Transform3D(translationX: -30, y: 60))
        clock.perform(.spring(spring)) { layer.transform = back }
        let after = layer.presentationTransformVelocity(forKeyPath: .transform, at: t)
        #expect(after.subtracting(before).magnitude < 1e-9, "\(after) against \(before)")
        #expect(zip(matrix(layer, t), seen).allSatisfy { abs($0 - $1) < 1e-9 })
        // Every entry's rate: a central difference on the uninterrupted twin against a one-sided
        // second-order difference of the new spring (both errors ~h²·M‴, far below 1e-4).
        let h = 1e-5
        let m0 = matrix(layer, t), m1 = matrix(layer, t + h), m2 = matrix(layer, t + 2 * h)
        let tp = matrix(twin, t + h), tm = matrix(twin, t - h)
        var worst = 0.0, fastest = 0.0
        for i in 0..<16 {
            let old = (tp[i] - tm[i]) / (2 * h)
            let new = (-3 * m0[i] + 4 * m1[i] - m2[i]) / (2 * h)
            worst = max(worst, abs(new - old)); fastest = max(fastest, abs(old))
        }
        #expect(fastest > 1, "the matrix was moving")
        #expect(worst < 1e-4, "entry rates differ by \(worst) (fastest entry \(fastest) a second)")
        try clock.advance(by: 10)
        #expect(zip(clock.present { layer.transform }.entries, back.entries).allSatisfy { abs($0 - $1) < 1e-12 })
    }

    /// A whole-matrix spring interrupting animations of transform parts (a turn about z and a
    /// slide along x) starts at their speed: the parts' rates become the matrix's velocity, the
    /// Euler angle's exactly (R′ by the product rule through the quaternion extraction). Before,
    /// parts left the matrix's velocity at rest: every entry's rate was 0 after the change,
    /// against up to 152 a second before it (now 3.6e-6 apart, the differences' own error).
    @Test func aTransformSpringInterruptingPartAnimationsKeepsTheirVelocity() throws {
        var clocks: [(LayerClock, Layer)] = []
        for _ in 0..<2 {
            let (clock, layer) = try Self.scene()
            layer.transform = Transform3D(rotationAngle: 0.4, x: 1, y: 0, z: 0)
            try clock.add(.basic(.rotationZ, from: .number(0), to: .number(2 * .pi), timing: try MediaTiming(duration: 2)),
                          to: layer, forKey: "spin")
            try clock.add(.basic(.translationX, by: .number(120), timing: try MediaTiming(duration: 1),
                                 timingFunction: .easeInEaseOut), to: layer, forKey: "slide")
            try clock.advance(by: 0.3)
            clocks.append((clock, layer))
        }
        let (clock, layer) = clocks[0], twin = clocks[1].1
        let t = clock.time
        let before = layer.presentationTransformVelocity(forKeyPath: .transform, at: t)
        #expect(before.angular.length > 3 && before.translation.length > 50, "\(before)")
        clock.perform(.spring(try Spring(response: 0.5, dampingRatio: 0.8))) { layer.transform = .identity }
        let after = layer.presentationTransformVelocity(forKeyPath: .transform, at: t)
        #expect(after.subtracting(before).magnitude < 1e-9, "\(after) against \(before)")
        let matrix = { (l: Layer, time: Double) in l.presentationValue(forKeyPath: .transform, at: time).matrix.entries }
        let h = 1e-5
        let m0 = matrix(layer, t), m1 = matrix(layer, t + h), m2 = matrix(layer, t + 2 * h)
        let tp = matrix(twin, t + h), tm = matrix(twin, t - h)
        var worst = 0.0, fastest = 0.0
        for i in 0..<16 {
            let old = (tp[i] - tm[i]) / (2 * h), new = (-3 * m0[i] + 4 * m1[i] - m2[i]) / (2 * h)
            worst = max(worst, abs(new - old)); fastest = max(fastest, abs(old))
        }
        #expect(worst < 1e-4, "entry rates differ by \(worst) (fastest entry \(fastest) a second)")
    }

    /// The angular velocity of Euler rates against a central difference of the quaternion, in
    /// every branch of the extraction (angles that make each of the four components largest).
    @Test func eulerRatesTurnIntoTheAngularVelocityExactly() {
        let h = 1e-6
        for e in [Vector3(x: 0.1, y: 0.2, z: 0.3), Vector3(x: 3, y: 0.1, z: 0.2), Vector3(x: 0.2, y: 3, z: 0.1),
                  Vector3(x: 0.1, y: 0.2, z: 3), Vector3(x: -2.5, y: 1.2, z: 2.9)] {
            let rates = Vector3(x: 1.5, y: -0.7, z: 2.2)
            func q(_ e: Vector3) -> Quaternion {
                var parts = TransformParts()
                parts.load(.identity)
                parts.euler = e
                parts.rotationChanged = true
                return parts.recomposed.decomposed()!.rotation
            }
            let q0 = q(e), qp = q(e + rates * h), qm = q(e - rates * h)
            let sign = { (a: Quaternion) in a.dot(q0) < 0 ? -1.0 : 1.0 }
            let dq = Quaternion(x: (qp.x * sign(qp) - qm.x * sign(qm)) / (2 * h), y: (qp.y * sign(qp) - qm.y * sign(qm)) / (2 * h),
                                z: (qp.z * sign(qp) - qm.z * sign(qm)) / (2 * h), w: (qp.w * sign(qp) - qm.w * sign(qm)) / (2 * h))
            let omega = dq.multiplied(by: Quaternion(x: -q0.x, y: -q0.y, z: -q0.z, w: q0.w))
            let numeric = Vector3(x: 2 * omega.x, y: 2 * omega.y, z: 2 * omega.z)
            let exact = TransformPartRates.angularVelocity(euler: e, rates: rates)
            #expect((exact - numeric).length < 1e-7, "at \(e): \(exact) against \(numeric)")
        }
    }

    /// The same for a timing curve on a whole matrix, and the curve still lands on its target.
    @Test func aTransformCurveInterruptingATransformSpringKeepsItsVelocity() throws {
        let (clock, layer) = try Self.scene()
        clock.perform(.spring(.bouncy)) { layer.transform = Transform3D(rotationAngle: 2, x: 0, y: 0, z: 1) }
        try clock.advance(by: 0.1)
        let t = clock.time
        let before = layer.presentationTransformVelocity(forKeyPath: .transform, at: t)
        #expect(before.angular.length > 1)
        let target = Transform3D(translationX: 80, y: 0)
        clock.perform(.timing(.easeInEaseOut, duration: 0.4)) { layer.transform = target }
        #expect(layer.presentationTransformVelocity(forKeyPath: .transform, at: t).subtracting(before).magnitude < 1e-9)
        #expect(layer.presentationValue(forKeyPath: .transform, at: t + 0.4) == .transform(target))
    }
}

extension AnimationValue {
    /// The point inside (NaN for another kind).
    var point: Point { if case let .point(p) = self { p } else { Point(x: .nan, y: .nan) } }
    /// The matrix inside (NaN for another kind).
    var matrix: Transform3D {
        if case let .transform(m) = self { return m }
        return Transform3D(m11: .nan, m12: 0, m13: 0, m14: 0, m21: 0, m22: 0, m23: 0, m24: 0,
                           m31: 0, m32: 0, m33: 0, m34: 0, m41: 0, m42: 0, m43: 0, m44: 0)
    }
}
