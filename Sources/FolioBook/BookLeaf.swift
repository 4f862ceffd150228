import FolioSurface

/// A leaf in flight: which leaf, how far it has turned, and how many leaves turn with it.
public struct BookLeaf: Hashable, Sendable {
    /// The leaf's index (see ``Book/leafRange``).
    public var index: Int
    /// Geometric progress 0…1: 0 resting on the unread (trailing) side, 1 lying on the read side.
    public var progress: Double
    /// How many consecutive leaves, from `index` on, turn together as one (a riffle turns long
    /// runs as a few thick bundles); the bundle shows the front of its first leaf and the back
    /// of its last.
    public var count: Int
    /// The pose a drag left the leaf in, for an effect whose drag moves it off its own path
    /// (the curl: the axis turns toward the pointer); the leaf follows the path through it
    /// (`CurlPath(through:)`) as its progress changes. Nil: the effect's own path.
    public var anchor: CurlPose?

    /// A leaf (or a bundle of `count` leaves starting at `index`) at `progress`, on the path
    /// through `anchor` (nil: the effect's own).
    public init(index: Int, progress: Double, count: Int = 1, anchor: CurlPose? = nil) {
        self.index = index; self.progress = progress; self.count = count; self.anchor = anchor
    }

    /// The index of the bundle's last leaf.
    public var last: Int { index + count - 1 }
}

/// A side of a leaf.
public enum LeafSide: Sendable {
    /// The side facing the viewer while the leaf rests on the unread side.
    case front
    /// The side facing the viewer once the leaf lies on the read side.
    case back
}

/// What lies under a point of the view.
public struct BookHit: Sendable, Equatable {
    /// The leaf whose face is under the point (for a page lying flat: the leaf it belongs to).
    public var leaf: Int
    /// Which of its faces.
    public var side: LeafSide
    /// Whether that leaf is in flight (otherwise it lies flat on one of the stacks).
    public var isInFlight: Bool
}
