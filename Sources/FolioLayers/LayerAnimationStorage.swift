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

    // What presenting a layer on the track path reads and writes is declared first, so that it
    // lies in the object's first lines: the flags, the track table's pointers and the saved
    // numbers. It reads no array: an array's count lives in its buffer, one more cache line
    // per layer per pass (`entries`, `saved` and `savedTransforms` are read only when the
    // layer takes the general path).

    /// Whether a presentation is applied now (nested presentations change nothing).
    @exclusivity(unchecked) var isPresenting = false
    /// Whether the presentation takes the track path (every entry is a track).
    @exclusivity(unchecked) var usesTracks = false
    /// Whether the presentation in progress took the general path, so that its restore has
    /// values in `saved` to write back.
    @exclusivity(unchecked) var presentsGeneral = false
    /// The animations as `NumberTrack`s, in the same order, when every one of them is a track
    /// (`usesTracks`); empty otherwise. Presenting such a layer reads only this table.
    @exclusivity(unchecked) var tracks = NumberTrackTable()
    /// The model numbers the track path put aside (kept apart from `saved`, so that the list of
    /// animations may change during a presentation without losing a model value).
    @exclusivity(unchecked) var savedNumbers = SavedNumbers()
    /// The animations in the order added (Core Animation's composition order). Every change
    /// of the list rebuilds `tracks` (`didSet`), so the two never disagree.
    @exclusivity(unchecked) var entries: [Entry] = [] {
        didSet { rebuildTracks() }
    }
    /// The model values saved by the presentation in progress, restored in reverse order.
    @exclusivity(unchecked) var saved: [Saved] = []
    /// The matrices among the saved values (`transform`, `sublayerTransform`).
    @exclusivity(unchecked) var savedTransforms: [Transform3D] = []
    /// The model values of properties that are neither numbers nor matrices (contents, a
    /// gradient's lists, a surface's back rectangle), saved as values.
    @exclusivity(unchecked) var savedValues: [AnimationValue] = []
    /// The presented values of a gradient's `colors` and `locations`, written in place each
    /// frame and given to the layer (sharing the buffer) until the restore puts the model's
    /// array back (LayerAnimation+Lists.swift): sized on the first frame and kept.
    @exclusivity(unchecked) var scratchColors: [Color] = []
    @exclusivity(unchecked) var scratchLocations: [Double] = []
    /// The transform's parts while animations of them are applied (scratch kept here, so a
    /// presentation does not build one per layer).
    @exclusivity(unchecked) var parts = TransformParts()

    /// Rebuilds `tracks` from `entries` (when animations are added or removed, never per
    /// frame), and makes room for the general path's saved values when it is the path taken.
    private func rebuildTracks() {
        // A kept list copied the rows and springs of the table being replaced
        // (PresentationList.swift): it is out of date now.
        PresentationList.epoch.add(1, ordering: .relaxed)
        usesTracks = false
        var rows: [NumberTrack] = [], timings: [NumberTrack.Timing] = [], springs: [GenericSpringMotion<Point>] = []
        for entry in entries {
            guard let (track, timing) = NumberTrack.make(entry.animation, springs: &springs) else { break }
            rows.append(track)
            timings.append(timing)
        }
        let complete = !entries.isEmpty && rows.count == entries.count
        tracks = complete ? NumberTrackTable(rows: rows, timings: timings, springs: springs) : NumberTrackTable()
        usesTracks = complete
        if !complete && !entries.isEmpty { reserveSaved() }
    }

    /// Makes room for a saved value per leaf animation, so that presenting on the general path
    /// never grows the arrays. Only the general path uses them: a layer on the track path
    /// keeps no buffers for them (two allocations fewer a layer, and memory its neighbours
    /// are not spread over).
    private func reserveSaved() {
        let needed = entries.reduce(0) { $0 + $1.animation.leafCount }
        if saved.capacity < needed { saved.reserveCapacity(needed) }
        if savedTransforms.capacity < 2 { savedTransforms.reserveCapacity(2) }
    }
}
