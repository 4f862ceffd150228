import FolioGeometry
import FolioMotion

/// One of Core Animation's explicit animations (`CABasicAnimation`, `CAKeyframeAnimation`,
/// `CASpringAnimation`, `CAAnimationGroup`) with its media timing, ready to add to a layer
/// (`Layer.add(_:forKey:)`).
///
/// Built by the throwing factories (`basic`, `keyframes`, `spring`, `group`), which check every
/// value against its key path's type and refuse NaN and infinities, so evaluating an animation
/// never produces a value that is not finite. The value at a time is worked out from the layer's
/// current value (`base`: the model value, or what earlier animations on the key made of it), as
/// Core Animation composes several animations on one key: in the order they were added, each
/// non-additive animation replacing the value so far and each additive one adding to it.
public struct LayerAnimation {
    /// Which Core Animation class this is, with its values.
    public enum Kind {
        /// `CABasicAnimation`: from, to and by as given (see `LayerAnimation.basic`).
        case basic(from: AnimationValue?, to: AnimationValue?, by: AnimationValue?)
        /// `CAKeyframeAnimation`.
        case keyframes(Keyframes)
        /// `CASpringAnimation`.
        case spring(SpringValues)
        /// `CAAnimationGroup`: the children run on the group's local time.
        case group([LayerAnimation])
    }

    /// How a keyframe animation finds values between key times (`CAAnimationCalculationMode`).
    public enum CalculationMode: String, Hashable, Sendable {
        /// Interpolate between neighbouring values, each segment through its timing function.
        case linear
        /// Hold each value from its key time to the next; `keyTimes` has one more entry than
        /// `values` (the end of the last value's interval), as in Core Animation.
        case discrete
        /// Interpolate at constant speed: key times in proportion to the distance between
        /// successive values (`AnimationValue.distance(to:)`); given key times and timing
        /// functions are ignored, as in Core Animation.
        case paced
    }

    /// A keyframe animation's values.
    public struct Keyframes {
        /// The values, in order.
        public let values: [AnimationValue]
        /// Normalised key times, ascending from 0 to 1 (`values.count` of them, one more for
        /// `discrete`).
        public let keyTimes: [Double]
        /// One per segment (`values.count − 1`), applied to the segment's local time.
        public let timingFunctions: [TimingFunction]
        /// How values between key times are found.
        public let calculationMode: CalculationMode
    }

    /// A spring animation's values and its unit solutions.
    public struct SpringValues {
        /// From, to and by as for a basic animation.
        public let from: AnimationValue?, to: AnimationValue?, by: AnimationValue?
        /// The spring.
        public let spring: Spring
        /// `CASpringAnimation.initialVelocity`: fractions of the from → to distance per second.
        public let initialVelocity: Double
        /// An absolute start velocity in the value's units per second, which replaces
        /// `initialVelocity` (a transaction hands over the presentation velocity this way; not
        /// used for whole-matrix transforms, which move along the from → to path only).
        public let velocity: AnimationValue?
        /// The response to a unit displacement at rest, φ (φ(0) = 1, φ′(0) = 0), and to a unit
        /// velocity from the target, ψ (ψ(0) = 0, ψ′(0) = 1): the equation is linear, so every
        /// motion is `to + (from − to)·φ(t) + v₀·ψ(t)`.
        let displacementResponse: SpringMotion, velocityResponse: SpringMotion
    }

    /// The animated property (nil for a group, whose children name theirs).
    public let keyPath: AnimationKeyPath?
    /// The class and its values.
    public let kind: Kind
    /// Begin time, duration, speed, offset, repetition, autoreverse and fill.
    public var timing: MediaTiming
    /// Shapes each pass's progress (Core Animation's default for an explicit animation, nil,
    /// is linear). A spring ignores it: its motion is its own curve.
    public var timingFunction: TimingFunction = .linear
    /// Whether the animation leaves the layer once it has finished (default true, as in Core
    /// Animation: then a forwards fill holds nothing). Removal happens in
    /// `Layer.removeFinishedAnimations(at:)`.
    public var isRemovedOnCompletion = true
    /// Whether the value is added to the property's current value instead of replacing it.
    public var isAdditive = false
    /// Whether each repetition builds on the last: the value of pass k is its own value plus
    /// k times the end value (Core Animation's and Web Animations' accumulate).
    public var isCumulative = false
    /// Called once when the animation finishes (true) or is removed before finishing (false).
    public var completion: ((Bool) -> Void)?

    init(keyPath: AnimationKeyPath?, kind: Kind, timing: MediaTiming) {
        self.keyPath = keyPath; self.kind = kind; self.timing = timing
    }

    /// The number of non-group animations inside (1 for anything but a group).
    var leafCount: Int {
        if case let .group(children) = kind { return children.reduce(0) { $0 + $1.leafCount } }
        return 1
    }
}
