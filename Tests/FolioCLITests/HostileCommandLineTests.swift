import Foundation
import Testing
@testable import FolioCLI

/// Makes the hostile command lines' files once, before the suite's first test, and removes
/// their folder after its last, whether the tests passed, failed or threw: every run used to
/// leave a folder of about 13 MB in /tmp. The suite's tests all run inside this one scope (a
/// suite trait that is not recursive), so the files are there for each of them and gone after.
/// (A type of its own: one nested in the suite cannot be named in the suite's own attribute.)
fileprivate struct HostileFiles: SuiteTrait, TestScoping {
    func provideScope(for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void) async throws {
        // A folder left by an earlier process with the same id would hold its outputs.
        try? FileManager.default.removeItem(atPath: HostileCommandLineTests.folder)
        defer { try? FileManager.default.removeItem(atPath: HostileCommandLineTests.folder) }
        HostileCommandLineTests.writeFiles()
        try await function()
    }
}

/// The hostile command lines of issue #18, each run as a real `folio` process: every one ends
/// with the expected status and a one-line message naming the problem, within bounded time
/// and memory (CPU time and peak resident memory of the child alone, from `wait4`). Rendering rows need an X display (the test
/// command runs under Xvfb).
@Suite(HostileFiles()) struct HostileCommandLineTests {
    /// The folder of the files the rows refer to. Only its path: the rows name it when the test
    /// run is planned, before any scope is entered, so the files are made in `HostileFiles`.
    static let folder = FileManager.default.temporaryDirectory.appendingPathComponent("folio-hostile-\(getpid())").path

    /// Writes the files the rows refer to into `folder`.
    static func writeFiles() {
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        func write(_ name: String, _ text: String) {
            _ = FileManager.default.createFile(atPath: "\(folder)/\(name)", contents: Data(text.utf8))
        }
        write("intersecting-1000.json", intersectingScene(1000))
        write("small.json", #"{"size":[100,100],"layer":{"bounds":[0,0,100,100],"position":[50,50]}}"#)
        write("duplicate.json", #"{"size":[10,10],"layer":{"opacity":0.5,"opacity":7}}"#)
        write("trailing.json", "{\"size\":[10,10],\"layer\":{\"sublayers\":[{},]}}")
        write("range.json", #"{"size":[10,10],"layer":{"zPosition":1e400}}"#)
        write("digits.json", "{\"size\":[10,10],\"layer\":{\"zPosition\":\(String(repeating: "7", count: 400))}}")
        write("broken.json", "{\"size\":[10,10],\n\"layer\":{\"bounds\":[0,0,10 10]}}")
        // A 33-byte PNG whose header claims 8000 × 8000 RGBA pixels (256 MB decoded).
        var forged: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8)
        forged += [0, 0, 0x1F, 0x40, 0, 0, 0x1F, 0x40, 8, 6, 0, 0, 0, 0, 0, 0, 0]
        _ = FileManager.default.createFile(atPath: "\(folder)/forged.png", contents: Data(forged))
        // Scenes whose contents are the FIFO and the forged PNG (beside them).
        write("scene-fifo.json", #"{"size":[10,10],"layer":{"bounds":[0,0,10,10],"position":[5,5],"contents":"fifo"}}"#)
        write("scene-forged.json", #"{"size":[10,10],"layer":{"bounds":[0,0,10,10],"position":[5,5],"contents":"forged.png"}}"#)
        // Issue #31: compositing groups by the hundred (2048² each) and by the thousand, and
        // 100,000 layers of masks and groups.
        write("overlapping-groups-300.json", groupScene(300, side: 2048, columns: 0))
        write("groups-12000.json", groupScene(12_000, side: 8, columns: 100))
        write("masks-and-groups-100k.json", masksAndGroupsScene(layers: 100_000))
        // Issue #31: a colour of five numbers, keys that differ only in normalisation, a link loop.
        write("colour5.json", #"{"size":[10,10],"layer":{"backgroundColor":[1,0,0,1,1]}}"#)
        write("nfc-nfd.json", "{\"size\":[10,10],\"layer\":{\"\u{E9}\":1,\"e\u{301}\":2}}")
        symlink("\(folder)/loop-b.png", "\(folder)/loop-a.png")
        symlink("\(folder)/loop-a.png", "\(folder)/loop-b.png")
        mkfifo("\(folder)/fifo", 0o600)
        mkfifo("\(folder)/fifo-out.png", 0o600)
    }

    /// `n` large layers at random rotations through the middle of one transform layer.
    static func intersectingScene(_ n: Int) -> String {
        var state: UInt64 = 0x5EED
        func random(_ range: ClosedRange<Double>) -> Double {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return range.lowerBound + (range.upperBound - range.lowerBound) * Double(state >> 11) / Double(1 << 53)
        }
        let layers = (0..<n).map { i -> String in
            // A rotation about a random axis (Rodrigues), as 16 row-vector entries.
            var (x, y, z) = (random(-1...1), random(-1...1), random(-0.2...0.2))
            let length = (x * x + y * y + z * z).squareRoot()
            (x, y, z) = (x / length, y / length, z / length)
            let a = random(-80...80) * .pi / 180, c = cos(a), s = sin(a), t = 1 - c
            let m = [t * x * x + c, t * x * y + s * z, t * x * z - s * y, 0,
                     t * x * y - s * z, t * y * y + c, t * y * z + s * x, 0,
                     t * x * z + s * y, t * y * z - s * x, t * z * z + c, 0, 0, 0, 0, 1]
            return "{\"name\":\"p\(i)\",\"bounds\":[0,0,200,200],\"position\":[\(200 + random(-20...20)),\(200 + random(-20...20))],"
                + "\"transform\":[\(m.map { "\($0)" }.joined(separator: ","))]}"
        }
        return "{\"size\":[400,400],\"layer\":{\"name\":\"root\",\"bounds\":[0,0,400,400],\"position\":[200,200],"
            + "\"sublayerTransform\":[1,0,0,0,0,1,0,0,0,0,1,-0.00125,0,0,0,1],"
            + "\"sublayers\":[{\"kind\":\"transform\",\"bounds\":[0,0,400,400],\"position\":[200,200],\"sublayers\":["
            + layers.joined(separator: ",") + "]}]}}"
    }

    /// A translucent group: a `side`-point red background under a green sublayer (so it needs
    /// a picture), with `extra` keys.
    static func group(side: Double, x: Double, y: Double, extra: String = "", sublayerExtra: String = "") -> String {
        "{\"bounds\":[0,0,\(side),\(side)],\"position\":[\(x),\(y)],\"backgroundColor\":[1,0,0],\"opacity\":0.5\(extra),"
            + "\"sublayers\":[{\"bounds\":[0,0,\(side * 0.6),\(side * 0.6)],\"position\":[\(side / 2),\(side / 2)],"
            + "\"backgroundColor\":[0,1,0]\(sublayerExtra)}]}"
    }

    /// `n` groups of `side` points in rows of `columns` (0: all on top of each other).
    static func groupScene(_ n: Int, side: Double, columns: Int) -> String {
        let c = max(columns, 1)
        let groups = (0..<n).map { i in
            columns == 0 ? group(side: side, x: side / 2, y: side / 2)
                : group(side: side, x: side * Double(i % c) + side / 2, y: side * Double(i / c) + side / 2)
        }
        let w = columns == 0 ? side : side * Double(min(n, c)), h = columns == 0 ? side : side * Double((n + c - 1) / c)
        return "{\"size\":[\(w),\(h)],\"layer\":{\"bounds\":[0,0,\(w),\(h)],\"position\":[\(w / 2),\(h / 2)],\"sublayers\":["
            + groups.joined(separator: ",") + "]}}"
    }

    /// About `layers` layers: groups masking with rounded corners, each holding a masking
    /// sublayer with a translucent sublayer of its own (three layers a group).
    static func masksAndGroupsScene(layers: Int) -> String {
        let columns = 200
        let groups = (0..<(layers - 1) / 3).map { i in
            group(side: 8, x: Double(8 * (i % columns) + 4), y: Double(8 * (i / columns) + 4),
                  extra: ",\"masksToBounds\":true,\"cornerRadius\":2",
                  sublayerExtra: ",\"masksToBounds\":true,\"sublayers\":[{\"bounds\":[0,0,3,3],\"position\":[1,1],\"backgroundColor\":[0,0,1],\"opacity\":0.7}]")
        }
        return "{\"size\":[1600,1600],\"layer\":{\"bounds\":[0,0,1600,1600],\"position\":[800,800],\"sublayers\":["
            + groups.joined(separator: ",") + "]}}"
    }

    /// `--leaf I:0.5` for leaves 0..<n.
    static func leaves(_ n: Int) -> [String] { (0..<n).flatMap { ["--leaf", "\($0):0.5"] } }

    /// One hostile command line and what it must give.
    struct Row: Sendable, CustomStringConvertible {
        var arguments: [String]
        var status: Int32
        var fragment: String
        var stdout: String? = nil
        var seconds: Double = 10
        var megabytes: Int = 500
        var description: String {
            // Thousands of `--leaf` options would drown the test log.
            arguments.count > 20 ? (arguments.prefix(12) + ["… (\(arguments.count) arguments)"]).joined(separator: " ") : arguments.joined(separator: " ")
        }
    }

    static var f: String { folder }

    static let rows: [Row] = [
        // Standard output that cannot be written.
        Row(arguments: ["geometry", "--effect", "fold"], status: 1, fragment: "cannot write to standard output: No space left on device", stdout: "/dev/full"),
        Row(arguments: ["evaluate", "\(f)/small.json"], status: 1, fragment: "No space left on device", stdout: "/dev/full"),
        // Depth sorting: 1,000 mutually intersecting layers, refused within 2 s and 500 MB.
        Row(arguments: ["evaluate", "\(f)/intersecting-1000.json"], status: 1, fragment: "depth sort of 1000 layers in one 3D context exceeded its budget",
            seconds: 2, megabytes: 500),
        Row(arguments: ["evaluate", "--allow-approximate-order", "\(f)/intersecting-1000.json"], status: 0, fragment: "", seconds: 2, megabytes: 500),
        Row(arguments: ["evaluate", "--max-pieces", "10", "\(f)/intersecting-1000.json"], status: 1, fragment: "split pieces of 10,"),
        Row(arguments: ["evaluate", "--max-pieces", "5000000", "\(f)/small.json"], status: 64, fragment: "--max-pieces 5000000 must be in 0…4194304"),
        // Inputs that block or never end.
        Row(arguments: ["evaluate", "\(f)/fifo"], status: 1, fragment: "it is a FIFO, not a regular file"),
        Row(arguments: ["evaluate", "/dev/zero"], status: 1, fragment: "it is a character device"),
        Row(arguments: ["render", "--effect", "fold", "--from", "\(f)/fifo", "--to", "\(f)/fifo", "--out", "\(f)/a.png"], status: 1, fragment: "FIFO"),
        Row(arguments: ["render", "--effect", "fold", "--out", "\(f)/fifo-out.png"], status: 1, fragment: "cannot write '\(f)/fifo-out.png': it is a FIFO"),
        // Strict JSON.
        Row(arguments: ["evaluate", "\(f)/duplicate.json"], status: 1, fragment: "duplicate key 'layer.opacity' at line 1, column 40"),
        Row(arguments: ["evaluate", "\(f)/trailing.json"], status: 1, fragment: "line 1, column 41 (in 'layer.sublayers'): trailing comma before ']'"),
        Row(arguments: ["evaluate", "\(f)/range.json"], status: 1, fragment: "'layer.zPosition' = 1e400 at line 1, column 38 is out of range"),
        Row(arguments: ["evaluate", "\(f)/digits.json"], status: 1, fragment: "(400 characters) at line 1, column 38 is out of range"),
        Row(arguments: ["evaluate", "\(f)/broken.json"], status: 1, fragment: "line 2, column 27 (in 'layer.bounds'): expected ',' or ']'"),
        // Sizes checked before allocating.
        Row(arguments: ["soak", "--size", "nanx10", "--frames", "100"], status: 1, fragment: "view size not-a-number × 10.0"),
        Row(arguments: ["soak", "--size", "1e20x10", "--frames", "100"], status: 1, fragment: "view size 1e+20x10.0"),
        Row(arguments: ["soak", "--size", "-5x10", "--frames", "100"], status: 1, fragment: "view size -5.0x10.0"),
        Row(arguments: ["soak", "--size", "100000x100000", "--frames", "100"], status: 1, fragment: "GL_MAX_RENDERBUFFER_SIZE"),
        Row(arguments: ["sheet", "--size", "4096x4096", "--frames", "60", "--out", "\(f)/sheet"], status: 1, fragment: "contact sheet would be 258204x17404 pixels"),
        Row(arguments: ["sheet", "--size", "16384x16384", "--frames", "60", "--out", "\(f)/sheet"], status: 1, fragment: "use fewer --frames"),
        Row(arguments: ["render", "--effect", "fold", "--aa", "msaa", "--size", "11585x11585", "--out", "\(f)/a.png"], status: 1,
            fragment: "11585x11585 render target with 4 samples per pixel needs"),
        Row(arguments: ["render", "--effect", "fold", "--size", "20000x100", "--out", "\(f)/a.png"], status: 1, fragment: "GL_MAX_RENDERBUFFER_SIZE"),
        Row(arguments: ["render", "--effect", "fold", "--from", "\(f)/forged.png", "--to", "\(f)/forged.png", "--out", "\(f)/a.png"], status: 1,
            fragment: "claims 8000x8000 pixels but has only 33 bytes"),
        // Any scene rendered (`render --scene`): the same checks before anything is drawn.
        Row(arguments: ["render", "--scene", "\(f)/intersecting-1000.json", "--out", "\(f)/a.png"], status: 1,
            fragment: "exceeded its budget", seconds: 2, megabytes: 500),
        Row(arguments: ["render", "--scene", "\(f)/scene-fifo.json", "--out", "\(f)/a.png"], status: 1,
            fragment: "cannot read image '\(f)/fifo': it is a FIFO"),
        Row(arguments: ["render", "--scene", "\(f)/scene-forged.json", "--out", "\(f)/a.png"], status: 1,
            fragment: "claims 8000x8000 pixels but has only 33 bytes"),
        Row(arguments: ["render", "--scene", "\(f)/small.json", "--size", "20000x100", "--out", "\(f)/a.png"], status: 1,
            fragment: "GL_MAX_RENDERBUFFER_SIZE"),
        Row(arguments: ["render", "--scene", "\(f)/duplicate.json", "--out", "\(f)/a.png"], status: 1,
            fragment: "duplicate key 'layer.opacity' at line 1, column 40"),
        // Issue #31. Compositing groups: their pictures are costed and refused before any GL
        // (300 overlapping 2048² groups held 5.1 GB), and found in one pass (12,000 groups
        // took 90 s, 100,000 layers of masks and groups over 300 s).
        Row(arguments: ["render", "--scene", "\(f)/overlapping-groups-300.json", "--out", "\(f)/a.png"], status: 1,
            fragment: "300 compositing groups (translucent layers whose content overlaps) at 2048x2048 pixels need 4.7 GiB of offscreen pictures; the limit is 512.0 MiB",
            seconds: 2, megabytes: 200),
        Row(arguments: ["evaluate", "\(f)/groups-12000.json"], status: 0, fragment: "", stdout: "/dev/null", seconds: 10, megabytes: 500),
        Row(arguments: ["evaluate", "\(f)/masks-and-groups-100k.json"], status: 0, fragment: "", stdout: "/dev/null", seconds: 25, megabytes: 1000),
        // Limits checked before the work: WebP's side before any page is drawn (was 39 s and
        // 5 GB), the leaves in flight before the command line is parsed (12,000: 31 s).
        Row(arguments: ["render", "--effect", "fold", "--frames", "600", "--size", "16384x16384", "--out", "\(f)/h.webp"], status: 1,
            fragment: "pixel size 16384.0x16384.0 must be positive, finite and at most 16383 per side", seconds: 1, megabytes: 200),
        Row(arguments: ["render", "--effect", "book", "--page-count", "24002", "--size", "320x480", "--out", "\(f)/a.png"] + leaves(12_000),
            status: 64, fragment: "--leaf is given 12000 times; a book takes at most 1000 leaves in flight", seconds: 1, megabytes: 200),
        Row(arguments: ["geometry", "--effect", "book", "--page-count", "4002"] + leaves(1_001), status: 64,
            fragment: "--leaf is given 1001 times; a book takes at most 1000 leaves in flight", seconds: 1, megabytes: 200),
        Row(arguments: ["geometry", "--effect", "fold"] + Array(repeating: ["--scale", "1"], count: 1_100).joined(), status: 64,
            fragment: "the command line has 2203 arguments; folio reads at most 2100", seconds: 1, megabytes: 200),
        // Page numbers near Int.max in the sample pages (trapped on overflow: SIGILL).
        Row(arguments: ["render", "--effect", "book", "--page-count", "1000000000000000000", "--leaf", "999999999999999997:0.5",
                        "--out", "\(f)/big-book.png"], status: 0, fragment: "", stdout: "/dev/null"),
        Row(arguments: ["render", "--effect", "book", "--page-count", "\(Int.max)", "--layout", "spread", "--leaf", "\(Int.max / 2 - 1):0.5",
                        "--size", "100x150", "--out", "\(f)/big-book.png"], status: 0, fragment: "", stdout: "/dev/null"),
        // Malformed options and outputs.
        Row(arguments: ["render", "--effect", "fold", "--background", "+FFFFF", "--out", "\(f)/a.png"], status: 64, fragment: "'+FFFFF' must be six hexadecimal digits"),
        Row(arguments: ["render", "--effect", "fold", "--out", "/nonexistent-folder/a.png"], status: 1, fragment: "no such directory '/nonexistent-folder'"),
        // Issue #31: messages that name the right thing.
        Row(arguments: ["geometry", "--effect", "book", "--size", "6x6"], status: 0, fragment: "", stdout: "/dev/null"),
        Row(arguments: ["geometry", "--effect", "book", "--size", "6x6", "--hard-cover"], status: 1, fragment: "cover thickness 3.0"),
        Row(arguments: ["geometry", "--effect", "fold", "--scale", "0.001"], status: 1,
            fragment: "view size 320.0x480.0 at scale 0.001 pixels per point is 0.32x0.48 pixels; each side must be at least one pixel"),
        Row(arguments: ["render", "--effect", "fold", "--size", "16x16", "--light", "--light-direction", "1e308,1e308,1e308", "--out", "\(f)/lit.png"],
            status: 0, fragment: "", stdout: "/dev/null"),
        Row(arguments: ["evaluate", "\(f)/colour5.json"], status: 1,
            fragment: "'layer.backgroundColor' = 5 numbers: a colour needs 3 or 4 components"),
        Row(arguments: ["evaluate", "\(f)/nfc-nfd.json"], status: 1, fragment: "scene has an unknown key 'layer."),
        Row(arguments: ["render", "--effect", "fold", "--out", "\(f)/loop-a.png"], status: 1,
            fragment: "cannot write '\(f)/loop-a.png': it is a loop of symbolic links"),
        // Issue #31: bench options checked when parsed (64), before any GL.
        Row(arguments: ["bench", "--profile", "fold:bogus"], status: 64, fragment: "--profile 'fold:bogus' must be"),
        Row(arguments: ["bench", "--profile", "flip:msaa", "--frames", "0"], status: 64, fragment: "--frames 0 must be at least 1 with --profile"),
        Row(arguments: ["bench", "--profile", "fold", "--frames", "0"], status: 64, fragment: "--frames 0 must be at least 1 with --profile"),
        Row(arguments: ["bench", "--frames", "5"], status: 64, fragment: "--frames applies to --profile"),
        // Issue #27: the sharpness figures need rendering and run alone.
        Row(arguments: ["bench", "--sharpness", "--quick"], status: 64, fragment: "--sharpness cannot be combined with --quick"),
        Row(arguments: ["bench", "--sharpness", "--render-only"], status: 64, fragment: "--sharpness cannot be combined with --profile, --render-only or --window"),
    ]

    @Test(arguments: rows)
    func hostileCommandLinesEndInBoundedTimeAndMemoryWithOneLine(_ row: Row) throws {
        let folio = ChildProcess.product("folio")
        // `timeout` turns a hang into status 137 instead of a stuck test run: SIGKILL, since a
        // child of the test runner may have SIGTERM ignored (it outlived a plain `timeout 30`).
        // The guard is generous in wall time (five times the CPU bound, plus 10 s): the suite runs
        // many processes at once on a shared 2-core machine, where a 25-CPU-second row once took
        // over 30 s of wall time and was killed while working.
        let guardSeconds = Int(5 * row.seconds + 10)
        let r = try ChildProcess.run(["/usr/bin/timeout", "-s", "KILL", "\(guardSeconds)", folio] + row.arguments, stdoutPath: row.stdout)
        #expect(r.status == row.status,
                "\(row): status \(r.status)\(r.status == 137 ? " (killed by the \(guardSeconds) s hang guard)" : ""), stderr: \(r.standardError)")
        let lines = r.standardError.split(separator: "\n").filter { !$0.hasPrefix("Usage:") && !$0.hasPrefix("  See ") && !$0.isEmpty }
        if row.fragment.isEmpty {
            #expect(lines.isEmpty, "\(row): \(r.standardError)")
        } else {
            #expect(r.standardError.contains(row.fragment), "\(row): \(r.standardError)")
            #expect(lines.count == 1, "\(row): one line expected: \(r.standardError)")
        }
        // The bound is on the child's CPU time (the suite runs many processes at once on a
        // shared machine); wall time only guards against a hang.
        #expect(r.cpuSeconds < row.seconds, "\(row): \(r.cpuSeconds) s of CPU")
        #expect(r.peakBytes < row.megabytes << 20, "\(row): peak \(r.peakBytes >> 20) MiB")
    }

    @Test func theFIFOsAreStillThereAndNothingElseWasWritten() throws {
        for row in Self.rows where row.arguments.contains(where: { $0.contains("fifo") }) {
            _ = try ChildProcess.run(["/usr/bin/timeout", "-s", "KILL", "30", ChildProcess.product("folio")] + row.arguments, stdoutPath: row.stdout)
        }
        var info = stat()
        #expect(lstat("\(Self.folder)/fifo-out.png", &info) == 0 && info.st_mode & S_IFMT == S_IFIFO)
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.folder)
        #expect(!names.contains { $0.hasPrefix(".") }, "no temporary files left: \(names)")
        #expect(!names.contains("a.png") && !names.contains("sheet"), "\(names)")
    }

    @Test(arguments: [100, 150, 999])
    func aShortSoakStillMeasuresGrowthAfterItsWarmUp(frames: Int) throws {
        // Issue #31: the warm-up was 1,000 frames whatever --frames said, so 100…999 frames
        // sampled nothing and passed with "growth 0.00 MiB".
        let r = try ChildProcess.run([ChildProcess.product("folio"), "soak", "--frames", "\(frames)", "--size", "16x16", "--json"])
        #expect(r.status == 0, "\(r.standardError)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(r.standardOutput.utf8)) as? [String: Any])
        let samples = try #require(json["residentMiB"] as? [Double])
        let warmUp = try #require(json["warmUpFrames"] as? Int)
        #expect(samples.count >= 2, "resident memory sampled after the warm-up and at the end: \(samples)")
        #expect(warmUp >= 1 && warmUp < frames && json["measuredFrames"] as? Int == frames - warmUp, "\(json)")
        let text = try ChildProcess.run([ChildProcess.product("folio"), "soak", "--frames", "\(frames)", "--size", "16x16"])
        #expect(text.standardOutput.contains("over \(frames - warmUp) frames after a warm-up of \(warmUp)"), "\(text.standardOutput)")
    }

    @Test func anApproximateOrderIsPrintedOnlyWhenAskedFor() throws {
        let r = try ChildProcess.run([ChildProcess.product("folio"), "evaluate", "--allow-approximate-order", "\(Self.folder)/intersecting-1000.json"])
        #expect(r.status == 0)
        let json = try JSONSerialization.jsonObject(with: Data(r.standardOutput.utf8)) as? [String: Any]
        #expect((json?["quads"] as? [Any])?.count == 1001, "the root and 1,000 whole layers")
        #expect(json?["approximateOrder"] as? Bool == true)
        let exact = try ChildProcess.run([ChildProcess.product("folio"), "evaluate", "\(Self.folder)/small.json"])
        #expect(exact.status == 0 && !exact.standardOutput.contains("approximateOrder"))
    }

    @Test func aWriteThatFailsPartWayLeavesThePreviousRenderIntact() throws {
        // A file size limit of 4 KiB (`ulimit -f` counts 512-byte blocks in sh) is hit part of
        // the way through writing the frame (about 60 KB): the write fails with EFBIG (folio ignores
        // SIGXFSZ), the temporary file goes, and the user's previous render is untouched.
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("folio-efbig-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let previous = Data((0..<3000).map { UInt8(truncatingIfNeeded: $0 * 7) })
        let out = "\(folder)/frame.png"
        try previous.write(to: URL(fileURLWithPath: out))
        let r = try ChildProcess.run(["/bin/sh", "-c", "ulimit -f 8 && exec \"$0\" \"$@\"", ChildProcess.product("folio"),
                                      "render", "--effect", "flip", "--size", "640x960", "--out", out])
        #expect(r.status == 1, "\(r.standardError)")
        #expect(r.standardError.contains("cannot write '\(out)': File too large"), "\(r.standardError)")
        #expect(FileManager.default.contents(atPath: out) == previous, "the previous file is intact")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["frame.png"], "no temporary file is left")
        // Without the limit the same command replaces it with a complete PNG.
        let ok = try ChildProcess.run([ChildProcess.product("folio"), "render", "--effect", "flip", "--size", "640x960", "--out", out])
        #expect(ok.status == 0, "\(ok.standardError)")
        #expect(FileManager.default.contents(atPath: out)?.prefix(4) == Data([0x89, 0x50, 0x4E, 0x47]))
    }
}

/// The command line's own limits, counted on the raw arguments before ArgumentParser reads
/// them (issue #31: 12,000 `--leaf` options took 31 s to parse before any check ran).
@Suite struct CommandLineLimitsTests {
    @Test func leavesAndArgumentsPastTheLimitsAreNamed() {
        let leaves = (0..<1_001).flatMap { ["--leaf", "\($0):0.5"] }
        #expect(CommandLineLimits.violation(in: ["render", "--effect", "book"] + leaves)
                == "--leaf is given 1001 times; a book takes at most 1000 leaves in flight")
        // `--leaf=I:P` counts too.
        #expect(CommandLineLimits.violation(in: (0..<1_001).map { "--leaf=\($0):0.5" }) != nil)
        #expect(CommandLineLimits.violation(in: Array(repeating: "-v", count: 2_101))
                == "the command line has 2101 arguments; folio reads at most 2100")
    }

    @Test func theLimitsLeaveRoomForEveryLeafAllowed() {
        let leaves = (0..<CommandLineLimits.maximumLeaves).flatMap { ["--leaf", "\($0):0.5"] }
        let arguments = ["render", "--effect", "book", "--page-count", "2002", "--size", "320x480", "--aa", "msaa",
                         "--layout", "spread", "--direction", "rtl", "--leaf-effect", "curl", "--hard-cover", "--light",
                         "--light-direction", "0,0,1", "--scale", "2", "--background", "FFFFFF", "--out", "a.png"] + leaves
        #expect(CommandLineLimits.violation(in: arguments) == nil)
    }
}
