import Testing
import FolioGeometry
import FolioMotion
@testable import FolioLayers

/// Implicit animations through `LayerClock.perform`: beginning from the presentation value and
/// velocity, additive interruptions, completions, disabled actions, reduce motion, slow motion
/// and a drag taking over. Continuity is checked to 1e-9 at the instant of each change.
@Suite struct TransactionTests {
    static func scene() throws -> (clock: LayerClock, layer: Layer) {
        let layer = Layer(name: "panel", frame: Rect(x: 0, y: 0, width: 100, height: 100), backgroundColor: .white)
        let root = Layer(name: "root", frame: Rect(x: 0, y: 0, width: 800, height: 600), sublayers: [layer])
        return (try LayerClock(root: root), layer)
    }

    static func number(_ v: AnimationValue) -> Double { v.number ?? .nan }

    @Test func outsideATransactionASetIsImmediate() throws {
        let (clock, layer) = try Self.scene()
        layer.opacity = 0.3
        #expect(!layer.hasAnimations)
        #expect(clock.present { layer.opacity } == 0.3)
    }

    @Test func aTransactionAnimatesFromThePresentationToTheNewModel() throws {
        let (clock, layer) = try Self.scene()
        clock.perform(.timing(.easeInEaseOut, duration: 0.5)) { layer.opacity = 0 }
        #expect(layer.opacity == 0, "the model changes at once")
        try clock.advance(by: 0.25)
        // easeInEaseOut is symmetric: half the time, half the way.
        #expect(abs(clock.present { layer.opacity } - 0.5) < 1e-12)
        try clock.advance(by: 0.3)
        #expect(!layer.hasAnimations && clock.present { layer.opacity } == 0)
    }

    /// Core Animation's `beginTime` 0 is "now" at the commit: an animation added through the
    /// clock at 5 s plays from 5 s, while one added to the layer alone began at the tree's 0 and
    /// has long finished (the model shows).
    @Test func anAnimationAddedThroughTheClockBeginsNow() throws {
        let (clock, layer) = try Self.scene()
        try clock.advance(by: 5)
        let fade = try LayerAnimation.basic(.opacity, from: .number(0), to: .number(1), timing: try MediaTiming(duration: 1))
        try clock.add(fade, to: layer, forKey: "fade")
        #expect(layer.animation(forKey: "fade")?.timing.beginTime == 5)
        try clock.advance(by: 0.25)
        #expect(abs(clock.present { layer.opacity } - 0.25) < 1e-12)
        let other = Layer(name: "other", frame: Rect(x: 0, y: 0, width: 10, height: 10))
        try clock.root.addSublayer(other)
        other.opacity = 0.8
        try other.add(fade, forKey: "fade")
        #expect(clock.present { other.opacity } == 0.8, "began at the tree's time 0, finished by 5.25")
        var late = fade
        late.timing.beginTime = 7
        try clock.add(late, to: layer, forKey: "late")
        #expect(layer.animation(forKey: "late")?.timing.beginTime == 7, "a time on the clock is kept")
    }

    /// The common Core Animation pattern — a forwards fill kept after the end — reports its end
    /// once, with true, when it ends; a later removal reports nothing more. (Before, only
    /// animations removed on completion were ever completed: `calls` stayed empty, then read
    /// [false] after the removal.)
    @Test func aKeptAnimationCompletesOnceWhenItEnds() throws {
        final class Calls { var values: [Bool] = [] }
        let (clock, layer) = try Self.scene()
        let calls = Calls()
        var fade = try LayerAnimation.basic(.opacity, from: .number(1), to: .number(0),
                                            timing: try MediaTiming(duration: 1, fillMode: .forwards))
        fade.isRemovedOnCompletion = false
        fade.completion = { calls.values.append($0) }
        try clock.add(fade, to: layer, forKey: "fade")
        try clock.advance(by: 0.5)
        #expect(calls.values.isEmpty)
        try clock.advance(by: 0.6)
        #expect(calls.values == [true])
        #expect(layer.animation(forKey: "fade") != nil, "kept")
        #expect(clock.present { layer.opacity } == 0, "the forwards fill holds the end")
        try clock.advance(by: 1)
        #expect(calls.values == [true], "completed once")
        layer.removeAnimation(forKey: "fade")
        #expect(calls.values == [true], "a removal after the end reports nothing more")
    }

    @Test func aSpringInterruptingACurveKeepsValueAndVelocityContinuous() throws {
        let (clock, layer) = try Self.scene()
        clock.perform(.timing(.easeIn, duration: 1)) { layer.position.x = 450 }
        try clock.advance(by: 0.37)
        let t = clock.time
        let valueBefore = Self.number(layer.presentationValue(forKeyPath: .positionX, at: t))
        let velocityBefore = Self.number(layer.presentationVelocity(forKeyPath: .position, at: t).xComponent)
        // The analytic velocity against a central difference of the old presentation (h = 1e-6).
        let h = 1e-6
        let numeric = (Self.number(layer.presentationValue(forKeyPath: .positionX, at: t + h))
            - Self.number(layer.presentationValue(forKeyPath: .positionX, at: t - h))) / (2 * h)
        #expect(abs(velocityBefore - numeric) < 1e-5)
        #expect(velocityBefore > 100)
        clock.perform(.spring(try Spring(response: 0.4, dampingRatio: 0.6))) { layer.position.x = -200 }
        let valueAfter = Self.number(layer.presentationValue(forKeyPath: .positionX, at: t))
        let velocityAfter = Self.number(layer.presentationVelocity(forKeyPath: .position, at: t).xComponent)
        #expect(abs(valueAfter - valueBefore) < 1e-9)
        #expect(abs(velocityAfter - velocityBefore) < 1e-9)
        // A second-order one-sided difference just after the change, (−3f₀ + 4f₁ − f₂)/2h
        // (error ~h²·x‴, below 1e-3 here), agrees with the velocity handed over.
        let f1 = Self.number(layer.presentationValue(forKeyPath: .positionX, at: t + h))
        let f2 = Self.number(layer.presentationValue(forKeyPath: .positionX, at: t + 2 * h))
        #expect(abs((-3 * valueAfter + 4 * f1 - f2) / (2 * h) - velocityBefore) < 1e-3)
    }

    @Test func aSpringInterruptingASpringKeepsA2DVelocityContinuous() throws {
        let (clock, layer) = try Self.scene()
        let spring = try Spring(response: 0.5, dampingRatio: 0.7)
        clock.perform(.spring(spring)) { layer.position = Point(x: 400, y: 300) }
        try clock.advance(by: 0.13)
        let t = clock.time
        let before = layer.presentationValue(forKeyPath: .position, at: t)
        let velocityBefore = layer.presentationVelocity(forKeyPath: .position, at: t)
        clock.perform(.spring(spring)) { layer.position = Point(x: 0, y: 500) }
        let after = layer.presentationValue(forKeyPath: .position, at: t)
        let velocityAfter = layer.presentationVelocity(forKeyPath: .position, at: t)
        #expect(after.distance(to: before) < 1e-9)
        #expect(velocityAfter.distance(to: velocityBefore) < 1e-9)
        #expect(velocityBefore.distance(to: .point(.zero)) > 100)
        try clock.advance(by: 5)
        #expect(clock.present { layer.position } == Point(x: 0, y: 500))
    }

    @Test func additiveInterruptionsComposeWithoutAJump() throws {
        // UIKit's additive composition: both animations run, each from old − new to 0.
        let (clock, layer) = try Self.scene()
        layer.position.x = 0
        var transaction = LayerTransaction.timing(.easeInEaseOut, duration: 1)
        transaction.isAdditive = true
        clock.perform(transaction) { layer.position.x = 100 }
        try clock.advance(by: 0.3)
        let before = Self.number(layer.presentationValue(forKeyPath: .positionX, at: clock.time))
        clock.perform(transaction) { layer.position.x = 200 }
        #expect(layer.animationKeys().count == 2)
        #expect(abs(Self.number(layer.presentationValue(forKeyPath: .positionX, at: clock.time)) - before) < 1e-9)
        // The first ends at t = 1: then only the second (from −100 to 0 over 0.3…1.3) remains.
        try clock.advance(by: 0.8)
        let expected = 200 + -100 * (1 - TimingFunction.easeInEaseOut.value(at: 0.8))
        #expect(abs(Self.number(layer.presentationValue(forKeyPath: .positionX, at: clock.time)) - expected) < 1e-9)
        try clock.advance(by: 1)
        #expect(!layer.hasAnimations && clock.present { layer.position.x } == 200)
    }

    @Test func theCompletionRunsOnceWhenEveryAnimationHasFinished() throws {
        let (clock, layer) = try Self.scene()
        var calls = 0
        var transaction = LayerTransaction.timing(duration: 0.5)
        transaction.completion = { calls += 1 }
        clock.perform(transaction) { layer.opacity = 0.5; layer.position.y = 80 }
        try clock.advance(by: 0.25)
        #expect(calls == 0)
        try clock.advance(by: 0.25)
        #expect(calls == 1)
        try clock.advance(by: 1)
        #expect(calls == 1)
        // Nothing animated: called at once.
        transaction.completion = { calls += 10 }
        clock.perform(transaction) {}
        #expect(calls == 11)
    }

    @Test func disabledActionsAndReduceMotionChangeAtOnce() throws {
        let (clock, layer) = try Self.scene()
        var quiet = LayerTransaction.timing(duration: 1)
        quiet.disablesActions = true
        clock.perform(quiet) { layer.position.x = 300 }
        #expect(!layer.hasAnimations)
        clock.reduceMotion = true
        clock.perform(.spring(.bouncy)) { layer.position.x = 10; layer.opacity = 0 }
        // The move is immediate; the fade still runs (a 0.25 s easeInEaseOut in place of the spring).
        #expect(layer.animationKeys() == ["opacity"])
        try clock.advance(by: 0.125)
        #expect(abs(clock.present { layer.opacity } - 0.5) < 1e-12)
    }

    /// Reduce motion and slow motion on one clock: every spatial property changed in a spring
    /// transaction lands at once, every other one crossfades over a 0.25 s easeInEaseOut that
    /// runs 10× slower in host time; with reduce motion off the same change moves.
    @Test func reduceMotionLandsSpatialChangesAndCrossfadesTheRestInSlowMotion() throws {
        let (clock, layer) = try Self.scene()
        try clock.setTimeScale(0.1)
        try clock.tick(to: 50)
        clock.reduceMotion = true
        let turned = Transform3D(rotationAngle: 0.5, x: 0, y: 0, z: 1)
        clock.perform(.spring(.bouncy)) {
            layer.position = Point(x: 300, y: 200)
            layer.bounds = Rect(x: 0, y: 0, width: 60, height: 40)
            layer.anchorPoint = Point(x: 0, y: 1)
            layer.anchorPointZ = 4
            layer.zPosition = 9
            layer.transform = turned
            layer.sublayerTransform = turned
            layer.opacity = 0
            layer.backgroundColor = .black
            layer.cornerRadius = 8
        }
        #expect(Set(layer.animationKeys()) == ["opacity", "backgroundColor", "cornerRadius"])
        #expect(AnimationKeyPath.allCases.filter(\.isSpatial).allSatisfy { !layer.animationKeys().contains($0.rawValue) })
        // Host 1.25 s later is tree 0.125 s: half-way through the crossfade (easeInEaseOut(0.5) = 0.5).
        try clock.tick(to: 51.25)
        clock.present {
            #expect(layer.position == Point(x: 300, y: 200) && layer.zPosition == 9 && layer.transform == turned)
            #expect(abs(layer.opacity - 0.5) < 1e-12)
            #expect(abs(layer.cornerRadius - 4) < 1e-12)
            #expect(abs((layer.backgroundColor?.red ?? -1) - 0.5) < 1e-12)
        }
        try clock.tick(to: 53)
        clock.present { #expect(layer.opacity == 0 && layer.cornerRadius == 8) }
        #expect(!layer.hasAnimations, "the crossfades finished and left")
        // The same change with reduce motion off moves.
        clock.reduceMotion = false
        clock.perform(.spring(.bouncy)) { layer.position = Point(x: 0, y: 0) }
        #expect(layer.animationKeys() == ["position"])
    }

    @Test func slowMotionScalesHostTime() throws {
        let (clock, layer) = try Self.scene()
        try clock.setTimeScale(0.1)
        try clock.tick(to: 100)
        clock.perform(.timing(.linear, duration: 1)) { layer.opacity = 0 }
        try clock.tick(to: 105)
        #expect(abs(clock.time - 0.5) < 1e-12)
        #expect(abs(clock.present { layer.opacity } - 0.5) < 1e-12)
        #expect(throws: MotionError.self) { try clock.setTimeScale(0) }
        #expect(throws: MotionError.self) { try clock.tick(to: 99) }
    }

    @Test func aDragTakesOverASpringWithNoJump() throws {
        let (clock, layer) = try Self.scene()
        clock.perform(.spring(.bouncy)) { layer.position.y = 400 }
        try clock.advance(by: 0.2)
        let t = clock.time
        let seen = layer.presentationValue(forKeyPath: .position, at: t)
        let moving = layer.presentationVelocity(forKeyPath: .position, at: t)
        let handed = clock.takeOver(layer, keyPath: .position)
        #expect(!layer.hasAnimations)
        #expect(AnimationValue.point(layer.position).distance(to: seen) < 1e-9)
        #expect(handed.distance(to: moving) < 1e-9)
        // The drag moves the model directly from there.
        layer.position.y += 5
        #expect(abs(clock.present { layer.position.y } - (Self.number(seen.yComponent) + 5)) < 1e-9)
    }
}

extension AnimationValue {
    var xComponent: AnimationValue { if case let .point(p) = self { .number(p.x) } else { self } }
    var yComponent: AnimationValue { if case let .point(p) = self { .number(p.y) } else { self } }
}

/// README.md's fade-and-slide snippet, with the values its comments state.
@Suite struct ReadmeAnimationSnippetTests {
    @Test func theFadeAndSlideSnippetShowsWhatItsCommentsSay() throws {
        let card = Layer(name: "card", frame: Rect(x: 0, y: 30, width: 40, height: 40), backgroundColor: .white)
        let root = Layer(name: "root", frame: Rect(x: 0, y: 0, width: 200, height: 100), sublayers: [card])
        let clock = try LayerClock(root: root)
        clock.perform(.timing(.easeInEaseOut, duration: 0.5)) {
            card.opacity = 0
            card.position.x += 120
        }
        try clock.advance(by: 0.25)
        let evaluator = LayerEvaluator()
        clock.present { evaluator.evaluate(root) }
        #expect(card.opacity == 0 && card.position.x == 140)
        #expect(card.presentationValue(forKeyPath: .opacity, at: clock.time) == .number(0.5))
        // The card's quad is where the presentation puts it: x = 20 + 120·0.5 = 80, so 60…100.
        let quad = try #require(evaluator.quads.first { $0.layer === card })
        let xs = evaluator.corners(of: quad).map(\.point.x)
        #expect(abs((xs.min() ?? 0) - 60) < 1e-9 && abs((xs.max() ?? 0) - 100) < 1e-9)
        #expect(abs(quad.opacity - 0.5) < 1e-12)
        try card.add(.basic(.rotationZ, from: .number(0), to: .number(1.5 * .pi),
                            timing: try MediaTiming(beginTime: clock.time, duration: 1)), forKey: "spin")
        #expect(card.animationKeys().contains("spin"))
    }
}
