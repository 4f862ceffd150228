#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes files so that a reader sees either the old contents or the complete new ones.
///
/// The bytes go to a new temporary file in the same folder (`.NAME.XXXXXX`, NAME shortened
/// where the whole would exceed the file system's name limit), which is written
/// whole, flushed to the device (`fsync`) and then renamed over the path; the folder is synced
/// too so that the rename survives a crash. A failure at any step — a full device, a file size
/// limit, an error in the caller's producer — removes the temporary file and leaves whatever
/// was at the path untouched. The path itself is never opened for writing: an existing FIFO,
/// device or directory there is refused (`FileError.notARegularFile`) rather than blocked on or
/// replaced. A symbolic link is followed and its target replaced; the new file keeps an
/// existing file's permission bits (otherwise `0666` less the umask).
public enum AtomicFile {
    /// Receives the new contents while an `AtomicFile.write` is in progress.
    public struct Writer: ~Copyable {
        let descriptor: Int32
        /// The final path (for messages).
        public let path: String

        /// Appends `bytes` to the temporary file, retrying short writes.
        ///
        /// - Throws: `FileError.writeFailed` with the system's message (`No space left on
        ///   device`, `File too large`, …).
        public func write(_ bytes: UnsafeRawBufferPointer) throws(FileError) {
            try AtomicFile.writeAll(bytes, to: descriptor, path: path)
        }

        /// Appends `bytes` to the temporary file.
        public func write(_ bytes: [UInt8]) throws(FileError) {
            let result = bytes.withUnsafeBytes { raw in Result { () throws(FileError) in try write(raw) } }
            try result.get()
        }
    }

    /// Replaces the file at `path` with `bytes`, atomically.
    ///
    /// - Throws: `FileError`; on any error the previous file (if any) is unchanged.
    public static func write(_ bytes: [UInt8], to path: String) throws(FileError) {
        try write(to: path) { (writer: borrowing Writer) throws(FileError) in try writer.write(bytes) }
    }

    /// Replaces the file at `path` with what `produce` writes, atomically: nothing replaces the
    /// file unless `produce` returns normally and every byte reaches the device.
    ///
    /// - Throws: `FileError` from the file system or from `produce`; on any error the previous
    ///   file (if any) is unchanged and no temporary file is left behind.
    public static func write(to path: String, _ produce: (borrowing Writer) throws(FileError) -> Void) throws(FileError) {
        let target = try resolveTarget(path)
        let (folder, name) = split(target)
        try checkNameLength(path, name: name, folder: folder)
        var template = Array(temporaryTemplate(folder: folder, name: name).utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { throw failure(path, errno, folder: folder) }
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        // mkstemp wrote the name into `template` in place: unlink and rename take those
        // NUL-terminated bytes as they are, with no round trip through `String`.
        let temporary = template
        var renamed = false
        defer { if !renamed { unlink(temporary) } }
        do throws(FileError) {
            try produce(Writer(descriptor: fd, path: path))
            fchmod(fd, permissions(of: target))
            guard fsync(fd) == 0 else { throw failure(path, errno, folder: folder) }
        } catch {
            close(fd)
            throw error
        }
        guard close(fd) == 0 else { throw failure(path, errno, folder: folder) }
        guard rename(temporary, target) == 0 else { throw failure(path, errno, folder: folder) }
        renamed = true
        // Make the rename itself durable; a folder that cannot be synced changes nothing above.
        let dir = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if dir >= 0 { fsync(dir); close(dir) }
    }

    /// Checks, without writing anything, that a write to `path` can start: nothing is there or
    /// a regular file (or a link to one), its name is no longer than the file system allows,
    /// and its folder exists. Lets a long job fail before it starts rather than when its
    /// result is ready.
    ///
    /// - Throws: `FileError.notARegularFile` or `.writeFailed` ("no such directory …", "its
    ///   name is 256 bytes; …", "it is a loop of symbolic links …").
    public static func checkDestination(_ path: String) throws(FileError) {
        let target = try resolveTarget(path)
        let (folder, name) = split(target)
        try checkNameLength(path, name: name, folder: folder)
        var info = stat()
        guard stat(folder, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else {
            throw .writeFailed(path: path, reason: "no such directory '\(folder)'")
        }
    }

    /// Writes all of `bytes` to a descriptor (a file or standard output), retrying short writes
    /// and interruptions; `path` names it in errors.
    ///
    /// - Throws: `FileError.writeFailed` with the system's message.
    public static func writeAll(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32, path: String) throws(FileError) {
        var offset = 0
        while offset < bytes.count {
            let n = Glibc.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if n < 0 {
                if errno == EINTR { continue }
                throw .writeFailed(path: path, reason: systemMessage(errno))
            }
            offset += n
        }
    }

    /// The file the write replaces: `path`, or the target of a symbolic link at `path`;
    /// refuses anything that exists and is not a regular file.
    static func resolveTarget(_ path: String) throws(FileError) -> String {
        guard !path.isEmpty else { throw .notFound(path: path) }
        // Said plainly before `lstat` answers "File name too long".
        let (folder, name) = split(path)
        try checkNameLength(path, name: name, folder: folder)
        var info = stat()
        guard lstat(path, &info) == 0 else {
            let code = errno
            if code == ENOENT { return path } // a new file (its folder is checked by mkostemp)
            throw failure(path, code, folder: split(path).folder)
        }
        var target = path
        if info.st_mode & S_IFMT == S_IFLNK {
            guard let resolved = realpath(path, nil) else {
                let code = errno
                // A loop never resolves (ELOOP); only a chain that ends nowhere is "missing".
                if code == ELOOP { throw .writeFailed(path: path, reason: "it is a loop of symbolic links (\(systemMessage(code)))") }
                if code == ENOENT { throw .writeFailed(path: path, reason: "it is a symbolic link to a missing file") }
                throw failure(path, code, folder: split(path).folder)
            }
            target = String(cString: resolved)
            free(resolved)
            guard stat(target, &info) == 0 else { throw failure(path, errno, folder: split(target).folder) }
        }
        guard info.st_mode & S_IFMT == S_IFREG else { throw .notARegularFile(path: path, kind: fileKind(info.st_mode)) }
        return target
    }

    /// The longest file name `folder`'s file system takes, in bytes (`NAME_MAX`, 255 where
    /// the system does not say).
    static func maximumNameBytes(in folder: String) -> Int {
        let limit = pathconf(folder, Int32(_PC_NAME_MAX))
        return limit > 0 ? limit : 255
    }

    /// Refuses a name longer than the file system takes, before anything is written (the
    /// rename would fail only at the end, after the caller's work).
    static func checkNameLength(_ path: String, name: String, folder: String) throws(FileError) {
        let limit = maximumNameBytes(in: folder)
        guard name.utf8.count <= limit else {
            throw .writeFailed(path: path, reason: "its name is \(name.utf8.count) bytes; file names may have at most \(limit)")
        }
    }

    /// The `mkstemp` template of the temporary file for `name` in `folder`: `.NAME.XXXXXX`,
    /// with NAME cut (between characters) so that the temporary name fits the file system's
    /// limit and the whole path fits `PATH_MAX`: a name the system takes must not fail
    /// because of the 8 bytes the temporary name adds.
    static func temporaryTemplate(folder: String, name: String) -> String {
        let suffix = ".XXXXXX"
        let room = min(maximumNameBytes(in: folder), Int(PATH_MAX) - 1 - folder.utf8.count - 1) - 1 - suffix.utf8.count
        var kept = String.UnicodeScalarView()
        var bytes = 0
        for scalar in name.unicodeScalars {
            let length = UTF8.width(scalar)
            guard bytes + length <= room else { break }
            kept.append(scalar)
            bytes += length
        }
        return "\(folder)/.\(String(kept))\(suffix)"
    }

    /// The folder (`.` for a bare name) and the last component of a path.
    static func split(_ path: String) -> (folder: String, name: String) {
        guard let slash = path.lastIndex(of: "/") else { return (".", path) }
        let folder = String(path[..<slash])
        return (folder.isEmpty ? "/" : folder, String(path[path.index(after: slash)...]))
    }

    /// The permission bits for the new file: the existing file's, or `0666` less the umask.
    static func permissions(of target: String) -> mode_t {
        var info = stat()
        if stat(target, &info) == 0 { return info.st_mode & 0o7777 }
        return 0o666 & ~currentUmask()
    }

    /// The process's umask, read without changing it (`umask(2)` can only set it, which would
    /// race with other threads creating files); 022 if the kernel does not report it.
    static func currentUmask() -> mode_t {
        let fd = open("/proc/self/status", O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return 0o022 }
        defer { close(fd) }
        var buffer = [UInt8](repeating: 0, count: 4096)
        let n = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress!, $0.count) }
        guard n > 0 else { return 0o022 }
        let text = String(decoding: buffer[..<n], as: UTF8.self)
        for line in text.split(separator: "\n") where line.hasPrefix("Umask:") {
            if let value = mode_t(line.dropFirst(6).trimmingCharacters(" \t"), radix: 8) { return value }
        }
        return 0o022
    }

    /// A write failure naming the path, with the missing-folder case spelled out.
    static func failure(_ path: String, _ code: Int32, folder: String) -> FileError {
        switch code {
        case ENOENT, ENOTDIR: return .writeFailed(path: path, reason: "no such directory '\(folder)'")
        case EACCES, EPERM, EROFS: return .writeFailed(path: path, reason: systemMessage(code))
        default: return .writeFailed(path: path, reason: systemMessage(code))
        }
    }
}

extension Substring {
    /// The substring without leading and trailing characters from `set`.
    func trimmingCharacters(_ set: String) -> Substring {
        var s = self
        while let c = s.first, set.contains(c) { s.removeFirst() }
        while let c = s.last, set.contains(c) { s.removeLast() }
        return s
    }
}
