import Foundation
import Testing
@testable import FolioMotion

/// Springs against an independent numerical integration, energy, settling and retargeting.
@Suite struct SpringTests {
    /// Integrates m·x″ + c·x′ + k·x = 0 with classic RK4 at a fine fixed step.
    static func integrate(_ s: Spring, x0: Double, v0: Double, until t: Double, step: Double = 1e-5) -> (x: Double, v: Double) {
        var x = x0, v = v0, time = 0.0
        func acc(_ x: Double, _ v: Double) -> Double { -(s.stiffness * x + s.damping * v) / s.mass }
        while time < t - 1e-15 {
            let h = min(step, t - time)
            let k1x = v, k1v = acc(x, v)
            let k2x = v + h / 2 * k1v, k2v = acc(x + h / 2 * k1x, v + h / 2 * k1v)
            let k3x = v + h / 2 * k2v, k3v = acc(x + h / 2 * k2x, v + h / 2 * k2v)
            let k4x = v + h * k3v, k4v = acc(x + h * k3x, v + h * k3v)
            x += h / 6 * (k1x + 2 * k2x + 2 * k3x + k4x)
            v += h / 6 * (k1v + 2 * k2v + 2 * k3v + k4v)
            time += h
        }
        return (x, v)
    }

    static let regimes: [(String, Spring)] = [
        ("under", try! Spring(mass: 1, stiffness: 100, damping: 10)),
        ("critical", try! Spring(mass: 2, stiffness: 50, damping: 20)),
        ("over", try! Spring(mass: 1, stiffness: 40, damping: 30)),
        ("undamped", try! Spring(mass: 0.5, stiffness: 80, damping: 0)),
    ]

    @Test func closedFormMatchesNumericalIntegrationInEveryRegime() throws {
        let expected: [String: SpringMotion.Regime] = ["under": .underdamped, "critical": .critical,
                                                       "over": .overdamped, "undamped": .underdamped]
        for (name, spring) in Self.regimes {
            let motion = try spring.motion(from: 3, velocity: -7, to: 1, start: 0.25)
            #expect(motion.regime == expected[name], "\(name)")
            for t in [0.0, 0.05, 0.2, 0.5, 1.3] {
                let (x, v) = Self.integrate(spring, x0: 2, v0: -7, until: t)
                #expect(abs(motion.value(at: 0.25 + t) - (1 + x)) < 1e-7, "\(name) x at \(t)")
                #expect(abs(motion.velocity(at: 0.25 + t) - v) < 1e-6, "\(name) v at \(t)")
            }
            #expect(motion.value(at: 0) == 3 && motion.velocity(at: 0.1) == -7)
        }
    }

    @Test func energyNeverIncreasesAndIsConservedWithoutDamping() throws {
        for (name, spring) in Self.regimes {
            let motion = try spring.motion(from: 0, velocity: 12, to: 5)
            var previous = motion.energy(at: 0)
            for i in 1...400 {
                let e = motion.energy(at: Double(i) * 0.005)
                #expect(e <= previous * (1 + 1e-12) + 1e-12, "\(name) at step \(i)")
                if spring.damping == 0 { #expect(abs(e - previous) <= 1e-9 * previous) }
                previous = e
            }
            if spring.damping > 0 { #expect(previous < motion.energy(at: 0) * 0.01, "\(name) loses its energy") }
        }
    }

    @Test func responseAndDampingRatioMapToPhysicalConstants() throws {
        let s = try Spring(response: 0.5, dampingRatio: 0.8)
        #expect(s.mass == 1)
        #expect(abs(s.stiffness - pow(2 * Double.pi / 0.5, 2)) < 1e-9)
        #expect(abs(s.dampingRatio - 0.8) < 1e-12 && abs(s.response - 0.5) < 1e-12)
        let ca = Spring.coreAnimationDefault
        #expect(ca.naturalFrequency == 10 && ca.dampingRatio == 0.5)
    }

    @Test func settlingTimeIsWhenTheValueStaysWithinTolerance() throws {
        for (name, spring) in Self.regimes where spring.damping > 0 {
            let motion = try spring.motion(from: 0, velocity: 3, to: 100)
            let settle = motion.settlingTime(tolerance: 0.01)
            #expect(settle.isFinite && settle > 0, "\(name)")
            for i in 0...2000 {
                let t = settle + Double(i) * 0.002
                #expect(abs(motion.value(at: t) - 100) <= 0.01, "\(name) at \(t)")
            }
            // The envelope bound is conservative but not wildly so.
            let later = (0...2000).map { settle * 0.5 + Double($0) * 0.001 }
            #expect(later.contains { abs(motion.value(at: $0) - 100) > 0.001 } || settle < 0.2, "\(name)")
        }
        #expect(try Self.regimes[3].1.motion(from: 0, to: 1).settlingTime() == .infinity)
        #expect(try Spring.snappy.motion(from: 1, to: 1).settlingTime() == 0)
    }

    @Test func retargetingKeepsValueAndVelocityContinuous() throws {
        for (name, spring) in Self.regimes {
            let first = try spring.motion(from: 0, velocity: 2, to: 10, start: 1)
            for t in [1.0, 1.07, 1.3, 2.0] {
                let second = try first.retargeted(to: -4, at: t)
                #expect(abs(second.value(at: t) - first.value(at: t)) < 1e-12, "\(name) value at \(t)")
                #expect(abs(second.velocity(at: t) - first.velocity(at: t)) < 1e-12, "\(name) velocity at \(t)")
                // And just after, both sides agree to first order.
                let h = 1e-7
                #expect(abs((second.value(at: t + h) - second.value(at: t)) / h - first.velocity(at: t)) < 1e-3 * max(1, abs(first.velocity(at: t))))
                #expect(second.target == -4)
            }
        }
    }

    @Test func badSpringParametersAreRejectedByName() {
        #expect(throws: MotionError.invalidParameter(name: "mass", value: -1, requirement: "finite and > 0")) { try Spring(mass: -1) }
        #expect(throws: MotionError.invalidParameter(name: "stiffness", value: 0, requirement: "finite and > 0")) { try Spring(stiffness: 0) }
        #expect(throws: MotionError.self) { try Spring(damping: .nan) }
        #expect(throws: MotionError.self) { try Spring(damping: -2) }
        #expect(throws: MotionError.self) { try Spring(response: 0, dampingRatio: 1) }
        #expect(throws: MotionError.self) { try Spring(response: 0.3, dampingRatio: .infinity) }
        #expect(throws: MotionError.nonFinite(name: "velocity", value: .infinity)) { try Spring.snappy.motion(from: 0, velocity: .infinity, to: 1) }
        let error = #expect(throws: MotionError.self) { try Spring.snappy.motion(from: 0, to: .nan) }
        #expect(error?.description == "target = not-a-number is not a finite number")
    }

    @Test func batchEvaluationMatchesEachSpring() throws {
        var batch = SpringBatch(capacity: 100)
        var singles: [SpringMotion] = []
        for i in 0..<100 {
            let (_, spring) = Self.regimes[i % 3]
            let m = try spring.motion(from: Double(i), velocity: Double(i % 7) - 3, to: 0, start: Double(i) * 0.001)
            batch.append(m); singles.append(m)
        }
        try batch.retarget(5, to: 50, at: 0.2)
        singles[5] = try singles[5].retargeted(to: 50, at: 0.2)
        var out: [Double] = []
        batch.evaluate(at: 0.3, into: &out)
        #expect(out.count == 100)
        for i in 0..<100 { #expect(out[i] == singles[i].value(at: 0.3)) }
    }
}
