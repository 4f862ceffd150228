import FolioDocument
#if canImport(Glibc)
import Glibc
#endif

/// The worker's request loop on standard input (a socket to the reader).
struct WorkerLoop {
    let faults: WorkerFaults
    let socket: Int32 = 0

    func run() {
        var document: PopplerDocument?
        while true {
            let (header, outcome) = SocketIO.read(socket, count: WorkerProtocol.requestHeaderBytes, deadline: nil)
            guard outcome == .done else { exit(0) } // the reader is gone
            let op = WorkerProtocol.u32(header, 0), a = Int(WorkerProtocol.u32(header, 1))
            let b = Int(WorkerProtocol.u32(header, 2)), c = Int(WorkerProtocol.u32(header, 3))
            let textLength = Int(WorkerProtocol.u32(header, 5))
            guard textLength <= WorkerProtocol.maximumTextBytes else { exit(2) }
            let (text, textOutcome) = SocketIO.read(socket, count: textLength, deadline: nil)
            guard textOutcome == .done else { exit(0) }
            switch WorkerProtocol.Op(rawValue: op) {
            case .open:
                if faults.crashOnOpen { raise(SIGSEGV) }
                if faults.hangOnOpen { while true { sleep(1000) } }
                document = nil
                open(maximumPages: a, password: b == 1 ? text : nil, into: &document)
            case .render:
                render(document, page: a, width: b, height: c, shared: WorkerProtocol.u32(header, 4) == 1)
            case .renderRegion:
                guard let region = WorkerProtocol.region(fromText: text) else {
                    reply(.badRequest, message: "a region is four integers")
                    continue
                }
                render(document, page: a, width: b, height: c, region: region, shared: WorkerProtocol.u32(header, 4) == 1)
            case .quit:
                exit(0)
            case nil:
                reply(.badRequest, message: "unknown request \(op)")
            }
        }
    }

    func open(maximumPages: Int, password: [UInt8]?, into document: inout PopplerDocument?) {
        // Each form of the password in turn (PDFPassword.popplerForms: as typed, then its UTF-8
        // bytes as AES-256 wants them); a document without a password is opened once.
        let forms: [String?] = password.map { PDFPassword.popplerForms($0) } ?? [nil]
        var refusal: PopplerDocument.OpenError?
        for form in forms {
            switch attempt(password: form) {
            case let .success(opened):
                let count = opened.pageCount
                guard count <= maximumPages else { return reply(.tooManyPages, a: UInt32(clamping: count)) }
                var sizes: [UInt8] = []
                sizes.reserveCapacity(count * 16)
                for i in 0..<count {
                    let (w, h) = opened.size(ofPage: i)
                    WorkerProtocol.append(w, to: &sizes)
                    WorkerProtocol.append(h, to: &sizes)
                }
                document = opened
                return reply(.ok, a: UInt32(count), payload: sizes)
            case let .failure(error):
                refusal = error
            }
            // Only a refused password makes another form worth trying.
            if refusal?.status != .wrongPassword { break }
        }
        let error = refusal ?? PopplerDocument.OpenError(status: .damaged, message: "poppler could not open it")
        reply(error.status, message: error.message)
    }

    /// Opens the document once with `password`, on a descriptor of its own.
    func attempt(password: String?) -> Result<PopplerDocument, PopplerDocument.OpenError> {
        // A descriptor of our own: descriptor 3 shares its file offset with the reader and
        // the other workers, and poppler seeks (and takes the descriptor over).
        let fd = Glibc.open("/proc/self/fd/3", O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else {
            return .failure(.init(status: .damaged, message: "cannot reopen the document: \(String(cString: strerror(errno)))"))
        }
        do {
            return .success(try PopplerDocument(fd: fd, password: password))
        } catch {
            // poppler reports a wrong password for some encryption methods (AES-256) as damage:
            // if the file opens as "encrypted" without the password, the password was wrong.
            if error.status == .damaged, password != nil, case let again = Glibc.open("/proc/self/fd/3", O_RDONLY | O_CLOEXEC), again >= 0 {
                do { _ = try PopplerDocument(fd: again, password: nil) } catch where error.status == .encrypted {
                    return .failure(.init(status: .wrongPassword, message: error.message))
                } catch {}
            }
            return .failure(error)
        }
    }

    func render(_ document: PopplerDocument?, page: Int, width: Int, height: Int, region: PixelRegion? = nil, shared: Bool) {
        guard let document else { return reply(.badRequest, message: "no document is open") }
        guard page < document.pageCount else { return reply(.badPage, message: "no page \(page + 1)") }
        // The whole raster only places the region: its side is bounded, its bytes need not be.
        guard width >= 1, height >= 1, width <= WorkerProtocol.maximumSide, height <= WorkerProtocol.maximumSide,
              region != nil || width * height * 4 <= WorkerProtocol.maximumPayloadBytes else {
            return reply(.badRequest, message: "refused size \(width)×\(height)")
        }
        let area = region ?? PixelRegion(x: 0, y: 0, width: width, height: height)
        guard area.fits(width: width, height: height), area.width * area.height * 4 <= WorkerProtocol.maximumPayloadBytes else {
            return reply(.badRequest, message: "refused region \(area) of \(width)×\(height)")
        }
        faults.strike(page: page)
        if let report = faults.escapeReport(page: page) { return reply(.renderFailed, message: report) }
        if shared {
            let problem = SharedOutput.withMapping(bytes: area.width * area.height * 4) { memory in
                document.render(page: page, width: width, height: height, region: area, into: memory)
            }
            return problem.map { reply(.renderFailed, message: $0) } ?? reply(.ok, a: UInt32(area.width), b: UInt32(area.height))
        }
        let (pixels, problem) = document.render(page: page, width: width, height: height, region: area)
        guard let pixels else { return reply(.renderFailed, message: problem) }
        reply(.ok, a: UInt32(area.width), b: UInt32(area.height), payload: pixels)
    }

    func reply(_ status: WorkerProtocol.Status, a: UInt32 = 0, b: UInt32 = 0, message: String = "", payload: [UInt8] = []) {
        let header = WorkerProtocol.replyHeader(status, a, b, message: message, payloadBytes: payload.count)
        guard SocketIO.write(socket, header), SocketIO.write(socket, payload) else { exit(0) }
    }
}
