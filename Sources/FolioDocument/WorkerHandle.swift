/// A worker as the pool lends it: one thread at a time uses it, which the pool's lock and
/// semaphore guarantee (hence `@unchecked`).
final class WorkerHandle: @unchecked Sendable {
    let process: WorkerProcess
    init(_ process: WorkerProcess) { self.process = process }
}
