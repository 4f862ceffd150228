import Foundation
import FolioRender

/// The demo's pages: built-in sample pages, or the PNGs of a folder loaded on a background
/// thread (each shows a sample page until it arrives, so loading never blocks input).
// Unchecked: the mutable arrival lists are only touched under `lock`; the rest is set in init.
final class Book: @unchecked Sendable {
    /// Number of pages.
    let count: Int
    /// The natural page size in pixels (the first PNG's, or the sample pages').
    let naturalPixelSize: (width: Int, height: Int)
    /// Problems found while opening the book (each already a full sentence).
    private(set) var warnings: [String] = []

    private let paths: [String]
    private let lock = NSLock()
    private var arrived: [(index: Int, image: Image)] = []
    private var failed: [String] = []

    static let sampleCount = 6
    static let sampleSize = (width: 400, height: 560)

    /// Opens `folder`'s PNGs (sorted by name), or the sample pages when `folder` is nil,
    /// missing, empty or unreadable (with a warning).
    init(folder: String?) {
        var paths: [String] = []
        var warnings: [String] = []
        if let folder {
            do {
                let names = try FileManager.default.contentsOfDirectory(atPath: folder)
                    .filter { $0.lowercased().hasSuffix(".png") }.sorted()
                paths = names.map { (folder as NSString).appendingPathComponent($0) }
                if paths.isEmpty { warnings.append("no .png pages in '\(folder)'; showing the built-in pages") }
            } catch {
                warnings.append("cannot open the pages folder '\(folder)'; showing the built-in pages")
            }
        }
        var size = Self.sampleSize
        if let first = paths.first {
            if let s = Self.pngSize(first) {
                size = s
            } else {
                warnings.append("'\(first)' is not a readable PNG; using the built-in page size")
            }
        }
        self.paths = paths
        self.count = paths.isEmpty ? Self.sampleCount : paths.count
        self.naturalPixelSize = size
        self.warnings = warnings
    }

    /// Whether the pages come from a folder.
    var isFromFolder: Bool { !paths.isEmpty }

    /// Starts loading the folder's pages in the background.
    func startLoading() {
        guard !paths.isEmpty else { return }
        let paths = self.paths
        Thread.detachNewThread { [self] in
            for (i, path) in paths.enumerated() {
                do {
                    let image = try Image.readPNG(path: path)
                    lock.withLock { arrived.append((i, image)) }
                } catch {
                    lock.withLock { failed.append("page \(i + 1): \(error); showing a built-in page instead") }
                }
            }
        }
    }

    /// Pages that finished loading since the last call, and new failure messages.
    func takeArrivals() -> (pages: [(index: Int, image: Image)], failures: [String]) {
        lock.withLock {
            defer { arrived.removeAll(keepingCapacity: true); failed.removeAll(keepingCapacity: true) }
            return (arrived, failed)
        }
    }

    /// A PNG's size from its header (signature + IHDR), without decoding it.
    static func pngSize(_ path: String) -> (width: Int, height: Int)? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        guard let data = try? handle.read(upToCount: 24), data.count == 24 else { return nil }
        let bytes = [UInt8](data)
        guard bytes[0..<8] == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], bytes[12..<16] == [0x49, 0x48, 0x44, 0x52] else { return nil }
        func be(_ i: Int) -> Int { bytes[i..<i + 4].reduce(0) { $0 << 8 | Int($1) } }
        let (w, h) = (be(16), be(20))
        guard w > 0, h > 0, w <= Image.maximumSide, h <= Image.maximumSide else { return nil }
        return (w, h)
    }
}
