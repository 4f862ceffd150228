/// Something a person would notice about a turn, for an app to answer with a sound, a haptic
/// or a spoken announcement (``BookController/onEvent``).
///
/// A turn goes `lift` → `commit` → `land`, or `lift` → `cancel` when it falls back; a leaf
/// caught and thrown back after its commit ends with `cancel`. A pinned end page lifted by the
/// rubber band reports `lift` and `cancel` with ``fromOpening`` equal to ``toOpening``.
public struct BookEvent: Equatable, Sendable {
    /// What happened.
    public enum Kind: String, Sendable {
        /// The leaf left its resting place (by a drag, a key, a riffle, the wheel).
        case lift
        /// The turn will complete: the leaf is heading for the far side (a release past the
        /// point of no return, a key press, a riffle's start). Sent once per decision.
        case commit
        /// The leaf came to rest on the far side: the book shows ``toOpening``.
        case land
        /// The leaf came back to rest where it started: the book still shows ``fromOpening``.
        case cancel
    }

    /// What happened.
    public var kind: Kind
    /// The first leaf of the bundle in flight and how many leaves turn with it.
    public var leaf: Int
    /// How many leaves turn together (a riffle's bundle), at least 1.
    public var count: Int
    /// Whether the turn goes toward later pages.
    public var isForward: Bool
    /// The opening shown before the turn and the one shown once it completes.
    public var fromOpening: Int, toOpening: Int
    /// The pages lying open at ``toOpening``, on the read and unread side (nil where there is
    /// none), zero-based.
    public var readPage: Int?, unreadPage: Int?

    /// An event; the controller makes these.
    public init(kind: Kind, leaf: Int, count: Int, isForward: Bool, fromOpening: Int, toOpening: Int, readPage: Int?, unreadPage: Int?) {
        self.kind = kind; self.leaf = leaf; self.count = count; self.isForward = isForward
        self.fromOpening = fromOpening; self.toOpening = toOpening; self.readPage = readPage; self.unreadPage = unreadPage
    }
}
