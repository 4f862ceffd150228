// folio-pdf-worker: renders one PDF's pages for a FolioDocument reader, one request at a time,
// over the socket on standard input (see WorkerProtocol). The worker itself is FolioPDFEngine's
// `PDFWorker`, which any executable linking FolioPDFEngine also runs when started in the
// worker role; this binary adds the benchmark modes.
//
//     folio-pdf-worker [--memory-limit BYTES] [--cpu-limit SECONDS]
//     folio-pdf-worker --bench FILE.pdf [--threads N] [--height PX] [--pages N] [--warm-up N]  (poppler alone, in-process)
//     folio-pdf-worker --riffle FILE.pdf [--threads N] [--height PX] [--pages N]  (through worker processes)
//     folio-pdf-worker --first-page FILE.pdf --width W --height H --out PATH     (one page, then exit: a bench floor)
import FolioDocument
import FolioPDFEngine
#if canImport(Glibc)
import Glibc
#endif

let arguments = Array(CommandLine.arguments.dropFirst())

func value(_ name: String) -> String? {
    guard let i = arguments.firstIndex(of: name), i + 1 < arguments.count else { return nil }
    return arguments[i + 1]
}

if let file = value("--riffle") {
    Bench.riffle(path: file, threads: Int(value("--threads") ?? "") ?? 2, height: Int(value("--height") ?? "") ?? 800,
                 pages: Int(value("--pages") ?? ""))
    exit(0)
}
if let file = value("--first-page") {
    exit(Bench.firstPage(path: file, width: Int(value("--width") ?? "") ?? 0, height: Int(value("--height") ?? "") ?? 0,
                         out: value("--out") ?? ""))
}
if let file = value("--bench") {
    Bench.run(path: file, threads: Int(value("--threads") ?? "") ?? 2, height: Int(value("--height") ?? "") ?? 800,
              pages: Int(value("--pages") ?? ""), warmUp: Int(value("--warm-up") ?? "") ?? 0)
    exit(0)
}
PDFWorker.run(arguments: arguments)
