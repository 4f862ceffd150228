import Synchronization
import FolioMotion

// A layer's own media timing (`LayerTiming`, CALayer's `CAMediaTiming`): the tree's time
// converted into each layer's local time, in which its animations' begin times, durations and
// completions count.

extension Layer {
    /// How many layers, in every tree, have a timing other than the identity (their
    /// `LayerTimingBox`es alive): while it is 0 a layer's local time is the tree's and nothing
    /// is converted — one load per presentation (`SpringResponseMemo.layersAreTimed`).
    static let timedLayerCount = Atomic<Int>(0)

    /// Whether any layer anywhere has a timing of its own.
    @inline(__always) static var anyLayerIsTimed: Bool { timedLayerCount.load(ordering: .relaxed) > 0 }

    /// This layer's own media timing (`CALayer`'s `beginTime`, `speed`, `timeOffset`): it maps
    /// its superlayer's local time to its own, for its animations and every layer below it.
    /// The identity by default.
    public final var timing: LayerTiming {
        get { timingBox?.timing ?? .identity }
        set { timingBox = newValue == .identity ? nil : LayerTimingBox(newValue) }
    }

    /// The local time of this layer at tree time `time` (seconds on the clock the root's
    /// animations use): every ancestor's timing from the root down, then its own — what
    /// Core Animation's `layer.convertTime(CACurrentMediaTime(), from: nil)` gives.
    public final func localTime(fromTreeTime time: Double) -> Double { localTimeAndRate(fromTreeTime: time).time }

    /// The local time at tree time `time` and how many local seconds pass per tree second
    /// there (the product of the speeds from the root down).
    final func localTimeAndRate(fromTreeTime time: Double) -> (time: Double, rate: Double) {
        var result = (time: time, rate: 1.0)
        if let parent = parentLink { result = parent.withLayer { $0.localTimeAndRate(fromTreeTime: time) } }
        if let box = timingBox {
            result = (box.timing.localTime(fromParentTime: result.time), result.rate * box.timing.speed)
        }
        return result
    }
}
