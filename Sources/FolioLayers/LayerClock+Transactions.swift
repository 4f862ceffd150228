import FolioGeometry
import FolioMotion

extension LayerClock {
    /// The stored properties a transaction watches (every animatable property; sub-paths
    /// change through them).
    static let implicitKeys: [AnimationKeyPath] = [
        .position, .bounds, .anchorPoint, .anchorPointZ, .zPosition, .opacity, .cornerRadius, .borderWidth,
        .backgroundColor, .borderColor, .contentsRect, .transform, .sublayerTransform, .startPoint, .endPoint,
    ]

    /// What a layer showed for every watched key just before the transaction's changes.
    private struct Snapshot {
        let layer: Layer
        var model: [AnimationValue?]
        var presentation: [AnimationValue]
        var velocity: [AnimationValue?]
    }

    /// Runs `changes` as a transaction: every watched property of a layer in the tree (the
    /// layers present when it begins) whose model value `changes` alters animates from its
    /// presentation value now to the new model value, as `transaction` says — Core Animation's
    /// implicit animations, with "begin from current state" always on.
    ///
    /// - A timing curve runs over the transaction's duration; a spring starts with the
    ///   property's presentation velocity and lasts until it settles within 1e-4 of the
    ///   distance (at least 1e-4 units). Value and velocity are continuous at the change.
    /// - The animation goes under the property's name (`"opacity"`), replacing the one there,
    ///   or, for an additive transaction, is added on top from old model ⊖ new model to zero.
    /// - Disabled actions, and spatial properties under `reduceMotion`, change at once.
    /// - Properties set outside any transaction change at once, as always.
    public func perform(_ transaction: LayerTransaction = LayerTransaction(), _ changes: () throws -> Void) rethrows {
        let keys = Self.implicitKeys
        var snapshots: [Snapshot] = []
        if !transaction.disablesActions {
            let wantsVelocity: Bool
            if case .spring = transaction.motion { wantsVelocity = true } else { wantsVelocity = false }
            collect(root, keys: keys, wantsVelocity: wantsVelocity, into: &snapshots)
        }
        try changes()
        let state = PendingCompletion.State()
        var serial = 0
        for snapshot in snapshots {
            let layer = snapshot.layer
            for (k, key) in keys.enumerated() where layer.hasProperty(key) {
                let new = layer.value(forKeyPath: key)
                let newModel: AnimationValue? = key == .backgroundColor && layer.backgroundColor == nil ? nil : new
                guard newModel != snapshot.model[k] else { continue }
                if reduceMotion && key.isSpatial { continue }
                guard var animation = implicitAnimation(for: key, from: snapshot.presentation[k], oldModel: snapshot.model[k] ?? .color(.clear),
                                                         to: new, velocity: snapshot.velocity[k], transaction) else { continue }
                state.remaining += 1
                animation.completion = { _ in state.remaining -= 1 }
                serial += 1
                let name = transaction.isAdditive ? "\(key.rawValue).additive.\(time).\(serial)" : key.rawValue
                do { try layer.add(animation, forKey: name) } catch { state.remaining -= 1 }   // keys were checked
            }
        }
        if let completion = transaction.completion {
            if state.remaining == 0 { completion() } else { enqueue(PendingCompletion(state: state, completion: completion)) }
        }
    }

    private func collect(_ layer: Layer, keys: [AnimationKeyPath], wantsVelocity: Bool, into snapshots: inout [Snapshot]) {
        var model: [AnimationValue?] = [], presentation: [AnimationValue] = [], velocity: [AnimationValue?] = []
        model.reserveCapacity(keys.count); presentation.reserveCapacity(keys.count); velocity.reserveCapacity(keys.count)
        for key in keys {
            model.append(key == .backgroundColor && layer.backgroundColor == nil ? nil : layer.value(forKeyPath: key))
            velocity.append(wantsVelocity && layer.hasAnimations ? layer.presentationVelocity(forKeyPath: key, at: time) : nil)
        }
        if layer.hasAnimations {
            layer.withPresentation(at: time) {
                for key in keys { presentation.append(layer.value(forKeyPath: key)) }
            }
        } else {
            for (k, key) in keys.enumerated() { presentation.append(model[k] ?? layer.value(forKeyPath: key)) }
        }
        snapshots.append(Snapshot(layer: layer, model: model, presentation: presentation, velocity: velocity))
        for sublayer in layer.sublayers { collect(sublayer, keys: keys, wantsVelocity: wantsVelocity, into: &snapshots) }
    }

    /// The animation that carries a change of `key`, or nil when it cannot be built.
    private func implicitAnimation(for key: AnimationKeyPath, from presentation: AnimationValue, oldModel: AnimationValue,
                                   to new: AnimationValue, velocity: AnimationValue?, _ transaction: LayerTransaction) -> LayerAnimation? {
        var motion = transaction.motion
        if reduceMotion, case .spring = motion { motion = .timing(.easeInEaseOut, duration: 0.25) }
        do {
            var animation: LayerAnimation
            switch motion {
            case let .timing(curve, duration):
                let timing = try MediaTiming(beginTime: time, duration: duration)
                animation = transaction.isAdditive
                    ? try .basic(key, from: oldModel.subtracting(new), to: .zero(key.valueKind), timing: timing, timingFunction: curve)
                    : try .basic(key, from: presentation, to: new, timing: timing, timingFunction: curve)
            case let .spring(spring):
                let from = transaction.isAdditive ? oldModel.subtracting(new) : presentation
                let to = transaction.isAdditive ? AnimationValue.zero(key.valueKind) : new
                // An additive spring starts at rest: the interrupted ones keep their own motion.
                let start = transaction.isAdditive || key.valueKind == .transform ? nil : velocity
                let timing = try MediaTiming(beginTime: time,
                                             duration: LayerAnimation.settlingDuration(spring: spring, from: from, to: to, velocity: start))
                animation = try .spring(key, from: from, to: to, spring: spring, velocity: start, timing: timing)
            }
            animation.isAdditive = transaction.isAdditive
            return animation
        } catch {
            return nil
        }
    }
}

extension Layer {
    /// Removes the animations of `property` and of its sub-paths (not groups), calling their
    /// completions with false.
    final func removeAnimations(touching property: AnimationKeyPath) {
        guard let storage = animationStorage, !storage.entries.isEmpty else { return }
        var removed: [LayerAnimation] = []
        storage.entries.removeAll { entry in
            guard let path = entry.animation.keyPath, path.storedProperty == property else { return false }
            removed.append(entry.animation)
            return true
        }
        if storage.entries.isEmpty { adjustAnimatedLayerCount(by: -1) }
        placementDidChange()
        for animation in removed { animation.completion?(false) }
    }
}
