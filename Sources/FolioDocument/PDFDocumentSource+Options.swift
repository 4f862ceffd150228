extension PDFDocumentSource {
    /// How a PDF is opened and how its worker processes are bounded.
    public struct Options: Sendable {
        /// The password of an encrypted PDF (user or owner password), or nil.
        public var password: String?
        /// Worker processes rendering in parallel (1…16). Each holds the document open; the
        /// first starts when the document opens, the others see ``startsWorkersEagerly``.
        public var workers = 2
        /// Whether the other workers start in the background as soon as the document has
        /// opened, rather than on first use: the second page of a riffle then does not wait
        /// for a process to start. Each worker costs about 25–30 MiB from then on.
        public var startsWorkersEagerly = true
        /// The longest a worker may take to open the document, in seconds.
        public var openTimeout = 30.0
        /// The longest a worker may take to render one page, in seconds; past it the worker
        /// is killed, the page fails with ``DocumentError/timedOut(page:seconds:)`` and a new
        /// worker takes the next request.
        public var renderTimeout = 10.0
        /// Each worker's address-space limit (`RLIMIT_AS`), in bytes: a page that would need
        /// more fails inside the worker instead of growing it without bound. 0: no limit.
        public var memoryLimit = 1 << 30
        /// Each worker's CPU-time limit (`RLIMIT_CPU`), in seconds over its life: a backstop
        /// behind ``renderTimeout`` for a worker that spins without the reader waiting on it.
        /// A worker that reaches it dies and is restarted. 0: no limit.
        public var cpuLimit = 600
        /// The worker executable; nil: `$FOLIO_PDF_WORKER`, else `folio-pdf-worker` next to
        /// the running executable if there is one, else the running executable itself,
        /// started again as a worker (it links FolioPDFEngine through the `FolioDocument` or
        /// `Folio` product, so no second binary is needed).
        public var workerPath: String?
        /// Whether the workers' standard error reaches ours. Off by default: poppler writes
        /// a line per syntax error, and a hostile file has thousands; the reader writes one
        /// line per failed page through ``log`` instead.
        public var workerDiagnostics = false
        /// Bounds on pages, sizes and files.
        public var limits = DocumentLimits.standard
        /// Where the one line about each failed page goes (a crash, a timeout, a page poppler
        /// refuses); standard error by default. Called on the rendering thread.
        public var log: @Sendable (String) -> Void = { DocumentLog.standardError($0) }
        /// Faults the worker injects on purpose, for tests: "crash:N", "kill:N", "hang:N",
        /// "hog:N", "spin:N" (SIGSEGV, SIGKILL, sleep forever, allocate without end, or burn
        /// CPU when asked for page N, 0-based), "escape:N" (try what the worker's system-call
        /// filter refuses, and fail page N with what happened), "crash-open", "hang-open".
        /// Sent in the worker's environment only.
        var faults: String?
        /// Whether pixels come back through shared memory (where the system has memfd) rather
        /// than over the socket; off only in tests of the socket path.
        var sharedPixels = true
        /// Whether the running executable serves as its own worker even with a
        /// `folio-pdf-worker` beside it; for tests of that role.
        var prefersOwnExecutable = false

        /// The defaults: two workers started at once, 1 GiB and 600 CPU-seconds each, 30 s to
        /// open, 10 s a page.
        public init(password: String? = nil) { self.password = password }
    }
}
