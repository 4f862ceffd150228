import FolioGeometry
import FolioMotion

/// A basic or spring animation of a number stored directly in a layer (`opacity`,
/// `position.x|y`, `zPosition`, `anchorPointZ`, `cornerRadius`, `borderWidth`), flattened into
/// plain values when it is added, so that presenting it reads one contiguous table of structs:
/// no enum payload objects, no key path lookups, no reference counting per frame.
///
/// This is the presentation's fast path (`LayerAnimationStorage.presentTracks`): a layer takes
/// it when every one of its animations is such a track, which is what a spring or a fade on
/// thousands of layers is. It computes exactly what `LayerAnimation.leafNumber(_:base:)`
/// computes (the same operations in the same order, so the same bits; tested against it).
struct NumberTrack {
    /// The animated property, as its slot in `SavedNumbers` (`SavedNumbers.slot(of:)`).
    let slot: Int
    /// The animation's media timing.
    let timing: MediaTiming
    /// Shapes a basic animation's progress (unused by a spring).
    let timingFunction: TimingFunction
    /// From, to and by as numbers.
    let numbers: LayerAnimation.NumberTriple
    /// Where a spring's unit responses (φ as x, ψ as y; `LayerAnimation.SpringValues.responses`)
    /// are in the storage's `springs` (−1 for a basic animation). Kept out of the row: an
    /// optional motion in each row made every row large, and reading it copied it.
    let spring: Int
    /// A spring's absolute start velocity (units per second), when it has one.
    let velocity: Double?
    /// A spring's start velocity as a fraction of the distance per second.
    let initialVelocity: Double
    /// `LayerAnimation.isAdditive`, `isCumulative`.
    let isAdditive: Bool, isCumulative: Bool

    /// The track for `animation` (a spring's responses appended to `springs`), or nil when it
    /// is not a basic or spring animation of a number stored in the layer
    /// (`SavedNumbers.slot(of:)`): groups, keyframes and other value kinds take the general path.
    init?(_ animation: LayerAnimation, springs: inout [GenericSpringMotion<Point>]) {
        guard let path = animation.keyPath, let slot = SavedNumbers.slot(of: path) else { return nil }
        switch animation.kind {
        case let .basic(basic):
            guard basic.numbers.isNumeric, basic.velocity == nil else { return nil }   // a hand-over velocity: general path
            numbers = basic.numbers
            spring = -1; velocity = nil; initialVelocity = 0
        case let .spring(spring):
            guard spring.numbers.isNumeric, spring.velocity == nil || spring.velocityNumber != nil else { return nil }
            numbers = spring.numbers
            velocity = spring.velocityNumber; initialVelocity = spring.initialVelocity
            self.spring = springs.count
            springs.append(spring.responses)
        case .keyframes, .group:
            return nil
        }
        self.slot = slot
        timing = animation.timing
        timingFunction = animation.timingFunction
        isAdditive = animation.isAdditive
        isCumulative = animation.isCumulative
    }

    /// The value at parent time `time` over `base` (the path's value before this track), or
    /// nil when the animation does not apply there (outside its active time with no fill).
    /// `springs` is the storage's table of spring responses (`spring` indexes it); `memo` the
    /// presentation walk's last response (`SpringResponseMemo`).
    @inline(__always)
    func value(at time: Double, base: Double, springs: UnsafeMutableBufferPointer<GenericSpringMotion<Point>>,
               memo: inout SpringResponseMemo) -> Double? {
        guard let sample = timing.sample(at: time),
              let (a, b) = LayerAnimation.resolveNumbers(numbers, base: base) else { return nil }
        var value: Double
        if spring >= 0, let base = springs.baseAddress {
            let response = memo.response(of: base + spring, at: sample.localTime)
            value = LayerAnimation.springNumber(from: a, to: b, response: response, velocity: velocity ?? (b - a) * initialVelocity)
        } else {
            value = a.interpolated(to: b, by: timingFunction.value(at: sample.progress))
        }
        if isCumulative && sample.iteration > 0 { value = value + b * sample.iteration }
        return isAdditive ? base + value : value
    }
}
