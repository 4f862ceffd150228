import Testing
import FolioGeometry
import FolioMotion
@testable import FolioLayers

/// A layer's own media timing (`Layer.timing`, CALayer's `beginTime`, `speed`, `timeOffset`):
/// local time `(parent − beginTime)·speed + timeOffset`, inherited down the tree, for the
/// presentation, its velocity, completion, the clock's "now" and transactions. Expected values
/// worked out by hand from that formula (in each comment), to 1e-12; velocities handed over to
/// 1e-9. Before layers had a timing, none of this compiled (`Layer.timing` did not exist).
@Suite struct LayerTimingTests {
    static func layer(_ name: String = "l") -> Layer { Layer(name: name, frame: Rect(x: 0, y: 0, width: 10, height: 10)) }

    static func opacity(_ layer: Layer, _ t: Double) -> Double { layer.presentationValue(forKeyPath: .opacity, at: t).number ?? .nan }

    static func fade() throws -> LayerAnimation {
        // opacity 0 → 1 over 2 s from local time 0, linear.
        try .basic(.opacity, from: .number(0), to: .number(1), timing: try MediaTiming(duration: 2))
    }

    @Test func speedZeroWithATimeOffsetPausesTheLayersAnimations() throws {
        let layer = Self.layer()
        try layer.add(try Self.fade(), forKey: "fade")
        layer.timing = try LayerTiming(speed: 0, timeOffset: 0.5)
        // Local time 0.5 whatever the tree's: 0.25, not moving, never finished.
        for t in [0.0, 1.0, 7.5] {
            #expect(abs(Self.opacity(layer, t) - 0.25) < 1e-12)
            #expect(layer.presentationVelocity(forKeyPath: .opacity, at: t) == .number(0))
        }
        #expect(layer.removeFinishedAnimations(at: 100) == 0 && layer.animationKeys() == ["fade"])
        #expect(layer.localTime(fromTreeTime: 42) == 0.5)
        layer.timing = .identity
        #expect(abs(Self.opacity(layer, 1) - 0.5) < 1e-12)
        #expect(layer.removeFinishedAnimations(at: 100) == 1)
    }

    /// A root with many animated layers presents them from one kept list (`PresentationList`),
    /// not through each storage: the list converts the tree's time into each layer's local
    /// time too. Twenty fades under a parent paused at local time 0.5 read 0.25 at any tree
    /// time (without the conversion in the list they read the tree time's value: 0.5 at t = 1).
    @Test func aPausedSubtreeOfManyAnimatedLayersIsPausedInTheKeptList() throws {
        let root = Self.layer("root"), parent = Self.layer("parent")
        try root.addSublayer(parent)
        var children: [Layer] = []
        for i in 0..<20 {
            let child = Self.layer("c\(i)")
            try parent.addSublayer(child)
            try child.add(try Self.fade(), forKey: "fade")
            children.append(child)
        }
        parent.timing = try LayerTiming(speed: 0, timeOffset: 0.5)
        for t in [0.0, 1.0, 1.5, 7.5] {
            let seen = root.withPresentation(at: t) { children.map(\.opacity) }
            for value in seen { #expect(abs(value - 0.25) < 1e-12, "t = \(t)") }
        }
        #expect(children.allSatisfy { $0.opacity == 1 })
    }

    @Test func timingsAreInheritedDownTheTree() throws {
        let parent = Self.layer("parent"), child = Self.layer("child"), leaf = Self.layer("leaf")
        try parent.addSublayer(child); try child.addSublayer(leaf)
        parent.timing = try LayerTiming(beginTime: 1, speed: 2)          // p = (t − 1)·2
        child.timing = try LayerTiming(speed: 0.5, timeOffset: -0.25)    // c = p·0.5 − 0.25
        try leaf.add(try Self.fade(), forKey: "fade")
        // t = 2: p = 2, c = 0.75 → 0.375; the rate is 2·0.5 = 1 local second per tree second,
        // so the fade moves 0.5 a tree second.
        #expect(abs(leaf.localTime(fromTreeTime: 2) - 0.75) < 1e-15)
        #expect(abs(Self.opacity(leaf, 2) - 0.375) < 1e-12)
        #expect(abs((leaf.presentationVelocity(forKeyPath: .opacity, at: 2).number ?? 0) - 0.5) < 1e-12)
        // The whole tree's presentation sees it too: t = 2.5: p = 3, c = 1.25 → 0.625.
        let seen = parent.withPresentation(at: 2.5) { leaf.opacity }
        #expect(abs(seen - 0.625) < 1e-12 && leaf.opacity == 1)
        // Finished on its own clock: c reaches 2 at p = 4.5, t = 3.25.
        #expect(parent.removeFinishedAnimations(at: 3.2) == 0)
        #expect(parent.removeFinishedAnimations(at: 3.25) == 1)
    }

    /// Core Animation's pause and resume recipe: `pausedTime = convertTime(now)`, speed 0 and
    /// timeOffset = pausedTime; later speed 1, offset 0, beginTime = convertTime(now) − pausedTime.
    @Test func pausingAndResumingContinuesWhereItStopped() throws {
        let layer = Self.layer()
        try layer.add(try Self.fade(), forKey: "fade")
        let paused = layer.localTime(fromTreeTime: 0.6)
        layer.timing = try LayerTiming(speed: 0, timeOffset: paused)
        #expect(abs(Self.opacity(layer, 3) - 0.3) < 1e-12)
        layer.timing = .identity
        layer.timing = try LayerTiming(beginTime: layer.localTime(fromTreeTime: 3) - paused)
        // At the resume (t = 3) where it stopped, then on at 0.5 a second: t = 3.4 → local 1.0.
        #expect(abs(Self.opacity(layer, 3) - 0.3) < 1e-12)
        #expect(abs(Self.opacity(layer, 3.4) - 0.5) < 1e-12)
    }

    /// A layer's negative speed with a time offset plays its animations back from there (the
    /// recipe for reversing a layer in Core Animation): local = offset − (t − begin).
    @Test func aNegativeLayerSpeedPlaysItsAnimationsBackwards() throws {
        let layer = Self.layer()
        try layer.add(try Self.fade(), forKey: "fade")
        layer.timing = try LayerTiming(beginTime: 1, speed: -1, timeOffset: 1.5)
        // t = 1.5: local 1.0 → 0.5; t = 2: local 0.5 → 0.25, falling 0.5 a second.
        #expect(abs(Self.opacity(layer, 1.5) - 0.5) < 1e-12)
        #expect(abs(Self.opacity(layer, 2) - 0.25) < 1e-12)
        #expect(abs((layer.presentationVelocity(forKeyPath: .opacity, at: 2).number ?? 0) + 0.5) < 1e-12)
    }

    /// The presentation's hit test sees a paused subtree where it is paused: a slide of the
    /// child from x 0 to 400 over 1 s, paused by its parent at local time 0.5 (x = 200).
    @Test func hitTestingAPausedSubtreeFindsItWhereItIsPaused() throws {
        let card = Layer(name: "card", frame: Rect(x: 0, y: 0, width: 40, height: 40), backgroundColor: .white)
        let parent = Layer(name: "parent", frame: Rect(x: 0, y: 0, width: 800, height: 100), sublayers: [card])
        try card.add(.basic(.positionX, from: .number(20), to: .number(420), timing: try MediaTiming(duration: 1)), forKey: "slide")
        parent.timing = try LayerTiming(speed: 0, timeOffset: 0.5)
        for t in [0.0, 3.0] {
            #expect(parent.hitTest(Point(x: 220, y: 20), at: t) === card)
            #expect(parent.hitTest(Point(x: 20, y: 20), at: t) === parent)
        }
        #expect(parent.hitTest(Point(x: 20, y: 20)) === card)    // the model stays where it was set
    }

    /// A timing field set to a value that is not finite (bypassing the checked initialiser)
    /// applies none of the subtree's animations: the model shows, nothing is NaN, nothing
    /// finishes, and a transaction there changes the value at once instead of crashing.
    @Test func aTimingThatIsNotFiniteAppliesNothingAndNeverANaN() throws {
        let layer = Self.layer()
        let root = Layer(name: "root", frame: Rect(x: 0, y: 0, width: 800, height: 600), sublayers: [layer])
        let clock = try LayerClock(root: root)
        try layer.add(try Self.fade(), forKey: "fade")
        layer.timing.speed = .nan
        #expect(Self.opacity(layer, 1) == 1)
        #expect(layer.presentationVelocity(forKeyPath: .opacity, at: 1) == .number(0))
        #expect(layer.removeFinishedAnimations(at: 100) == 0)
        clock.perform(.timing(.linear, duration: 1)) { layer.opacity = 0.5 }
        #expect(Self.opacity(layer, 0.5) == 0.5)
    }

    /// The clock's "now" is the layer's local time, and a transaction on a layer running twice
    /// as fast begins there and hands over its velocity per local second, so the motion on
    /// screen is continuous in value and velocity per tree second.
    @Test func theClockAndTransactionsCountInTheLayersTime() throws {
        let layer = Self.layer()
        let root = Layer(name: "root", frame: Rect(x: 0, y: 0, width: 800, height: 600), sublayers: [layer])
        let clock = try LayerClock(root: root)
        layer.timing = try LayerTiming(speed: 2)
        try clock.advance(by: 1)                         // tree 1, local 2
        try clock.add(.basic(.positionX, from: .number(0), to: .number(400), timing: try MediaTiming(duration: 1)),
                      to: layer, forKey: "slide")
        #expect(layer.animation(forKey: "slide")?.timing.beginTime == 2)
        try clock.advance(by: 0.25)                      // local 2.5: x = 200, moving 400·2 a tree second
        let t = clock.time
        let x = { (t: Double) in layer.presentationValue(forKeyPath: .position, at: t).point.x }
        #expect(abs(x(t) - 200) < 1e-12)
        let before = layer.presentationVelocity(forKeyPath: .position, at: t).point.x
        #expect(abs(before - 800) < 1e-9)
        clock.perform(.spring(try Spring(response: 0.4, dampingRatio: 0.8))) { layer.position = Point(x: 600, y: 5) }
        #expect(abs(x(t) - 200) < 1e-9)
        let after = layer.presentationVelocity(forKeyPath: .position, at: t).point.x
        #expect(abs(after - before) < 1e-9, "handed over \(after), moving at \(before)")
        // A timing that is not finite is refused by name.
        #expect(throws: MotionError.nonFinite(name: "speed", value: .infinity)) { _ = try LayerTiming(speed: .infinity) }
    }
}
