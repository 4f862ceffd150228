import Dispatch
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// The worker processes of one PDF: lends each to one rendering thread at a time, starts
/// them on first use, and replaces one that died, hung or was killed.
final class PDFWorkerPool: Sendable {
    /// What every worker is started with.
    struct Configuration: Sendable {
        var executable: String
        var arguments: [String]
        var environment: [String]
        var inheritStderr: Bool
        var sharedPixels: Bool
        /// The document's path, for messages.
        var path: String
        var password: [UInt8]?
        var maximumPages: Int
        var openTimeout: Double
        var renderTimeout: Double
    }

    let configuration: Configuration
    /// The reader's descriptor of the document, owned by the pool (closed when it goes).
    let document: Int32
    /// Idle workers; nil entries are slots whose worker has not started or was discarded.
    let idle: Mutex<[WorkerHandle?]>
    /// Counts idle slots, so a thread waits for one without spinning.
    let available: DispatchSemaphore
    /// Workers started after the first (replacements of dead or killed ones, and the
    /// pool's other slots starting on first use).
    let starts = Atomic<Int>(0)
    /// Workers that died or were killed.
    let losses = Atomic<Int>(0)

    init(configuration: Configuration, document: Int32, workers: Int) {
        self.configuration = configuration
        self.document = document
        idle = Mutex(Array(repeating: nil, count: workers))
        available = DispatchSemaphore(value: workers)
    }

    deinit { close(document) }

    /// Starts a worker and opens the document in it: the page sizes, in points.
    func start() throws(DocumentError) -> (WorkerHandle, [PageSize]) {
        let c = configuration
        let process = try WorkerProcess(executable: c.executable, arguments: c.arguments, document: document,
                                        inheritStderr: c.inheritStderr, sharedPixels: c.sharedPixels, extraEnvironment: c.environment)
        starts.add(1, ordering: .relaxed)
        let handle = WorkerHandle(process)
        let request = WorkerProtocol.request(.open, UInt32(clamping: c.maximumPages), c.password == nil ? 0 : 1, text: c.password ?? [])
        let deadline = SocketIO.now() + UInt64(c.openTimeout * 1e9)
        guard process.send(request) else { throw died(process, page: nil) }
        let reply = try readReply(process, page: nil, deadline: deadline, timeout: c.openTimeout, cancellation: nil,
                                  maximumPayload: c.maximumPages * 16)
        switch reply.status {
        case .ok:
            let count = Int(reply.a)
            guard count >= 0, reply.payload.count == count * 16 else { throw protocolError(process, page: nil) }
            var sizes: [PageSize] = []
            sizes.reserveCapacity(count)
            for i in 0..<count {
                sizes.append(PageSize(width: WorkerProtocol.f64(reply.payload, at: i * 16),
                                      height: WorkerProtocol.f64(reply.payload, at: i * 16 + 8)))
            }
            return (handle, sizes)
        case .encrypted: throw .encrypted(path: c.path)
        case .wrongPassword: throw .wrongPassword(path: c.path)
        case .tooManyPages: throw .tooManyPages(path: c.path, count: Int(reply.a), limit: c.maximumPages)
        default: throw .damaged(path: c.path, reason: reply.message)
        }
    }

    /// Starts the workers of the empty slots on a background thread, one after another, so
    /// that the first renders in parallel do not wait for a process to start. A slot a render
    /// has taken meanwhile is left to it; a worker that fails to start is left for the next
    /// render to start (and report).
    func startMissingWorkers(pageCount: Int) {
        DispatchQueue.global(qos: .userInitiated).async { [self] in
            while available.wait(timeout: .now()) == .success {
                let took = idle.withLock { slots -> Bool in
                    guard let i = slots.firstIndex(where: { $0 == nil }) else { return false }
                    slots.remove(at: i)
                    return true
                }
                guard took else { available.signal(); return }
                var started: WorkerHandle?
                if let (worker, sizes) = try? start(), sizes.count == pageCount { started = worker }
                idle.withLock { [started] in $0.append(started) }
                available.signal()
                if started == nil { return }
            }
        }
    }

    /// Lends an idle worker to `body`, starting one if its slot is empty (checking that it
    /// sees `pageCount` pages). Waits for a slot while watching `cancellation`. A worker that
    /// `body` reports dead is dropped and its slot left empty for a fresh one.
    func withWorker<R>(page: Int, pageCount: Int, cancellation: Cancellation?,
                       _ body: (WorkerHandle) throws(DocumentError) -> R) throws(DocumentError) -> R {
        while available.wait(timeout: .now() + .milliseconds(20)) == .timedOut {
            if cancellation?.isCancelled == true { throw .cancelled(page: page) }
        }
        var slot = idle.withLock { $0.popLast()! }
        defer {
            idle.withLock { [slot] in $0.append(slot) }
            available.signal()
        }
        if cancellation?.isCancelled == true { throw .cancelled(page: page) }
        if let worker = slot {
            if worker.process.owesReply {
                // Read and drop the reply to a cancelled request before asking anything else; a
                // worker that cannot give it in its time is replaced, this page is not at fault.
                do throws(DocumentError) { try drain(worker.process, page: page) } catch { slot = nil }
            } else if !worker.process.isIdleAndAlive {
                // Died while idle (killed from outside, CPU limit): replace it quietly.
                worker.process.reapAfterClose()
                losses.add(1, ordering: .relaxed)
                slot = nil
            }
        }
        if slot == nil {
            let (worker, sizes) = try start()
            guard sizes.count == pageCount else {
                throw .damaged(path: configuration.path, reason: "a new worker found \(sizes.count) pages instead of \(pageCount)")
            }
            slot = worker
        }
        do throws(DocumentError) {
            return try body(slot!)
        } catch {
            switch error {
            case .workerCrashed, .timedOut: slot = nil
            default: break
            }
            throw error
        }
    }

    /// A reply's parts.
    struct Reply {
        var status: WorkerProtocol.Status
        var a: UInt32, b: UInt32
        var message: String
        var payload: [UInt8]
    }

    /// Reads one reply, checking that its payload is at most `maximumPayload` bytes. Kills the
    /// worker on a timeout, reaps it if it died; a cancellation before the reply starts
    /// leaves the worker owing it.
    func readReply(_ process: WorkerProcess, page: Int?, deadline: UInt64, timeout: Double,
                   cancellation: Cancellation?, maximumPayload: Int) throws(DocumentError) -> Reply {
        let (header, outcome) = SocketIO.read(process.socket, count: WorkerProtocol.replyHeaderBytes, deadline: deadline, cancellation: cancellation)
        if outcome == .cancelled { process.owedDeadline = deadline }
        try check(outcome, process, page: page, timeout: timeout, cancellation: cancellation)
        let values = (0..<5).map { WorkerProtocol.u32(header, $0) }
        guard let status = WorkerProtocol.Status(rawValue: values[0]), Int(values[3]) <= WorkerProtocol.maximumTextBytes,
              Int(values[4]) <= maximumPayload else { throw protocolError(process, page: page) }
        let (text, textOutcome) = SocketIO.read(process.socket, count: Int(values[3]), deadline: deadline)
        try check(textOutcome, process, page: page, timeout: timeout, cancellation: nil)
        let (payload, payloadOutcome) = SocketIO.read(process.socket, count: Int(values[4]), deadline: deadline)
        try check(payloadOutcome, process, page: page, timeout: timeout, cancellation: nil)
        return Reply(status: status, a: values[1], b: values[2], message: String(decoding: text, as: UTF8.self), payload: payload)
    }

    /// Reads and discards the reply owed for a cancelled request.
    func drain(_ process: WorkerProcess, page: Int) throws(DocumentError) {
        // The abandoned request keeps the deadline it had: a hung worker is not waited on twice.
        let c = configuration
        _ = try readReply(process, page: page, deadline: process.owedDeadline, timeout: c.renderTimeout, cancellation: nil,
                          maximumPayload: process.owedPayloadLimit)
        process.owesReply = false
    }

    /// Turns a read's outcome into an error, stopping the worker where it cannot go on.
    func check(_ outcome: SocketIO.Outcome, _ process: WorkerProcess, page: Int?, timeout: Double,
               cancellation: Cancellation?) throws(DocumentError) {
        switch outcome {
        case .done: return
        case .cancelled:
            process.owesReply = true
            throw .cancelled(page: page ?? -1)
        case .timedOut:
            process.stop()
            losses.add(1, ordering: .relaxed)
            throw .timedOut(page: page, seconds: timeout)
        case .closed, .failed:
            throw died(process, page: page)
        }
    }

    /// The error for a worker that closed its socket or refused a request: reaps it.
    func died(_ process: WorkerProcess, page: Int?) -> DocumentError {
        process.reapAfterClose()
        losses.add(1, ordering: .relaxed)
        return .workerCrashed(page: page, reason: process.exitDescription)
    }

    /// The error for a reply that breaks the protocol: the worker is not trusted further.
    func protocolError(_ process: WorkerProcess, page: Int?) -> DocumentError {
        process.stop()
        losses.add(1, ordering: .relaxed)
        return .workerCrashed(page: page, reason: "sent a malformed reply and was stopped")
    }
}
