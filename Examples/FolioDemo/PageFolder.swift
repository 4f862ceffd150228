#if canImport(Glibc)
import Glibc
#endif
import Foundation
import FolioRender

/// Why one page file was refused; each case names the file and the value at fault.
enum PageFileError: Error, CustomStringConvertible, Equatable {
    /// Not a regular file (a FIFO, a device, a directory …): reading it could block forever.
    case notRegular(path: String, kind: String)
    /// The file could not be opened or read.
    case unreadable(path: String, reason: String)
    /// Too short, or not starting with a PNG signature and header.
    case notPNG(path: String, reason: String)
    /// The header claims more pixels than a page may have.
    case tooLarge(path: String, width: Int, height: Int, maximumSide: Int, maximumPixels: Int)
    /// Decoding failed, or gave another size than the header claimed.
    case decode(path: String, reason: String)
    /// The pages folder named by `--pages` cannot be opened as a folder (`reason`: missing,
    /// a file, a FIFO, a device, or the system's message).
    case folder(path: String, reason: String)

    var description: String {
        switch self {
        case let .notRegular(path, kind): return "'\(path)' is \(kind), not a regular file"
        case let .unreadable(path, reason): return "cannot read '\(path)': \(reason)"
        case let .notPNG(path, reason): return "'\(path)' is not a readable PNG (\(reason))"
        case let .tooLarge(path, w, h, side, pixels):
            return "'\(path)' claims \(w)x\(h) pixels; pages may have at most \(side) per side and \(pixels / 1_000_000) megapixels"
        case let .decode(path, reason): return "cannot decode '\(path)': \(reason)"
        case let .folder(path, reason): return "cannot open the pages folder '\(path)': \(reason)"
        }
    }
}

/// A folder of PNG pages, in name order, read defensively: every file is checked to be a
/// regular file (without ever blocking on it) and its header is bounded before anything is
/// decoded, so a FIFO, a truncated file or a header claiming a huge image costs one message,
/// never a hang or gigabytes. Thousands of pages are fine: nothing is read until a page is wanted.
struct PageFolder: Sendable {
    /// The largest page side accepted, in pixels.
    static let maximumSide = 8192
    /// The most pixels a page may have (a page's texture with mipmaps must fit the cache budget).
    static let maximumPixels = 4096 * 4096
    /// A PNG can be no shorter: signature (8) + IHDR (25) + an IDAT (12+) + IEND (12).
    static let minimumFileSize = 57

    /// The pages' paths.
    let paths: [String]

    /// The `.png` files of `folder`, sorted by name.
    ///
    /// - Throws: `.folder` when `folder` is missing or not a folder (checked with `stat`,
    ///   which opens nothing, so a FIFO cannot block) or cannot be listed.
    init(folder: String) throws(PageFileError) {
        var info = stat()
        guard stat(folder, &info) == 0 else {
            let code = errno
            throw .folder(path: folder, reason: code == ENOENT || code == ENOTDIR ? "no such folder" : String(cString: strerror(code)))
        }
        let type = info.st_mode & S_IFMT
        guard type == S_IFDIR else {
            let kind = switch type {
            case S_IFREG: "a regular file"
            case S_IFIFO: "a FIFO"
            case S_IFCHR, S_IFBLK: "a device"
            case S_IFSOCK: "a socket"
            default: "a special file"
            }
            throw .folder(path: folder, reason: "it is \(kind), not a folder")
        }
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: folder)
        } catch {
            throw .folder(path: folder, reason: "it cannot be listed")
        }
        paths = names.filter { $0.lowercased().hasSuffix(".png") }.sorted()
            .map { (folder as NSString).appendingPathComponent($0) }
    }

    /// The size a page's header claims, after checking that it is a regular file, a PNG, and
    /// within the limits. Never blocks: the file is opened non-blocking and read once.
    static func probe(_ path: String) throws(PageFileError) -> (width: Int, height: Int) {
        var info = stat()
        guard stat(path, &info) == 0 else { throw .unreadable(path: path, reason: String(cString: strerror(errno))) }
        try requireRegular(info, path)
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { throw .unreadable(path: path, reason: String(cString: strerror(errno))) }
        defer { close(fd) }
        // The file may have been swapped since stat: check what was actually opened.
        guard fstat(fd, &info) == 0 else { throw .unreadable(path: path, reason: String(cString: strerror(errno))) }
        try requireRegular(info, path)
        guard Int(info.st_size) >= minimumFileSize else { throw .notPNG(path: path, reason: "only \(info.st_size) bytes") }
        var header = [UInt8](repeating: 0, count: 24)
        let n = header.withUnsafeMutableBytes { read(fd, $0.baseAddress, 24) }
        guard n == 24 else { throw .notPNG(path: path, reason: "no header") }
        guard header[0..<8] == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] else { throw .notPNG(path: path, reason: "bad signature") }
        guard header[12..<16] == [0x49, 0x48, 0x44, 0x52] else { throw .notPNG(path: path, reason: "no IHDR") }
        func be(_ i: Int) -> Int { header[i..<i + 4].reduce(0) { $0 << 8 | Int($1) } }
        let (w, h) = (be(16), be(20))
        guard w > 0, h > 0 else { throw .notPNG(path: path, reason: "size \(w)x\(h)") }
        guard w <= maximumSide, h <= maximumSide, w * h <= maximumPixels else {
            throw .tooLarge(path: path, width: w, height: h, maximumSide: maximumSide, maximumPixels: maximumPixels)
        }
        return (w, h)
    }

    static func requireRegular(_ info: stat, _ path: String) throws(PageFileError) {
        let type = info.st_mode & S_IFMT
        guard type != S_IFREG else { return }
        let kind = switch type {
        case S_IFIFO: "a FIFO"
        case S_IFDIR: "a directory"
        case S_IFCHR, S_IFBLK: "a device"
        case S_IFSOCK: "a socket"
        default: "not a file"
        }
        throw .notRegular(path: path, kind: kind)
    }

    /// Decodes page `index` after probing it; the decoded size must match the header's.
    func load(_ index: Int) throws(PageFileError) -> Image {
        let path = paths[index]
        let (w, h) = try Self.probe(path)
        let image: Image
        do { image = try Image.readPNG(path: path) } catch { throw .decode(path: path, reason: "\(error)") }
        guard image.width == w, image.height == h else {
            throw .decode(path: path, reason: "decoded \(image.width)x\(image.height), header said \(w)x\(h)")
        }
        return image
    }

    /// The natural page size: the header of the first page that probes well among the first
    /// `limit`, with the problems met on the way (each one line).
    func naturalSize(limit: Int = 16) -> (size: (width: Int, height: Int)?, problems: [(page: Int, message: String)]) {
        var problems: [(page: Int, message: String)] = []
        for (i, path) in paths.prefix(limit).enumerated() {
            do {
                return (try Self.probe(path), problems)
            } catch {
                problems.append((i, "page \(i + 1): \(error)"))
            }
        }
        return (nil, problems)
    }
}
