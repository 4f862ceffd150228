import Synchronization

/// A flag that tells a render to give up: set it when the page is no longer wanted (scrolled
/// past). A render not yet sent to its engine never starts; one in flight returns
/// ``DocumentError/cancelled(page:)`` at once while its engine finishes in the background
/// and its result is thrown away. Cancelling cannot be undone.
public final class Cancellation: Sendable {
    let flag = Atomic<Bool>(false)
    /// Another flag this one follows (a page cache's ticket), read on every look.
    let watched: (@Sendable () -> Bool)?

    /// A flag not yet set.
    public init() { watched = nil }

    /// A flag that also counts as set once `isCancelled` returns true: how a page cache's own
    /// cancellation (FolioBook's `PageCache.Ticket`, which this module does not know) reaches a
    /// source, as `Cancellation(watching: { ticket.isCancelled })`. `isCancelled` is called
    /// from the rendering thread, every 20 ms or so while a render waits; it must be cheap.
    public init(watching isCancelled: @escaping @Sendable () -> Bool) { watched = isCancelled }

    /// Asks the renders watching this flag to stop. Safe from any thread.
    public func cancel() { flag.store(true, ordering: .releasing) }

    /// Whether ``cancel()`` was called, or the watched flag is set.
    public var isCancelled: Bool { flag.load(ordering: .acquiring) || watched?() == true }
}
