import FolioMotion
import FolioSurface

/// One leaf (or bundle) in flight under a controller: its progress as an `AnimatedValue`
/// (model and presentation values, driven by the clock), the pointer's velocity while it is
/// dragged, and where it is heading.
final class LeafMotion {
    /// The first leaf of the bundle and how many turn together.
    let index: Int, count: Int
    /// The progress; its presentation value may leave 0…1 while rubber-banding or overshooting.
    let value: AnimatedValue
    /// Pointer velocity while dragged, in progress per second.
    var tracker = VelocityTracker()
    /// Start order: earlier flights win when two would cross.
    let order: Int
    /// Where the leaf may rest: 0…1, or one end only for a pinned end page.
    let allowed: ClosedRange<Double>
    /// The end it is heading for (0 or 1).
    var target: Double
    /// A riffle's staggered start: the animation to begin at clock time `startAt`.
    var startAt: Double?
    var pending: Animation?
    /// The progress shown at the last update (after keeping the leaves in turning order).
    var shown: Double
    /// The pose the last drag left the leaf in (the curl's path anchor), nil otherwise.
    var anchor: CurlPose?
    /// Where it rested before it started (0 or 1): the events name the turn from there.
    let start: Double
    /// Whether it has left its resting place (`BookEvent.Kind.lift` sent).
    var lifted = false
    /// Whether it is heading for the far side (`BookEvent.Kind.commit` sent).
    var committed = false

    init(index: Int, count: Int, progress: Double, allowed: ClosedRange<Double>, order: Int) throws(MotionError) {
        self.index = index
        self.count = count
        value = try AnimatedValue(progress)
        self.allowed = allowed
        self.order = order
        target = progress
        shown = progress
        start = progress
    }

    /// The last leaf of the bundle.
    var last: Int { index + count - 1 }

    /// Whether it has come to rest where it was heading, with nothing left to do.
    var hasLanded: Bool { startAt == nil && !value.isAnimating && shown == target }
}
