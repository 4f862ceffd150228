import FolioGeometry
import FolioLayers
import FolioMotion

/// One entry of a layer's `"actions"`: at scene time `time` the model value of `keyPath`
/// becomes `value`, and with an `animation` it animates there from the presentation value at
/// that time (for a spring, with the presentation velocity too), as a Core Animation
/// transaction would.
public struct SceneAction {
    /// The layer whose property changes.
    public let layer: Layer
    /// The scene time of the change, in seconds.
    public let time: Double
    /// The property.
    public let keyPath: AnimationKeyPath
    /// The new model value.
    public let value: AnimationValue
    /// How the change animates (its from, to and by are ignored: the change supplies them;
    /// its begin time counts from `time`), or nil for an immediate change.
    public let animation: LayerAnimation?

    /// An action; `animation` must be a basic or spring animation (or nil).
    public init(layer: Layer, time: Double, keyPath: AnimationKeyPath, value: AnimationValue, animation: LayerAnimation?) {
        self.layer = layer; self.time = time; self.keyPath = keyPath; self.value = value; self.animation = animation
    }

    /// Makes the change: reads the presentation value (and velocity) at `time`, sets the model
    /// value, and adds the animation under the key `"action.<keyPath>"`, so that a later action
    /// on the same key path replaces an earlier one's animation (Core Animation's implicit
    /// animations replace each other by property name the same way).
    ///
    /// - Throws: `AnimationError` if the animation cannot be built for the values.
    public func apply() throws(AnimationError) {
        let from = layer.presentationValue(forKeyPath: keyPath, at: time)
        let velocity = layer.presentationVelocity(forKeyPath: keyPath, at: time)
        // A whole matrix moves in the space its blend moves in (`TransformVelocity`).
        let isMatrix = keyPath.valueKind == .transform
        let matrixVelocity = isMatrix ? layer.presentationTransformVelocity(forKeyPath: keyPath, at: time) : .zero
        layer.setValue(value, forKeyPath: keyPath)
        guard let template = animation else { return }
        var timing = template.timing
        timing.beginTime += time
        var built: LayerAnimation
        // Additive: from the presentation's offset from the new model value down to zero
        // (UIKit's additive composition); otherwise from the presentation to the value.
        let startValue = template.isAdditive ? from.subtracting(value) : from
        let end = template.isAdditive ? AnimationValue.zero(keyPath.valueKind) : value
        switch template.kind {
        case let .spring(spring):
            let hands = !template.isAdditive && !isMatrix
            // The presentation velocity is per scene second; the spring's own time runs `speed`
            // times as fast, so per second of its time the same motion is velocity / speed.
            let start = hands ? velocity.scaled(by: 1 / timing.speed) : nil
            let matrixStart = isMatrix && !template.isAdditive && matrixVelocity != .zero ? matrixVelocity.scaled(by: 1 / timing.speed) : nil
            // No duration given: the spring lasts until it settles from this start, as an implicit
            // change's does (the template's own settling time knew neither distance nor velocity).
            if timing.duration == 0 {
                timing.duration = isMatrix
                    ? LayerAnimation.settlingDuration(spring: spring.spring, from: .number(0), to: .number(startValue.distance(to: end)),
                                                      velocity: matrixStart.map { .number($0.magnitude) })
                    : LayerAnimation.settlingDuration(spring: spring.spring, from: startValue, to: end, velocity: start)
            }
            built = try .spring(keyPath, from: startValue, to: end, spring: spring.spring,
                                initialVelocity: spring.initialVelocity, velocity: start, transformVelocity: matrixStart, timing: timing)
        default:
            built = try .basic(keyPath, from: startValue, to: end, timing: timing, timingFunction: template.timingFunction)
        }
        built.isAdditive = template.isAdditive
        built.isCumulative = template.isCumulative
        built.isRemovedOnCompletion = false
        try layer.add(built, forKey: "action.\(keyPath.rawValue)")
    }
}
