import FolioDocument
#if canImport(Glibc)
import Glibc
#endif

/// A PDF worker process from start to exit: bounds, watchdog, sandbox, then the request loop.
///
/// Two executables run it: `folio-pdf-worker`, and any executable that links FolioPDFEngine
/// when the reader starts it again in the worker role (`--folio-pdf-worker` as its first
/// argument; the C entry in CFolioPDFEngineEntry calls ``run(arguments:)`` before the app's
/// own `main`). Either way the options are `[--memory-limit BYTES] [--cpu-limit SECONDS]`.
package enum PDFWorker {
    /// Runs the worker with `arguments` (the options, without the executable's name); exits
    /// when the reader closes the socket, asks it to quit, or dies.
    package static func run(arguments: [String]) -> Never {
        func value(_ name: String) -> String? {
            guard let i = arguments.firstIndex(of: name), i + 1 < arguments.count else { return nil }
            return arguments[i + 1]
        }
        // Limits first, before poppler allocates anything. No core files: a crash on a hostile
        // document should cost nothing but the page. The watchdog next, so that a worker whose
        // reader is gone stops even while poppler holds the main thread. Then the system-call
        // filter, before a byte of the document is read; a system that cannot install it runs
        // the worker without it.
        WorkerLimits.apply(memory: Int(value("--memory-limit") ?? "") ?? 0, cpuSeconds: Int(value("--cpu-limit") ?? "") ?? 0)
        WorkerWatchdog.start()
        WorkerSandbox.problem = WorkerSandbox.apply()
        WorkerLoop(faults: WorkerFaults.fromEnvironment()).run()
        exit(0)
    }
}

/// The C entry's way in (see folio_pdf_engine_entry.c): argv[0] is the executable, argv[1]
/// the role argument, the options follow.
@_cdecl("folio_pdf_worker_main")
func folioPDFWorkerMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Int32 {
    var arguments: [String] = []
    for i in 2..<max(2, Int(argc)) { if let p = argv[i] { arguments.append(String(cString: p)) } }
    PDFWorker.run(arguments: arguments)
}
