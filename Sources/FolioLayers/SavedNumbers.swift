/// The model values of a layer's number properties put aside while a presentation's track
/// path (`NumberTrack`) has written animated values over them: one slot per property, a bit per
/// slot saying it holds a value. Fixed size, so saving and restoring allocate and count nothing.
///
/// Seven doubles and the mask, 57 bytes with an alignment of 8, indexed through their address:
/// an eight-lane vector (`SIMD8<Double>`) has an alignment of 16 and put 64 bytes at a 16-byte
/// boundary in the storage object, a line more of it for the presentation to read per layer
/// and pass. (Seven fields behind a switch cost about 20 instructions a layer more.)
struct SavedNumbers {
    /// The saved values by slot.
    private var values: (Double, Double, Double, Double, Double, Double, Double) = (0, 0, 0, 0, 0, 0, 0)
    /// Bit `slot` is set while the value in `slot` is a model value to restore; bit 7
    /// (`presentedBit`) is the kept list's mark that it presented the layer these belong to.
    var mask: UInt8 = 0

    /// The bit of `mask` past the seven slots: set by `PresentationList` on the saved numbers
    /// of a layer it presented (a presentation may write no value and still have presented).
    static let presentedBit: UInt8 = 0x80

    /// The value saved in `slot` (0…6).
    subscript(slot: Int) -> Double {
        @inline(__always) get {
            assert(slot >= 0 && slot < 7, "saved number slot out of range")
            return withUnsafeBytes(of: values) { $0.load(fromByteOffset: slot &* 8, as: Double.self) }
        }
        @inline(__always) set {
            assert(slot >= 0 && slot < 7, "saved number slot out of range")
            withUnsafeMutableBytes(of: &values) { $0.storeBytes(of: newValue, toByteOffset: slot &* 8, as: Double.self) }
        }
    }

    /// Writes the saved model numbers back into `layer`, through its setters so that change
    /// tracking sees them; a value whose bits did not change is not written, so the layer's
    /// change counters and cached transform are left alone.
    @inline(__always)
    func restore(into layer: Layer) {
        var slots = mask & ~Self.presentedBit
        while slots != 0 {
            let slot = slots.trailingZeroBitCount
            slots &= slots &- 1
            let v = self[slot]
            if layer.number(inSlot: slot).bitPattern != v.bitPattern { layer.setNumber(v, inSlot: slot) }
        }
    }

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
