#if canImport(Glibc)
import Glibc
#endif

/// Faults injected on purpose so that tests can watch the reader survive them, read from
/// `FOLIO_PDF_WORKER_FAULTS` ("crash:3,hang:5,hog:7,kill:9,spin:11,crash-open,hang-open"); empty otherwise.
struct WorkerFaults {
    var crash: Set<Int> = [], kill: Set<Int> = [], hang: Set<Int> = [], hog: Set<Int> = [], spin: Set<Int> = []
    var crashOnOpen = false, hangOnOpen = false

    static func fromEnvironment() -> WorkerFaults {
        var f = WorkerFaults()
        guard let text = getenv("FOLIO_PDF_WORKER_FAULTS").map({ String(cString: $0) }) else { return f }
        for item in text.split(separator: ",") {
            let parts = item.split(separator: ":")
            let page = parts.count > 1 ? Int(parts[1]) : nil
            switch (parts[0], page) {
            case ("crash", let p?): f.crash.insert(p)
            case ("kill", let p?): f.kill.insert(p)
            case ("hang", let p?): f.hang.insert(p)
            case ("hog", let p?): f.hog.insert(p)
            case ("spin", let p?): f.spin.insert(p)
            case ("crash-open", _): f.crashOnOpen = true
            case ("hang-open", _): f.hangOnOpen = true
            default: break
            }
        }
        return f
    }

    /// Acts on a fault for `page`, if one is set: never returns then.
    func strike(page: Int) {
        if crash.contains(page) { raise(SIGSEGV) }
        if kill.contains(page) { Glibc.kill(getpid(), SIGKILL) }
        if hang.contains(page) { while true { sleep(1000) } }
        if spin.contains(page) {
            // Burn CPU until RLIMIT_CPU stops the process.
            while true { spinSink = spinSink &* 6364136223846793005 &+ 1442695040888963407 }
        }
        if hog.contains(page) {
            // Touch memory until the address-space limit refuses more, then die as a real
            // runaway would when its allocation fails.
            while let block = malloc(64 << 20) { memset(block, 1, 64 << 20) }
            abort()
        }
    }
}

/// Where the spin fault's arithmetic goes, so the optimiser keeps it (never printed: the
/// worker's standard output is the reader's socket).
nonisolated(unsafe) var spinSink: UInt64 = 1
