import Foundation
import Testing
import FolioGeometry
@testable import FolioMotion

/// Springs, decay, velocity tracking, rubber band and `GenericAnimatedValue` on vector values.
@Suite struct GenericMotionTests {
    @Test func aSpringOnAPointMovesEachCoordinateAsTheScalarSpringDoesBitForBit() throws {
        for spring in SpringTests.regimes.map(\.1) {
            let p = try spring.motion(from: Point(x: 3, y: -40), velocity: Point(x: -7, y: 250), to: Point(x: 1, y: 10), start: 0.25)
            let x = try spring.motion(from: 3.0, velocity: -7, to: 1, start: 0.25)
            let y = try spring.motion(from: -40.0, velocity: 250, to: 10, start: 0.25)
            for t in [0.0, 0.25, 0.3, 0.61, 1.7, 9] {
                #expect(p.value(at: t) == Point(x: x.value(at: t), y: y.value(at: t)))
                #expect(p.velocity(at: t) == Point(x: x.velocity(at: t), y: y.velocity(at: t)))
            }
        }
    }

    @Test func aSpringOnARectMatchesRK4OnEveryComponent() throws {
        let spring = try Spring(mass: 1.5, stiffness: 220, damping: 9)
        let from = Rect(x: 0, y: 10, width: 100, height: 50), to = Rect(x: 40, y: -20, width: 60, height: 80)
        let velocity = Rect(x: 300, y: 0, width: -100, height: 20)
        let motion = try spring.motion(from: from, velocity: velocity, to: to)
        let comps: [(Double, Double, Double)] = [(0, 40, 300), (10, -20, 0), (100, 60, -100), (50, 80, 20)]
        for t in [0.1, 0.4, 1.0] {
            let v = motion.value(at: t)
            let got = [v.origin.x, v.origin.y, v.size.width, v.size.height]
            for (i, (x0, target, v0)) in comps.enumerated() {
                let (x, _) = SpringTests.integrate(spring, x0: x0 - target, v0: v0, until: t)
                #expect(abs(got[i] - (target + x)) < 1e-7, "component \(i) at \(t)")
            }
        }
    }

    @Test func theStepResponseOfACriticallyDampedSpringIsOneMinusOnePlusOmegaTTimesItsExponential() throws {
        // x(t) = 1 − (1 + ω₀t)e^(−ω₀t) from 0 at rest to 1 (ζ = 1).
        let spring = try Spring(response: 0.5, dampingRatio: 1)
        let omega = 2 * Double.pi / 0.5
        let motion = try spring.motion(from: Point.zero, to: Point(x: 1, y: 2))
        for t in [0.05, 0.2, 0.6] {
            let x = 1 - (1 + omega * t) * exp(-omega * t)
            #expect(abs(motion.value(at: t).x - x) < 1e-12 && abs(motion.value(at: t).y - 2 * x) < 1e-12)
        }
    }

    @Test func aDecayedPointComesToRestAtItsValuePlusVelocityOverK() throws {
        let decay = try GenericDecay(from: Point(x: 10, y: 20), velocity: Point(x: 1000, y: -500))
        let k = -1000 * log(0.998)
        #expect(abs(decay.restingValue.x - (10 + 1000 / k)) < 1e-9 && abs(decay.restingValue.y - (20 - 500 / k)) < 1e-9)
        let t = 0.3
        #expect(abs(decay.value(at: t).x - (10 + 1000 * (1 - exp(-k * t)) / k)) < 1e-9)
        #expect(abs(decay.velocity(at: t).y - -500 * exp(-k * t)) < 1e-9)
    }

    @Test func aPointTrackerFindsEachCoordinatesSlope() {
        var tracker = GenericVelocityTracker<Point>()
        for i in 0..<10 {
            let t = Double(i) / 120
            tracker.add(Point(x: 3 * t + 5, y: -2 * t + 1), at: t)
        }
        #expect(abs(tracker.velocity.x - 3) < 1e-9 && abs(tracker.velocity.y - -2) < 1e-9)
    }

    @Test func aRadialRubberBandAlongOneAxisIsTheScalarOne() {
        let v = RubberBand.radialDistance(Point(x: 0, y: -120), dimension: 400)
        #expect(v.x == 0 && abs(v.y - RubberBand.distance(-120, dimension: 400)) < 1e-12)
        let diagonal = RubberBand.radialDistance(Point(x: 30, y: 40), dimension: 400)
        #expect(abs(diagonal.magnitude - RubberBand.distance(50, dimension: 400)) < 1e-12)
        #expect(abs(diagonal.x / diagonal.y - 0.75) < 1e-12)
    }

    @Test func anInterruptedPointSpringKeepsValueAndVelocityContinuous() throws {
        let value = try GenericAnimatedValue(Point(x: 0, y: 0))
        try value.set(Point(x: 100, y: 50), animation: .spring(.bouncy), at: 0)
        value.update(at: 0.137)
        let (before, velocityBefore) = (value.presentationValue, value.velocity)
        try value.set(Point(x: -30, y: 200), animation: .spring(.snappy), at: 0.137)
        value.update(at: 0.137)
        #expect((value.presentationValue - before).magnitude < 1e-9)
        #expect((value.velocity - velocityBefore).magnitude < 1e-9)
        value.update(at: 5)
        #expect(value.presentationValue == Point(x: -30, y: 200) && !value.isAnimating)
    }

    @Test func keyframesOnAValueThatIsNotADoubleAreRefused() throws {
        let value = try GenericAnimatedValue(Size(width: 1, height: 2))
        let keys = try KeyframeAnimation(values: [0.0, 1])
        #expect(throws: MotionError.self) { try value.set(.zero, animation: .keyframes(keys, duration: 1), at: 0) }
    }

    @Test func nonFiniteVectorsAreRefusedByName() {
        #expect(throws: MotionError.nonFinite(name: "target", value: .infinity)) {
            _ = try Spring.snappy.motion(from: Point.zero, to: Point(x: 1, y: .infinity))
        }
    }
}
