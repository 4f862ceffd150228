import FolioGeometry
import FolioMotion

/// How the property changes made inside `LayerClock.perform(_:_:)` animate: Core Animation's
/// `CATransaction` settings (duration, timing function, disabled actions, completion) plus
/// a spring and UIKit's additive composition of interrupted animations.
public struct LayerTransaction {
    /// How each change travels.
    public enum Motion {
        /// A timing curve over `duration` seconds.
        case timing(TimingFunction, duration: Double)
        /// A spring; each change begins with the presentation velocity of its property (unless
        /// `keepsVelocity` is false) and lasts the spring's settling duration.
        case spring(Spring)
    }

    /// How each change travels (Core Animation's implicit default: 0.25 s on `.default`).
    public var motion: Motion
    /// Changes are immediate (`CATransaction.setDisableActions(true)`).
    public var disablesActions: Bool
    /// Interrupted animations keep running and the new one is added on top, from the old
    /// model value minus the new one to zero (UIKit's composition since iOS 8), instead of
    /// replacing them from the presentation value.
    public var isAdditive: Bool
    /// Whether each change starts at the velocity its property has on screen (default true):
    /// a spring starts with it, and a timing curve adds a hand-over term that starts at it and
    /// fades out by the curve's end (`LayerAnimation.basic(…velocity:)`), so value and velocity
    /// are both continuous at every interruption; in an additive transaction the new piece
    /// starts at rest, so the interrupted motions carry on at their own speed. False is Core
    /// Animation's documented behaviour for an animation that begins from the current state:
    /// only the value is continuous, and the curve (or spring) starts at its own velocity.
    public var keepsVelocity: Bool
    /// Called once every animation this transaction started has finished or been removed
    /// (at once when it started none), on the next `LayerClock` tick that sees it.
    public var completion: (() -> Void)?

    /// A transaction; the defaults are Core Animation's implicit animation.
    public init(motion: Motion = .timing(.default, duration: 0.25), disablesActions: Bool = false,
                isAdditive: Bool = false, keepsVelocity: Bool = true, completion: (() -> Void)? = nil) {
        self.motion = motion; self.disablesActions = disablesActions; self.isAdditive = isAdditive
        self.keepsVelocity = keepsVelocity; self.completion = completion
    }

    /// A timing-curve transaction of `duration` seconds.
    public static func timing(_ curve: TimingFunction = .default, duration: Double = 0.25) -> LayerTransaction {
        LayerTransaction(motion: .timing(curve, duration: duration))
    }

    /// A spring transaction.
    public static func spring(_ spring: Spring) -> LayerTransaction {
        LayerTransaction(motion: .spring(spring))
    }
}
