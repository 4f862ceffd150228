import FolioGeometry
import FolioMotion

/// A layer's animations and the scratch its presentation uses, allocated once when the layer
/// first gets an animation and kept (with its capacity) after the last one leaves, so that
/// presenting a frame allocates nothing.
final class LayerAnimationStorage {
    /// One added animation and the key it was added under (nil: no key).
    struct Entry {
        var key: String?
        var animation: LayerAnimation
    }

    /// A model value put aside while the presentation value is in the layer; nil stands for
    /// a `backgroundColor` that was nil (restored as nil, not as clear).
    struct Saved {
        var property: AnimationKeyPath
        var value: AnimationValue?
    }

    /// The animations in the order added (Core Animation's composition order).
    var entries: [Entry] = []
    /// The model values saved by the presentation in progress, restored in reverse order.
    var saved: [Saved] = []
    /// Whether a presentation is applied now (nested presentations change nothing).
    var isPresenting = false

    /// Makes room for `leaves` more saved values, so that presenting never grows the array.
    func reserve(leaves: Int) {
        let needed = entries.reduce(0) { $0 + $1.animation.leafCount } + leaves
        if saved.capacity < needed { saved.reserveCapacity(needed) }
    }
}
