// An app that reads a PDF with nothing but `import Folio` and a plain `swift build`: no worker
// binary is built or copied (none lies next to this executable), yet poppler renders the page in
// a sandboxed worker process — this very executable, started again in the worker role.
//
//     pdf-pages [FILE.pdf]     (default: Folio's built-in sample book)
//
// Exits 0 when page 1 rendered with ink on it in a worker that is this executable; 1 otherwise.
import Folio
#if canImport(Glibc)
import Glibc
#endif

func fail(_ message: String) -> Never {
    let line = Array("pdf-pages: \(message)\n".utf8)
    _ = line.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
    exit(1)
}

func executable(of pid: Int32) -> String {
    var buffer = [CChar](repeating: 0, count: 4096)
    let n = readlink("/proc/\(pid)/exe", &buffer, buffer.count - 1)
    return n > 0 ? String(decoding: buffer[..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self) : ""
}

let me = executable(of: getpid())
let folder = String(me[..<(me.lastIndex(of: "/") ?? me.startIndex)])
if access(folder + "/folio-pdf-worker", F_OK) == 0 { fail("a folio-pdf-worker lies beside \(me): this check needs none") }
guard let path = CommandLine.arguments.dropFirst().first ?? SampleBook.path else { fail("the sample book is missing") }

do {
    var options = PDFDocumentSource.Options()
    options.workers = 1
    let document = try PDFDocumentSource(path: path, options: options)
    let bitmap = try document.render(page: 0, width: 300, height: 400)
    var ink = 0
    for y in stride(from: 0, to: bitmap.height, by: 2) {
        for x in stride(from: 0, to: bitmap.width, by: 2) {
            let p = bitmap.pixel(x, y)
            if Int(p.r) + Int(p.g) + Int(p.b) < 384 { ink += 1 }
        }
    }
    guard ink > 100 else { fail("page 1 of \(path) rendered blank (\(ink) dark samples)") }
    guard let worker = document.workerProcessIDs.first else { fail("no worker is running") }
    let workerExecutable = executable(of: worker)
    guard workerExecutable == me else { fail("the worker runs \(workerExecutable), not \(me)") }
    print("pdf-pages: \(document.pageCount) pages; page 1 rendered (\(ink) dark samples) by worker \(worker), which is \(me)")
} catch {
    fail("\(error)")
}
