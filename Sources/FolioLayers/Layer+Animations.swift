import FolioGeometry
import FolioMotion

// Explicit animations on layers: Core Animation's `add(_:forKey:)` family. An animation changes
// nothing in the model: the properties keep what the app set, and the presentation
// (`withPresentation(at:_:)`, Layer+Presentation.swift) shows the animated values at a time.

extension Layer {
    /// Adds `animation`, replacing any animation under the same `key` (whose completion is
    /// called with false). The animation is copied, as in Core Animation; its times are in the
    /// layer's local time — the tree's clock unless the layer or an ancestor has a `timing` —
    /// and `beginTime` is an absolute time there, not "now".
    ///
    /// - Throws: `AnimationError.unknownKeyPath` for a key path this layer does not have
    ///   (`startPoint` on a layer that is not a `GradientLayer`); nothing is added then.
    public final func add(_ animation: LayerAnimation, forKey key: String?) throws(AnimationError) {
        try checkKeyPaths(animation)
        if let key { removeAnimation(forKey: key) }
        let storage: LayerAnimationStorage
        if let existing = animationStorage { storage = existing } else {
            storage = LayerAnimationStorage()
            animationStorage = storage
        }
        let wasAnimated = !storage.entries.isEmpty
        storage.entries.append(.init(key: key, animation: animation))
        if !wasAnimated { adjustAnimatedLayerCount(by: 1) }
        // The presentation may differ from the model from now on.
        placementDidChange()
    }

    /// The animation added under `key`, or nil.
    public final func animation(forKey key: String) -> LayerAnimation? {
        animationStorage?.entries.first { $0.key == key }?.animation
    }

    /// The keys of the animations present, in the order they were added (animations added
    /// without a key are not listed).
    public final func animationKeys() -> [String] {
        animationStorage?.entries.compactMap(\.key) ?? []
    }

    /// Whether this layer or any layer below it carries an animation (one load: the tree keeps
    /// the count).
    public final var subtreeHasAnimations: Bool { animatedLayerCount > 0 }

    /// Whether any animation is attached (finished ones included until they are removed).
    public final var hasAnimations: Bool { !(animationStorage?.entries.isEmpty ?? true) }

    /// Removes the animation under `key`, calling its completion with false.
    public final func removeAnimation(forKey key: String) {
        guard let storage = animationStorage, let i = storage.entries.firstIndex(where: { $0.key == key }) else { return }
        let removed = storage.entries.remove(at: i)
        if storage.entries.isEmpty { adjustAnimatedLayerCount(by: -1) }
        placementDidChange()
        if !removed.hasCompleted { removed.animation.completion?(false) }
    }

    /// Removes every animation, calling each completion with false.
    public final func removeAllAnimations() {
        guard let storage = animationStorage, !storage.entries.isEmpty else { return }
        let removed = storage.entries
        storage.entries.removeAll(keepingCapacity: true)
        adjustAnimatedLayerCount(by: -1)
        placementDidChange()
        for entry in removed where !entry.hasCompleted { entry.animation.completion?(false) }
    }

    /// Removes, in this subtree, the animations that have finished at tree time `time` (each on
    /// its layer's local time: `timing`) and are
    /// removed on completion, then calls their completions with true (after the removals, so a
    /// completion may add animations). An animation kept after it ends (`isRemovedOnCompletion`
    /// false, typically with a forwards fill) stays, and its completion is called with true
    /// once, the first time it is found finished, as Core Animation reports every animation's
    /// end. Returns how many were removed.
    ///
    /// Presenting never removes anything (`withPresentation(at:_:)` is a pure function of the
    /// time); a host calls this once per frame after drawing, as Core Animation's render server
    /// removes finished animations.
    @discardableResult
    public final func removeFinishedAnimations(at time: Double) -> Int {
        guard animatedLayerCount > 0, time.isFinite else { return 0 }
        var finished: [LayerAnimation] = []
        var removed = 0
        collectFinished(at: time, into: &finished, removed: &removed)
        for animation in finished { animation.completion?(true) }
        return removed
    }

    private final func collectFinished(at treeTime: Double, into finished: inout [LayerAnimation], removed: inout Int) {
        if let storage = animationStorage, !storage.entries.isEmpty {
            // Finished on the layer's own clock (a paused layer's animations never finish).
            let time = Self.anyLayerIsTimed ? localTime(fromTreeTime: treeTime) : treeTime
            var i = 0
            while i < storage.entries.count {
                let entry = storage.entries[i]
                let animation = entry.animation
                if animation.isRemovedOnCompletion && animation.timing.isFinished(at: time) {
                    finished.append(storage.entries.remove(at: i).animation)
                    removed += 1
                } else {
                    if !entry.hasCompleted && !animation.isRemovedOnCompletion && animation.timing.isFinished(at: time) {
                        entry.hasCompleted = true
                        finished.append(animation)
                    }
                    i += 1
                }
            }
            if storage.entries.isEmpty {
                adjustAnimatedLayerCount(by: -1)
                placementDidChange()
            }
        }
        for sublayer in sublayers where sublayer.animatedLayerCount > 0 {
            sublayer.collectFinished(at: treeTime, into: &finished, removed: &removed)
        }
    }

    /// Adds `delta` to the animated-layer count of this layer and every ancestor.
    final func adjustAnimatedLayerCount(by delta: Int) {
        // The set of animated layers in this tree changes: presentation lists are out of date.
        PresentationList.epoch.add(1, ordering: .relaxed)
        animatedLayerCount += delta
        var link = parentLink
        while let ancestor = link {
            link = ancestor.withLayer { layer in
                layer.animatedLayerCount += delta
                return layer.parentLink
            }
        }
    }

    private final func checkKeyPaths(_ animation: LayerAnimation) throws(AnimationError) {
        if case let .group(children) = animation.kind {
            for child in children { try checkKeyPaths(child) }
        } else if let path = animation.keyPath, !hasProperty(path) {
            throw .unknownKeyPath(path.rawValue)
        }
    }
}
