import FolioGeometry
import FolioMotion

/// A layer's animations and the scratch its presentation uses, allocated once when the layer
/// first gets an animation and kept (with its capacity) after the last one leaves, so that
/// presenting a frame allocates nothing.
///
/// The properties skip the runtime's exclusivity tracking, like `Layer`'s: the presentation
/// reads them once per animated layer per frame, and their accesses never overlap (one
/// thread, no accessors).
final class LayerAnimationStorage {
    /// One added animation and the key it was added under (nil: no key). A class with
    /// constant fields, so that presenting reads the animation in place (a `LayerAnimation` is
    /// a few hundred bytes; a struct element would be copied out for every use).
    final class Entry {
        let key: String?
        let animation: LayerAnimation
        /// Whether the completion has been called with true: an animation kept after it ends
        /// (`isRemovedOnCompletion` false) completes once, when it ends, as Core Animation's
        /// `animationDidStop(_:finished: true)`, and not again when it is removed later.
        var hasCompleted = false

        init(key: String?, animation: LayerAnimation) { self.key = key; self.animation = animation }
    }

    /// A model value put aside while the presentation value is in the layer, in a compact
    /// form: up to four numbers (a number, a point, a size, a rect, a colour's components), or
    /// the index of a matrix in `savedTransforms`. An `AnimationValue` would be as large as a
    /// matrix for every saved value, and copying it twice a frame per layer was measurable.
    struct Saved {
        var property: AnimationKeyPath
        /// False for a `backgroundColor` that was nil (restored as nil, not as clear).
        var isPresent: Bool
        var a: Double, b: Double, c: Double, d: Double
        var transform: Int
    }

    /// The animations in the order added (Core Animation's composition order). Every change
    /// of the list rebuilds `tracks` (`didSet`), so the two never disagree.
    @exclusivity(unchecked) var entries: [Entry] = [] {
        didSet { rebuildTracks() }
    }
    /// The animations as `NumberTrack`s, in the same order, when every one of them is a track
    /// (`usesTracks`); empty otherwise. Presenting such a layer reads only this table.
    @exclusivity(unchecked) var tracks = NumberTrackTable()
    /// Whether the presentation takes the track path (every entry is a track).
    @exclusivity(unchecked) var usesTracks = false
    /// The model values saved by the presentation in progress, restored in reverse order.
    @exclusivity(unchecked) var saved: [Saved] = []
    /// The model numbers the track path put aside (kept apart from `saved`, so that the list of
    /// animations may change during a presentation without losing a model value).
    @exclusivity(unchecked) var savedNumbers = SavedNumbers()
    /// The matrices among the saved values (`transform`, `sublayerTransform`).
    @exclusivity(unchecked) var savedTransforms: [Transform3D] = []
    /// The model values of properties that are neither numbers nor matrices (contents, a
    /// gradient's lists, a surface's back rectangle), saved as values.
    @exclusivity(unchecked) var savedValues: [AnimationValue] = []
    /// Whether a presentation is applied now (nested presentations change nothing).
    @exclusivity(unchecked) var isPresenting = false
    /// The transform's parts while animations of them are applied (scratch kept here, so a
    /// presentation does not build one per layer).
    @exclusivity(unchecked) var parts = TransformParts()

    /// Rebuilds `tracks` from `entries` (when animations are added or removed, never per frame).
    private func rebuildTracks() {
        usesTracks = false
        var rows: [NumberTrack] = [], springs: [GenericSpringMotion<Point>] = []
        for entry in entries {
            guard let track = NumberTrack(entry.animation, springs: &springs) else { break }
            rows.append(track)
        }
        let complete = !entries.isEmpty && rows.count == entries.count
        tracks = complete ? NumberTrackTable(rows: rows, springs: springs) : NumberTrackTable()
        usesTracks = complete
    }

    /// Makes room for `leaves` more saved values, so that presenting never grows the array.
    func reserve(leaves: Int) {
        let needed = entries.reduce(0) { $0 + $1.animation.leafCount } + leaves
        if saved.capacity < needed { saved.reserveCapacity(needed) }
        if savedTransforms.capacity < 2 { savedTransforms.reserveCapacity(2) }
    }
}
