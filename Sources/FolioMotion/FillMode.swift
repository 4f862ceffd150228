/// What an animation shows outside its active interval (`CAMediaTimingFillMode`).
public enum FillMode: String, Hashable, Sendable, CaseIterable {
    /// Nothing: before it begins and after it ends the animation has no effect (the default).
    case removed
    /// After it ends, it holds its final value (Core Animation also needs the animation kept:
    /// `isRemovedOnCompletion = false`).
    case forwards
    /// Before it begins (a `beginTime` in the future), it holds its initial value.
    case backwards
    /// Both `forwards` and `backwards`.
    case both

    /// Whether the animation applies before its begin time.
    @inlinable public var fillsBackwards: Bool { self == .backwards || self == .both }
    /// Whether the animation applies after its active duration.
    @inlinable public var fillsForwards: Bool { self == .forwards || self == .both }
}
