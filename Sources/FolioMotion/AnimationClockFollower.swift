/// Something that runs on an `AnimationClock`'s time and has work to do when it moves (a
/// `LayerClock` removes finished animations and calls completions).
public protocol AnimationClockFollower: AnyObject {
    /// The clock's time has moved to `time` (seconds of animation time).
    func clockDidAdvance(to time: Double)
}
