import Synchronization

/// The animated layers of a subtree and their animation storages, in the order the
/// presentation walk reaches them, kept by the subtree's root from frame to frame so that
/// applying and restoring a presentation runs down a contiguous list instead of walking the
/// tree twice.
///
/// Why: the walk follows each layer's sibling link to find the next, a chain of dependent
/// loads through memory that is mostly not in any cache (10,000 animated layers are several
/// megabytes of layers and storages), and it did so twice a frame, reading each layer's count
/// and storage link on the way. From the list, the addresses of the next layers are known
/// ahead and their loads overlap. The list holds what the walk would visit, in its order, so
/// the values written are the same.
///
/// It is valid while the set of animated layers in the tree has not changed:
/// `Layer.adjustAnimatedLayerCount(by:)` — the one place any layer gains its first animation,
/// loses its last, or is added to or removed from a tree with animated layers in it — moves the
/// process-wide `epoch`, and a list built at another epoch is rebuilt by the walk before it is
/// used (growing its buffer only when there are more layers than ever: a steady frame
/// allocates nothing). The pointers are unretained, as the walk's links are: every layer in
/// the list is in the root's tree (the tree owns it) for as long as the epoch has not moved,
/// and each layer owns its storage for its lifetime. A presentation whose body changes the
/// set (the epoch moved) restores by the walk instead.
final class PresentationList {
    /// One animated layer and its storage, unretained.
    struct Member {
        let layer: Unmanaged<Layer>
        let storage: Unmanaged<LayerAnimationStorage>
    }

    /// Moves whenever any layer's animated-layer count changes (see the type's notes).
    static let epoch = Atomic<UInt64>(0)

    /// The roots at least this many animated layers below them keep a list; with fewer the
    /// walk costs about as much, and a layer presented on its own (a transaction reading one
    /// layer's presentation) keeps no list.
    static let minimumLayers = 16

    /// The epoch the members were collected at (`nil`: never collected).
    private(set) var builtAt: UInt64?
    /// The members, in the walk's order (preorder: a layer before its sublayers).
    private var members = EvaluationBuffer<Member>(capacity: 0)

    deinit { members.release() }

    /// Whether the members are those of the current epoch.
    var isCurrent: Bool { builtAt == Self.epoch.load(ordering: .relaxed) }

    /// Collects the animated layers under `root` again unless the list is current.
    func refresh(from root: Unmanaged<Layer>) {
        let now = Self.epoch.load(ordering: .relaxed)
        guard builtAt != now else { return }
        members.count = 0
        collect(root)
        builtAt = now
    }

    /// Appends the layers with animations in `layer`'s subtree, as `applyPresentation` visits them.
    private func collect(_ layer: Unmanaged<Layer>) {
        layer.withLayer { l in
            if let storage = l.animationStorageLink,
               storage._withUnsafeGuaranteedRef({ $0.usesTracks || !$0.entries.isEmpty }) {
                members.append(Member(layer: layer, storage: storage))
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

    /// Applies the presentation at `time` to every member (as `applyPresentation` does).
    func apply(at time: Double, memo: inout SpringResponseMemo) {
        for i in 0..<members.count {
            let m = members[i]
            m.storage._withUnsafeGuaranteedRef {
                if $0.usesTracks || !$0.entries.isEmpty { $0.present(m.layer, at: time, memo: &memo) }
            }
        }
    }

    /// Writes back every member's model values (as `restoreModel` does; each layer's values
    /// are its own, so the order among layers does not matter).
    func restore() {
        for i in 0..<members.count {
            let m = members[i]
            m.storage._withUnsafeGuaranteedRef { if $0.isPresenting { $0.restore(m.layer) } }
        }
    }
}
