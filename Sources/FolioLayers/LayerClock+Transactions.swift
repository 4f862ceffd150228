import FolioGeometry
import FolioMotion

extension LayerClock {
    /// The stored properties a transaction watches (every animatable property that moves
    /// continuously; sub-paths change through them). The discrete ones (`hidden`,
    /// `doubleSided`, `masksToBounds`, `contents`) change at once in a transaction: a flag
    /// that flipped half-way through would only delay the change.
    static let implicitKeys: [AnimationKeyPath] = [
        .position, .bounds, .anchorPoint, .anchorPointZ, .zPosition, .opacity, .cornerRadius, .borderWidth,
        .backgroundColor, .borderColor, .contentsRect, .transform, .sublayerTransform, .startPoint, .endPoint,
        .rasterizationScale, .colors, .locations, .paperTranslucency, .backContentsRect,
    ]

    /// What a layer showed for every watched key just before the transaction's changes.
    private struct Snapshot {
        let layer: Layer
        var model: [AnimationValue?]
        var presentation: [AnimationValue]
        var velocity: [AnimationValue?]
        /// The velocities of the whole matrices (`transform`, `sublayerTransform`), by key index.
        var transformVelocity: [TransformVelocity?]
    }

    /// Runs `changes` as a transaction: every watched property of a layer in the tree (the
    /// layers present when it begins) whose model value `changes` alters animates from its
    /// presentation value now to the new model value, as `transaction` says — Core Animation's
    /// implicit animations, with "begin from current state" always on.
    ///
    /// - A timing curve runs over the transaction's duration, with a hand-over term that starts
    ///   it at the property's presentation velocity and fades out by its end; a spring starts
    ///   with that velocity and lasts until it settles within 1e-4 of the distance (at least
    ///   1e-4 units). Value and velocity are continuous at the change (a whole matrix's
    ///   velocity is handed over in the space its blend moves in). `keepsVelocity` false starts
    ///   either at its own velocity, as Core Animation does.
    /// - The animation goes under the property's name (`"opacity"`), replacing the one there,
    ///   or, for an additive transaction, is added on top from old model ⊖ new model to zero.
    /// - Disabled actions, and spatial properties under `reduceMotion`, change at once.
    /// - Properties set outside any transaction change at once, as always.
    public func perform(_ transaction: LayerTransaction = LayerTransaction(), _ changes: () throws -> Void) rethrows {
        let keys = Self.implicitKeys
        var snapshots: [Snapshot] = []
        if !transaction.disablesActions {
            collect(root, keys: keys, wantsVelocity: transaction.keepsVelocity && !transaction.isAdditive, into: &snapshots)
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
                // The animation counts in the layer's local time, `rate` local seconds per tree
                // second: the velocity (per tree second) is handed over per local second; a
                // paused layer (rate 0) takes none.
                let (begin, rate) = layer.localTimeAndRate(fromTreeTime: time)
                let perLocal = rate != 0 && rate.isFinite ? 1 / rate : 0
                let velocity = rate == 1 ? snapshot.velocity[k] : snapshot.velocity[k].map { $0.scaled(by: perLocal) }
                let transformVelocity = rate == 1 ? snapshot.transformVelocity[k] : snapshot.transformVelocity[k].map { $0.scaled(by: perLocal) }
                guard var animation = implicitAnimation(for: key, from: snapshot.presentation[k], oldModel: snapshot.model[k] ?? .color(.clear),
                                                         to: new, velocity: velocity, transformVelocity: transformVelocity,
                                                         beginTime: begin, transaction) else { continue }
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
        var transformVelocity: [TransformVelocity?] = []
        model.reserveCapacity(keys.count); presentation.reserveCapacity(keys.count); velocity.reserveCapacity(keys.count)
        transformVelocity.reserveCapacity(keys.count)
        let moving = wantsVelocity && layer.hasAnimations
        for key in keys {
            model.append(key == .backgroundColor && layer.backgroundColor == nil ? nil : layer.value(forKeyPath: key))
            let isMatrix = key.valueKind == .transform
            velocity.append(moving && !isMatrix ? layer.presentationVelocity(forKeyPath: key, at: time) : nil)
            transformVelocity.append(moving && isMatrix ? layer.presentationTransformVelocity(forKeyPath: key, at: time) : nil)
        }
        if layer.hasAnimations {
            layer.withPresentation(at: time) {
                for key in keys { presentation.append(layer.value(forKeyPath: key)) }
            }
        } else {
            for (k, key) in keys.enumerated() { presentation.append(model[k] ?? layer.value(forKeyPath: key)) }
        }
        snapshots.append(Snapshot(layer: layer, model: model, presentation: presentation, velocity: velocity,
                                  transformVelocity: transformVelocity))
        for sublayer in layer.sublayers { collect(sublayer, keys: keys, wantsVelocity: wantsVelocity, into: &snapshots) }
    }

    /// The animation that carries a change of `key`, or nil when it cannot be built.
    /// `velocity` / `transformVelocity`: the property's presentation velocity (nil when it is
    /// not handed over: at rest, `keepsVelocity` false, or an additive transaction).
    private func implicitAnimation(for key: AnimationKeyPath, from presentation: AnimationValue, oldModel: AnimationValue,
                                   to new: AnimationValue, velocity: AnimationValue?, transformVelocity: TransformVelocity?,
                                   beginTime time: Double, _ transaction: LayerTransaction) -> LayerAnimation? {
        var motion = transaction.motion
        if reduceMotion, case .spring = motion { motion = .timing(.easeInEaseOut, duration: 0.25) }
        let isMatrix = key.valueKind == .transform
        // What the new animation starts at: the presentation velocity; in an additive
        // transaction the new piece starts at rest (the interrupted ones keep their own motion).
        var start: AnimationValue? = velocity == .zero(key.valueKind) ? nil : velocity
        var startMatrix: TransformVelocity? = transformVelocity == .zero ? nil : transformVelocity
        if transaction.isAdditive {
            start = nil; startMatrix = nil
        }
        do {
            var animation: LayerAnimation
            switch motion {
            case let .timing(curve, duration):
                let timing = try MediaTiming(beginTime: time, duration: duration)
                if transaction.isAdditive {
                    // At rest: a curve that does not start flat needs the hand-over term to start so.
                    let atRest = transaction.keepsVelocity && curve.slope(at: 0) != 0
                    animation = try .basic(key, from: oldModel.subtracting(new), to: .zero(key.valueKind), timing: timing,
                                           timingFunction: curve, velocity: atRest && !isMatrix ? .zero(key.valueKind) : nil,
                                           transformVelocity: atRest && isMatrix ? .zero : nil)
                } else {
                    animation = try .basic(key, from: presentation, to: new, timing: timing, timingFunction: curve,
                                           velocity: isMatrix ? nil : start, transformVelocity: isMatrix ? startMatrix : nil)
                }
            case let .spring(spring):
                let from = transaction.isAdditive ? oldModel.subtracting(new) : presentation
                let to = transaction.isAdditive ? AnimationValue.zero(key.valueKind) : new
                let speed: AnimationValue? = isMatrix ? nil : start
                // The settling bound takes the matrix's speed as the length of its velocity
                // in the blend's space (points, factors and radians per second together).
                let bound = isMatrix ? startMatrix.map { AnimationValue.number($0.magnitude) } : speed
                let settleFrom = isMatrix ? AnimationValue.number(0) : from, settleTo = isMatrix ? AnimationValue.number(from.distance(to: to)) : to
                let timing = try MediaTiming(beginTime: time,
                                             duration: LayerAnimation.settlingDuration(spring: spring, from: settleFrom, to: settleTo, velocity: bound))
                animation = try .spring(key, from: from, to: to, spring: spring, velocity: speed,
                                        transformVelocity: isMatrix ? startMatrix : nil, timing: timing)
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
