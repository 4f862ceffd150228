import FolioFiles
#if canImport(Glibc)
import Glibc
#endif

/// A PDF as a book, rendered by poppler in separate worker processes.
///
/// PDF parsing is a classic attack surface, and poppler can crash or run away on a hostile
/// file. So, as browsers do with their PDF engines, poppler runs only in workers — the app's own
/// executable started again in the worker role, or `folio-pdf-worker` (see
/// ``Options/workerPath``) — and none outlives the reader. The file
/// is opened and checked here (a regular file within ``DocumentLimits/maximumPDFBytes``) and
/// handed to workers, each limited in address space and CPU time, each answering one request
/// at a time within a timeout. A worker that dies or hangs costs the page it was rendering
/// (``DocumentError/workerCrashed(page:reason:)``, ``DocumentError/timedOut(page:seconds:)``
/// and one line through ``Options/log``); the next request starts a fresh worker.
///
/// Opening reads every page's size (no page is rendered); rendering runs on the caller's
/// thread, one page per worker at a time, so `Options.workers` threads render in parallel.
public final class PDFDocumentSource: PageSource {
    /// The path given.
    public let path: String
    /// The number of pages (at least 1).
    public let pageCount: Int
    /// Every page's size in points, rotation applied.
    public let pageSizes: [PageSize]
    /// The options it was opened with.
    public let options: Options
    let pool: PDFWorkerPool

    /// Opens the PDF at `path` in a first worker process and reads its page sizes.
    ///
    /// - Throws: ``DocumentError/file(_:)`` (missing, not a regular file, too large),
    ///   ``DocumentError/encrypted(path:)``, ``DocumentError/wrongPassword(path:)``,
    ///   ``DocumentError/damaged(path:reason:)``, ``DocumentError/noPages(path:)``,
    ///   ``DocumentError/tooManyPages(path:count:limit:)``, ``DocumentError/workerCrashed(page:reason:)``,
    ///   ``DocumentError/timedOut(page:seconds:)``, ``DocumentError/workerUnavailable(path:reason:)``.
    public init(path: String, options: Options = Options()) throws(DocumentError) {
        self.path = path
        self.options = options
        // Checked here, without blocking (a FIFO is refused, not waited on): the workers only
        // ever see this open descriptor, which the pool keeps until the source goes away.
        let document: Int32
        do {
            let file = try InputFile(path: path, maximumBytes: options.limits.maximumPDFBytes)
            document = fcntl(file.descriptor, F_DUPFD_CLOEXEC, 10)
        } catch { throw .file(error) }
        guard document >= 0 else { throw .file(.readFailed(path: path, reason: String(cString: strerror(errno)))) }
        let executable: WorkerExecutable
        do throws(DocumentError) {
            executable = try Self.workerExecutable(options.workerPath, preferOwn: options.prefersOwnExecutable)
        } catch { close(document); throw error }
        var arguments = executable.roleArguments
        if options.memoryLimit > 0 { arguments += ["--memory-limit", String(options.memoryLimit)] }
        if options.cpuLimit > 0 { arguments += ["--cpu-limit", String(options.cpuLimit)] }
        let configuration = PDFWorkerPool.Configuration(
            executable: executable.path, arguments: arguments,
            // No Swift backtracer in the worker: a crash there is expected and reported here.
            environment: ["SWIFT_BACKTRACE=enable=no"] + executable.environment + (options.faults.map { ["FOLIO_PDF_WORKER_FAULTS=\($0)"] } ?? []),
            inheritStderr: options.workerDiagnostics, sharedPixels: options.sharedPixels, path: path,
            password: options.password.map { PDFPassword.truncated(Array($0.utf8)) },
            maximumPages: options.limits.maximumPages,
            openTimeout: max(0.001, options.openTimeout), renderTimeout: max(0.001, options.renderTimeout))
        pool = PDFWorkerPool(configuration: configuration, document: document, workers: min(16, max(1, options.workers)))
        let (first, sizes) = try pool.start()
        guard !sizes.isEmpty else { throw .noPages(path: path) }
        pageSizes = sizes
        pageCount = sizes.count
        // The first worker stays open for the first render.
        pool.idle.withLock { $0[$0.count - 1] = first }
        if options.startsWorkersEagerly { pool.startMissingWorkers(pageCount: pageCount) }
    }

    /// Renders page `page` to `width` × `height` pixels, white behind the page's content.
    /// Blocks until a worker is free and has rendered it; checks the size and the page first.
    ///
    /// - Throws: ``DocumentError`` for this page (see ``PageSource/render(page:width:height:cancellation:)``).
    public func render(page: Int, width: Int, height: Int, cancellation: Cancellation?) throws(DocumentError) -> PageBitmap {
        guard page >= 0, page < pageCount else { throw .pageOutOfRange(page: page, count: pageCount) }
        let size = pageSizes[page]
        guard size.isUsable else { throw .invalidPageSize(page: page, width: size.width, height: size.height) }
        try options.limits.check(page: page, width: width, height: height)
        if cancellation?.isCancelled == true { throw .cancelled(page: page) }
        do throws(DocumentError) {
            return try pool.withWorker(page: page, pageCount: pageCount, cancellation: cancellation) { (worker: WorkerHandle) throws(DocumentError) -> PageBitmap in
                try renderInWorker(worker.process, page: page, width: width, height: height, cancellation: cancellation)
            }
        } catch {
            switch error {
            case .cancelled: break
            default: options.log("'\(path)': \(error)")
            }
            throw error
        }
    }

    /// Renders `region` of page `page` as drawn at `width` × `height` pixels, in a worker:
    /// poppler draws the page moved under a surface the region's size, so a tile of a page at
    /// 8× costs the tile's pixels. The whole size is bounded only per side (32,768 pixels);
    /// the region is checked against the limits.
    ///
    /// - Throws: ``DocumentError/invalidRegion(page:region:width:height:)`` for a region not
    ///   inside the raster; otherwise as ``render(page:width:height:cancellation:)``.
    public func render(page: Int, width: Int, height: Int, region: PixelRegion, cancellation: Cancellation?) throws(DocumentError) -> PageBitmap {
        guard page >= 0, page < pageCount else { throw .pageOutOfRange(page: page, count: pageCount) }
        let size = pageSizes[page]
        guard size.isUsable else { throw .invalidPageSize(page: page, width: size.width, height: size.height) }
        guard width <= WorkerProtocol.maximumSide, height <= WorkerProtocol.maximumSide else {
            throw .invalidPixelSize(page: page, width: width, height: height, reason: "the longest side a region can be placed in is \(WorkerProtocol.maximumSide)")
        }
        guard region.fits(width: width, height: height) else { throw .invalidRegion(page: page, region: region, width: width, height: height) }
        try options.limits.check(page: page, width: region.width, height: region.height)
        if cancellation?.isCancelled == true { throw .cancelled(page: page) }
        do throws(DocumentError) {
            return try pool.withWorker(page: page, pageCount: pageCount, cancellation: cancellation) { (worker: WorkerHandle) throws(DocumentError) -> PageBitmap in
                try renderInWorker(worker.process, page: page, width: width, height: height, region: region, cancellation: cancellation)
            }
        } catch {
            switch error {
            case .cancelled: break
            default: options.log("'\(path)': \(error)")
            }
            throw error
        }
    }

    func renderInWorker(_ process: WorkerProcess, page: Int, width: Int, height: Int, region: PixelRegion? = nil,
                        cancellation: Cancellation?) throws(DocumentError) -> PageBitmap {
        let c = pool.configuration
        let deadline = SocketIO.now() + UInt64(c.renderTimeout * 1e9)
        let out: (width: Int, height: Int) = region.map { ($0.width, $0.height) } ?? (width, height)
        let bytes = out.width * out.height * 4
        // Pixels through shared memory when there is some, else over the socket.
        let shared = process.pixels.map { $0.reserve(bytes) } ?? false
        let request = region.map { WorkerProtocol.request(.renderRegion, UInt32(page), UInt32(width), UInt32(height), shared: shared, text: WorkerProtocol.regionText($0)) }
            ?? WorkerProtocol.request(.render, UInt32(page), UInt32(width), UInt32(height), shared: shared)
        guard process.send(request) else {
            throw pool.died(process, page: page)
        }
        // What the reply may carry, also when it is drained after a cancellation.
        process.owedPayloadLimit = shared ? 0 : bytes
        let reply = try pool.readReply(process, page: page, deadline: deadline, timeout: c.renderTimeout,
                                       cancellation: cancellation, maximumPayload: process.owedPayloadLimit)
        // After the copy: a large page rendered once does not pin its memory in the buffer.
        defer { if shared { process.pixels!.release(beyond: bytes) } }
        switch reply.status {
        case .ok:
            let pixels = shared ? process.pixels!.copy(bytes) : reply.payload
            guard Int(reply.a) == out.width, Int(reply.b) == out.height, let pixels,
                  let bitmap = PageBitmap(width: out.width, height: out.height, pixels: pixels) else {
                throw pool.protocolError(process, page: page)
            }
            return bitmap
        default:
            throw .renderFailed(page: page, reason: reply.message)
        }
    }

    /// Workers started so far, the first included; more than ``Options/workers`` means some
    /// were replaced.
    public var workersStarted: Int { pool.starts.load(ordering: .relaxed) }

    /// Workers that died, hung or were stopped for a bad reply.
    public var workersLost: Int { pool.losses.load(ordering: .relaxed) }

    /// The process ids of the workers now idle (for tests and `folio bench` memory counts).
    public var workerProcessIDs: [Int32] { pool.idle.withLock { $0.compactMap { $0?.process.pid } } }

    /// The worker executable: see ``WorkerExecutable/find(explicit:preferOwn:)``.
    static func workerExecutable(_ explicit: String?, preferOwn: Bool = false) throws(DocumentError) -> WorkerExecutable {
        try WorkerExecutable.find(explicit: explicit, preferOwn: preferOwn)
    }
}
