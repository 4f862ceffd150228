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
    ///
    /// The values live in immutable objects, made once when the animation is built: an
    /// `AnimationValue` is as large as a matrix, and presenting a frame then reads them in place
    /// instead of copying a few hundred bytes per animation.
    public enum Kind {
        /// `CABasicAnimation`: from, to and by as given (see `LayerAnimation.basic`).
        case basic(BasicValues)
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
        /// A smooth curve through the values (a Catmull–Rom spline: Core Animation's cubic mode
        /// with its tension, continuity and bias at 0), each segment through its timing
        /// function. Matrices blend segment by segment as `linear` does; flags and contents
        /// hold as `discrete` does.
        case cubic
        /// The `cubic` curve travelled at constant speed along its length; given key times
        /// and timing functions are ignored, as in Core Animation.
        case cubicPaced
    }

    /// A basic animation's values, as given (nil where not given).
    public final class BasicValues {
        /// `fromValue`, `toValue`, `byValue`.
        public let from: AnimationValue?, to: AnimationValue?, by: AnimationValue?
        /// A start velocity in the value's units per second (nil: the curve's own): each pass
        /// adds the hand-over term `(v₀ − (to − from)·c′(0)/d)·d·h(p)`, `h(p) = p(1 − p)²`, which
        /// makes the pass start at v₀ and fades out by its end (h(1) = h′(1) = 0), so a curve
        /// that interrupts a moving value keeps its velocity (see `LayerAnimation.basic`).
        public let velocity: AnimationValue?
        /// The same for a whole-matrix transform, in the space the blend moves in.
        public let transformVelocity: TransformVelocity?

        /// The same values when they are numbers (read by the presentation without copying the
        /// general values).
        let numbers: NumberTriple
        /// `velocity` as a number, when it is one.
        let velocityNumber: Double?

        init(from: AnimationValue?, to: AnimationValue?, by: AnimationValue?, velocity: AnimationValue? = nil,
             transformVelocity: TransformVelocity? = nil) {
            self.from = from; self.to = to; self.by = by
            self.velocity = velocity; self.transformVelocity = transformVelocity
            numbers = NumberTriple(from, to, by)
            velocityNumber = velocity?.number
        }
    }

    /// A keyframe animation's values.
    public final class Keyframes {
        /// The values, in order.
        public let values: [AnimationValue]
        /// Normalised key times, ascending from 0 to 1 (`values.count` of them, one more for
        /// `discrete`).
        public let keyTimes: [Double]
        /// One per segment (`values.count − 1`), applied to the segment's local time.
        public let timingFunctions: [TimingFunction]
        /// How values between key times are found.
        public let calculationMode: CalculationMode

        /// For the cubic modes, when the values can be added (not matrices, flags or contents,
        /// lists of one length): the spline's tangent at each value, per unit of normalised time.
        let tangents: [AnimationValue]
        /// For `cubicPaced`: the spline's length from its start at evenly spaced parameters
        /// (`Keyframes.arcSamples` per segment), to travel it at constant speed.
        let arcLengths: [Double]

        init(values: [AnimationValue], keyTimes: [Double], timingFunctions: [TimingFunction], calculationMode: CalculationMode) {
            self.values = values; self.keyTimes = keyTimes; self.timingFunctions = timingFunctions; self.calculationMode = calculationMode
            let spline = (calculationMode == .cubic || calculationMode == .cubicPaced) && values.count > 1
                && Self.canSpline(values)
            tangents = spline ? Self.cubicTangents(values, keyTimes) : []
            arcLengths = spline && calculationMode == .cubicPaced ? Self.arcLengths(values, keyTimes, tangents) : []
        }
    }

    /// A spring animation's values and its unit solutions.
    public final class SpringValues {
        /// From, to and by as for a basic animation.
        public let from: AnimationValue?, to: AnimationValue?, by: AnimationValue?
        /// The spring.
        public let spring: Spring
        /// `CASpringAnimation.initialVelocity`: fractions of the from → to distance per second.
        public let initialVelocity: Double
        /// An absolute start velocity in the value's units per second, which replaces
        /// `initialVelocity` (a transaction hands over the presentation velocity this way; a
        /// whole-matrix transform takes `transformVelocity` instead).
        public let velocity: AnimationValue?
        /// A whole-matrix transform's absolute start velocity, in the space the blend moves in
        /// (added to the from → to blend as a hand-over that decays as the unit-velocity
        /// response ψ does); nil at rest.
        public let transformVelocity: TransformVelocity?
        /// The response to a unit displacement at rest, φ (φ(0) = 1, φ′(0) = 0), as x, and to a
        /// unit velocity from the target, ψ (ψ(0) = 0, ψ′(0) = 1), as y: the equation is linear,
        /// so every motion is `to + (from − to)·φ(t) + v₀·ψ(t)`. One 2-vector spring evaluates
        /// both with one exponential, sine and cosine.
        let responses: GenericSpringMotion<Point>

        init(from: AnimationValue?, to: AnimationValue?, by: AnimationValue?, spring: Spring, initialVelocity: Double,
             velocity: AnimationValue?, transformVelocity: TransformVelocity? = nil, responses: GenericSpringMotion<Point>) {
            self.from = from; self.to = to; self.by = by; self.spring = spring; self.initialVelocity = initialVelocity
            self.velocity = velocity; self.transformVelocity = transformVelocity; self.responses = responses
            numbers = NumberTriple(from, to, by)
            velocityNumber = velocity?.number
        }

        /// From, to and by as numbers, and the absolute velocity as a number, when they are.
        let numbers: NumberTriple
        let velocityNumber: Double?
    }

    /// From, to and by of a number-valued animation as `Double`s (`isNumeric` false when a
    /// given value is of another kind).
    struct NumberTriple {
        let from: Double?, to: Double?, by: Double?
        let isNumeric: Bool

        init(_ from: AnimationValue?, _ to: AnimationValue?, _ by: AnimationValue?) {
            self.from = from?.number; self.to = to?.number; self.by = by?.number
            isNumeric = (from == nil || self.from != nil) && (to == nil || self.to != nil) && (by == nil || self.by != nil)
        }
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
