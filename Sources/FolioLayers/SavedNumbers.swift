/// The model values of a layer's number properties put aside while a presentation's track
/// path (`NumberTrack`) has written animated values over them: one slot per property, a bit per
/// slot saying it holds a value. Fixed size, so saving and restoring allocate and count nothing.
struct SavedNumbers {
    /// The saved values by slot (slot 7 unused).
    var values = SIMD8<Double>()
    /// Bit `slot` is set while `values[slot]` holds a model value to restore.
    var mask: UInt8 = 0

    /// The slot of a number stored directly in a layer, or nil for any other key path.
    static func slot(of path: AnimationKeyPath) -> Int? {
        switch path {
        case .positionX: 0
        case .positionY: 1
        case .opacity: 2
        case .zPosition: 3
        case .anchorPointZ: 4
        case .cornerRadius: 5
        case .borderWidth: 6
        default: nil
        }
    }
}
