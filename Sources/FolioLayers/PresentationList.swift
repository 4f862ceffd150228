import FolioGeometry
import FolioMotion
import Synchronization

/// The animated layers of a subtree and their animation storages, in the order the
/// presentation walk reaches them, kept by the subtree's root from frame to frame so that
/// applying and restoring a presentation runs down a contiguous list instead of walking the
/// tree twice; for the layers on the track path, also a copy of their track rows, their
/// springs' responses (each distinct one once) and the model numbers a presentation saved, so
/// that presenting and restoring them touches nothing but the list and the layers themselves.
///
/// Why: the walk follows each layer's sibling link to find the next, a chain of dependent
/// loads through memory that is mostly not in any cache (10,000 animated layers are several
/// megabytes of layers and storages), and it did so twice a frame, reading each layer's count
/// and storage link on the way. From the list, the addresses of the next layers are known
/// ahead and their loads overlap. The list holds what the walk would visit, in its order, so
/// the values written are the same.
///
/// Why the copies: each layer's storage object, its track table and its spring's responses
/// are separate allocations, scattered through memory; reading them per layer per frame was
/// four or five lines more than the layer's own, in the apply pass and again (the storage's
/// flags and saved numbers) in the restore pass. Copied side by side into the list, they are
/// read in order — lines the processor fetches ahead — and a spring that many layers share
/// (one transaction starting the same spring on all of them, with or without staggered begin
/// times: the unit responses depend on the spring alone) is one entry, in the cache for all of
/// them. The rows are the storage's rows with only their spring index changed, so the values
/// are those the storage computes, bit for bit. Whether a layer is presented is
/// `Layer.isPresented`, in the line the presentation writes anyway, rather than the storage's
/// flag.
///
/// It is valid while the set of animated layers in the tree and their animations have not
/// changed: `Layer.adjustAnimatedLayerCount(by:)` — the one place any layer gains its first
/// animation, loses its last, or is added to or removed from a tree with animated layers in
/// it — and `LayerAnimationStorage`'s rebuilding of a track table (any change of a layer's
/// animations) move the process-wide `epoch`, and a list built at another epoch is rebuilt by
/// the walk before it is used (growing its buffers only when there are more layers or rows
/// than ever: a steady frame allocates nothing). The pointers are unretained, as the walk's links are: every layer in
/// the list is in the root's tree (the tree owns it) for as long as the epoch has not moved,
/// and each layer owns its storage for its lifetime. A presentation whose body changes the
/// set (the epoch moved) restores by the walk instead (`restoreAfterTreeChange(under:)`),
/// finding the saved numbers of the layers still in the tree by their identity.
final class PresentationList {
    /// One animated layer and its storage, unretained, and where its copied rows are.
    struct Member {
        let layer: Unmanaged<Layer>
        let storage: Unmanaged<LayerAnimationStorage>
        /// The first of the layer's rows in `rows`, and how many (0: the layer takes the
        /// general path, presented and restored by its storage).
        let rowStart: Int32, rowCount: Int32
        /// The storage's timing rows (`timings[k]` belongs to the layer's row `k`), read only
        /// for a track that is not a one-pass spring; nil on the general path.
        let timings: UnsafeMutablePointer<NumberTrack.Timing>?
    }

    /// Moves whenever any layer's animated-layer count or animations change (see the type's notes).
    static let epoch = Atomic<UInt64>(0)

    /// The roots at least this many animated layers below them keep a list; with fewer the
    /// walk costs about as much, and a layer presented on its own (a transaction reading one
    /// layer's presentation) keeps no list.
    static let minimumLayers = 16

    /// How many of the most recent distinct springs a new one is compared with when the list
    /// is built (the layers of one transaction come one after another).
    static let springSearch = 8

    /// The epoch the members were collected at (`nil`: never collected).
    private(set) var builtAt: UInt64?
    /// The members, in the walk's order (preorder: a layer before its sublayers).
    private var members = EvaluationBuffer<Member>(capacity: 0)
    /// The track-path members' rows, each member's in its order, with `spring` indexing `springs`.
    private var rows = EvaluationBuffer<NumberTrack>(capacity: 0)
    /// The model numbers each member's presentation saved (`members[i]`'s in `saved[i]`),
    /// with `SavedNumbers.presentedBit` set when this list presented it.
    private var saved = EvaluationBuffer<SavedNumbers>(capacity: 0)
    /// The rows' springs' unit responses, each distinct one once (not a plain value outside
    /// FolioMotion, so kept by hand: initialized up to `springCount`).
    private var springBase = UnsafeMutablePointer<GenericSpringMotion<Point>>.allocate(capacity: 0)
    private var springCount = 0, springCapacity = 0

    deinit {
        members.release(); rows.release(); saved.release()
        springBase.deinitialize(count: springCount)
        springBase.deallocate()
    }

    /// Whether the members are those of the current epoch.
    var isCurrent: Bool { builtAt == Self.epoch.load(ordering: .relaxed) }

    /// The number of layers in the list, and of distinct springs among their rows.
    var counts: (layers: Int, springs: Int) { (members.count, springCount) }

    /// Collects the animated layers under `root` again unless the list is current.
    func refresh(from root: Unmanaged<Layer>) {
        let now = Self.epoch.load(ordering: .relaxed)
        guard builtAt != now else { return }
        members.count = 0
        rows.count = 0
        springBase.deinitialize(count: springCount)
        springCount = 0
        collect(root)
        saved.resize(to: members.count)
        for i in 0..<members.count { saved[i] = SavedNumbers() }
        builtAt = now
    }

    /// Appends the layers with animations in `layer`'s subtree, as `applyPresentation` visits them.
    private func collect(_ layer: Unmanaged<Layer>) {
        layer.withLayer { l in
            if let storage = l.animationStorageLink,
               storage._withUnsafeGuaranteedRef({ $0.usesTracks || !$0.entries.isEmpty }) {
                members.append(storage._withUnsafeGuaranteedRef { member(layer, $0, storage) })
            }
            var child = l.firstSublayer
            while let c = child {
                child = c.withLayer { sub in
                    if sub.animatedLayerCount > 0 { collect(c) }
                    return sub.nextSibling
                }
            }
        }
    }

    /// The member for `layer`: on the track path, with its rows copied and its springs found
    /// among (or added to) `springs`.
    private func member(_ layer: Unmanaged<Layer>, _ s: LayerAnimationStorage,
                        _ storage: Unmanaged<LayerAnimationStorage>) -> Member {
        guard s.usesTracks else { return Member(layer: layer, storage: storage, rowStart: 0, rowCount: 0, timings: nil) }
        let start = rows.count, list = s.tracks.rows, springs = s.tracks.springs
        for k in 0..<list.count {
            let row = list[k]
            rows.append(row.spring >= 0 ? row.withSpring(at: Int32(truncatingIfNeeded: index(of: springs[Int(row.spring)]))) : row)
        }
        return Member(layer: layer, storage: storage, rowStart: Int32(truncatingIfNeeded: start),
                      rowCount: Int32(truncatingIfNeeded: list.count), timings: s.tracks.timings.baseAddress)
    }

    /// The index in `springs` of responses equal to `motion` (`==`, as `SpringResponseMemo`
    /// shares them), added when none of the last `springSearch` is.
    private func index(of motion: GenericSpringMotion<Point>) -> Int {
        var i = springCount - 1
        while i >= max(0, springCount - Self.springSearch) {
            if springBase[i] == motion { return i }
            i -= 1
        }
        if springCount == springCapacity {
            let capacity = max(8, springCapacity * 2)
            let grown = UnsafeMutablePointer<GenericSpringMotion<Point>>.allocate(capacity: capacity)
            grown.moveInitialize(from: springBase, count: springCount)
            springBase.deallocate()
            springBase = grown
            springCapacity = capacity
        }
        (springBase + springCount).initialize(to: motion)
        springCount += 1
        return springCount - 1
    }

    /// Applies the presentation at `time` to every member (as `applyPresentation` does); a
    /// layer presented already (a presentation around this one) is left as it is.
    func apply(at time: Double, memo: inout SpringResponseMemo) {
        // The buffers' addresses once, in locals: read through the class's properties inside
        // the loop, each access was checked for exclusivity at run time (about 57 instructions
        // a layer).
        let springs = UnsafeMutableBufferPointer(start: springBase, count: springCount)
        let list = members.base, rowBase = rows.base, savedBase = saved.base
        for i in 0..<members.count {
            let m = list[i]
            guard m.rowCount > 0, let timings = m.timings else {
                m.storage._withUnsafeGuaranteedRef {
                    if $0.usesTracks || !$0.entries.isEmpty { $0.present(m.layer, at: time, memo: &memo) }
                }
                continue
            }
            let s = savedBase + i
            m.layer.withLayer { layer in
                guard !layer.isPresented else { s.pointee.mask = 0; return }
                layer.isPresented = true
                // Tree time to the layer's local time while any layer has a timing, as
                // `LayerAnimationStorage.present` does (Layer+Timing.swift).
                let time = memo.layersAreTimed ? layer.localTime(fromTreeTime: time) : time
                // `LayerAnimationStorage.presentTracks`, from the copied rows; the saved numbers
                // are written in place (only the mask and the slots used).
                var mask = SavedNumbers.presentedBit
                let first = rowBase + Int(m.rowStart)
                for k in 0..<Int(m.rowCount) {
                    let row = first + k
                    let slot = Int(row.pointee.slot)
                    let base = layer.number(inSlot: slot)
                    let bit: UInt8 = 1 << UInt8(truncatingIfNeeded: slot)
                    guard let v = row.pointee.value(at: time, base: base, timing: timings + k, springs: springs, memo: &memo),
                          v.isFinite else { continue }
                    if mask & bit == 0 { s.pointee[slot] = base; mask |= bit }
                    layer.setNumber(v, inSlot: slot)
                }
                s.pointee.mask = mask
            }
        }
    }

    /// Writes back every member's model values (as `restoreModel` does; each layer's values
    /// are its own, so the order among layers does not matter).
    func restore() {
        let list = members.base, savedBase = saved.base
        for i in 0..<members.count {
            let m = list[i]
            guard m.rowCount > 0 else {
                m.storage._withUnsafeGuaranteedRef { if $0.isPresenting { $0.restore(m.layer) } }
                continue
            }
            let s = savedBase + i
            guard s.pointee.mask & SavedNumbers.presentedBit != 0 else { continue }
            m.layer.withLayer { layer in
                layer.isPresented = false
                s.pointee.restore(into: layer)
            }
        }
    }

    /// Writes back the model values after a presentation whose body changed the tree's
    /// animated layers (the list is not current): the layers presented by their storage by
    /// the walk, as before the list, and those this list presented and still in the tree by
    /// their identity — a layer the body removed, perhaps freed, is never touched. Rare, so
    /// it may allocate (the index of the saved numbers).
    func restoreAfterTreeChange(under root: Unmanaged<Layer>) {
        root.restoreModel()
        var index: [UnsafeMutableRawPointer: Int] = [:]
        for i in 0..<members.count where members[i].rowCount > 0 && saved[i].mask & SavedNumbers.presentedBit != 0 {
            index[members[i].layer.toOpaque()] = i
        }
        guard !index.isEmpty else { return }
        restore(in: root, from: index)
    }

    /// Restores every layer of `layer`'s subtree that this list presented (`index`: its saved
    /// numbers by the layer's address), the whole subtree: a layer may have lost its animations.
    private func restore(in layer: Unmanaged<Layer>, from index: [UnsafeMutableRawPointer: Int]) {
        layer.withLayer { l in
            if l.isPresented, let i = index[layer.toOpaque()] {
                l.isPresented = false
                saved[i].restore(into: l)
                saved[i].mask = 0
            }
            var child = l.firstSublayer
            while let c = child {
                restore(in: c, from: index)
                child = c.withLayer { $0.nextSibling }
            }
        }
    }
}
