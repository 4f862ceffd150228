#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Outputs that would replace one of the command's own inputs (issue #31: `folio render
/// --scene v.json --out v.json` once replaced the scene with a PNG).
extension AtomicFile {
    /// `checkDestination(_:)`, and refuses an output that is the same file as one of `inputs`.
    ///
    /// - Throws: `FileError.wouldOverwriteInput` naming the input, or what `checkDestination`
    ///   throws.
    public static func checkDestination(_ path: String, notOverwriting inputs: [String]) throws(FileError) {
        try checkDestination(path)
        if let input = input(replacedBy: path, among: inputs) { throw .wouldOverwriteInput(path: path, input: input) }
    }

    /// The first of `inputs` that a write to `path` would replace, or nil.
    ///
    /// Files are compared by identity (device and inode, links followed), not by name: a hard
    /// link, a symbolic link or `./` spelling of an input is that input. A path where nothing
    /// exists yet replaces nothing, and an input that does not exist is no file to protect.
    public static func input(replacedBy path: String, among inputs: [String]) -> String? {
        var output = stat()
        guard !inputs.isEmpty, stat(path, &output) == 0 else { return nil }
        for input in inputs {
            var info = stat()
            if stat(input, &info) == 0, info.st_dev == output.st_dev, info.st_ino == output.st_ino { return input }
        }
        return nil
    }
}
