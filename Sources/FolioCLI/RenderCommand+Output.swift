import ArgumentParser
import FolioCLISupport
import FolioFiles
import FolioRender
import FolioScene

/// What `--out` may name (issue #31: `render --scene v.json --out v.json` replaced the scene
/// with a PNG, and `--out notes.txt` replaced the notes): a format `render` writes, known by
/// its extension, and never one of the command's own inputs.
extension RenderCommand {
    /// The extensions of the formats `render` writes (compared ignoring case).
    static let outputExtensions = [".png", ".webp"]

    /// The inputs named on the command line, with what each is: the scene file, the pages.
    var namedInputs: [(path: String, what: String)] {
        [(scene, "scene"), (frame, "frame"), (from, "--from page"), (to, "--to page"), (document, "document")].compactMap { path, what in path.map { ($0, what) } }
    }

    /// Usage checks on `--out` (exit 64, before anything is read or drawn): its extension
    /// names a format `render` writes, and it is not the same file as the scene or a page
    /// (by identity: a hard or symbolic link to one is that file).
    func validateOutput() throws {
        let lower = out.lowercased()
        guard Self.outputExtensions.contains(where: { lower.hasSuffix($0) }) else {
            throw ValidationError("--out '\(out)' must end in .png or .webp (the formats folio writes), so that no other file is replaced by an image")
        }
        for (path, what) in namedInputs where AtomicFile.input(replacedBy: out, among: [path]) != nil {
            throw ValidationError("--out '\(out)' is the \(what) '\(path)': an output never replaces one of the command's inputs")
        }
    }

    /// Refuses an `--out` that is one of the images a scene shows (known once the scene is
    /// read), before any of them is loaded or anything drawn.
    func checkOutput(against scene: Scene) throws {
        if let input = AtomicFile.input(replacedBy: out, among: scene.contentFiles.map(\.path)) {
            throw CommandFailure(FileError.wouldOverwriteInput(path: out, input: input))
        }
    }
}
