import Synchronization

/// A flag that tells a render to give up: set it when the page is no longer wanted (scrolled
/// past). A render not yet sent to its engine never starts; one in flight returns
/// ``DocumentError/cancelled(page:)`` at once while its engine finishes in the background
/// and its result is thrown away. Cancelling cannot be undone.
public final class Cancellation: Sendable {
    let flag = Atomic<Bool>(false)

    /// A flag not yet set.
    public init() {}

    /// Asks the renders watching this flag to stop. Safe from any thread.
    public func cancel() { flag.store(true, ordering: .releasing) }

    /// Whether ``cancel()`` was called.
    public var isCancelled: Bool { flag.load(ordering: .acquiring) }
}
