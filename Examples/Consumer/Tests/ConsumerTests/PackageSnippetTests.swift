import Foundation
import XCTest

/// README.md's `Package.swift` snippet is a manifest an app can use as it stands: written
/// verbatim into a fresh package whose Folio dependency is this repository, at the path the
/// snippet names (a symbolic link), SwiftPM compiles it, resolves Folio there and finds every
/// product it names. (Building the app's targets would build Folio a second time; the products'
/// modules are compiled and used by this package itself.)
final class PackageSnippetTests: XCTestCase {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../../..").standardizedFileURL

    /// README's one ```swift block that starts with `// swift-tools-version`.
    static func manifest() throws -> String {
        let readme = try String(contentsOf: repository.appendingPathComponent("README.md"), encoding: .utf8)
        let blocks = readme.components(separatedBy: "```swift\n").dropFirst().map { $0.components(separatedBy: "\n```")[0] + "\n" }
        let manifests = blocks.filter { $0.hasPrefix("// swift-tools-version") }
        XCTAssertEqual(manifests.count, 1, "README.md should show exactly one Package.swift")
        return try XCTUnwrap(manifests.first)
    }

    /// Writes `manifest` as a package in a new temporary folder, with Folio linked at the path
    /// its `.package(path:)` names and a source file for each target, and runs
    /// `swift package show-dependencies` there (it loads the whole package graph). Returns its
    /// exit status and output.
    static func loadGraph(of manifest: String) throws -> (status: Int32, output: String) {
        let files = FileManager.default
        let root = files.temporaryDirectory.appendingPathComponent("folio-manifest-\(UUID().uuidString)")
        defer { try? files.removeItem(at: root) }
        let app = root.appendingPathComponent("App")
        try files.createDirectory(at: app, withIntermediateDirectories: true)
        try manifest.write(to: app.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
        // The dependency's path, from the line that is not a comment.
        let line = try XCTUnwrap(manifest.split(separator: "\n").first { $0.contains(".package(path:") && !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//") })
        let path = try XCTUnwrap(line.split(separator: "\"").dropFirst().first.map(String.init))
        let folio = app.appendingPathComponent(path).standardizedFileURL
        try files.createDirectory(at: folio.deletingLastPathComponent(), withIntermediateDirectories: true)
        try files.createSymbolicLink(at: folio, withDestinationURL: repository)
        // Each target needs its source folder: Sources/<name>, as the manifest declares none.
        for case let name in try targetNames(in: app) {
            let folder = app.appendingPathComponent("Sources/\(name)")
            try files.createDirectory(at: folder, withIntermediateDirectories: true)
            try "// \(name)\n".write(to: folder.appendingPathComponent("\(name).swift"), atomically: true, encoding: .utf8)
        }
        return try swift(["package", "show-dependencies"], in: app)
    }

    /// The targets the manifest declares, from `swift package dump-package`.
    static func targetNames(in package: URL) throws -> [String] {
        let (status, output) = try swift(["package", "dump-package"], in: package)
        guard status == 0 else { XCTFail("the manifest does not compile:\n\(output)"); return [] }
        let json = try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any]
        return (json?["targets"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
    }

    static func swift(_ arguments: [String], in folder: URL) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swift"] + arguments
        process.currentDirectoryURL = folder
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    func testReadmesPackageManifestResolvesFolioAndEveryProductItNames() throws {
        let manifest = try Self.manifest()
        XCTAssertTrue(manifest.contains(#".product(name: "Folio", package: "Folio")"#), "the umbrella product")
        XCTAssertTrue(manifest.contains(#".product(name: "FolioBook", package: "Folio")"#), "a single module's product")
        let (status, output) = try Self.loadGraph(of: manifest)
        XCTAssertEqual(status, 0, "README's Package.swift does not load:\n\(output)")
    }

    func testAManifestNamingAProductFolioLacksIsRefused() throws {
        let manifest = try Self.manifest().replacingOccurrences(of: #""FolioBook", package"#, with: #""FolioBooks", package"#)
        let (status, output) = try Self.loadGraph(of: manifest)
        XCTAssertNotEqual(status, 0, "a misspelt product should not load")
        XCTAssertTrue(output.contains("FolioBooks"), output)
    }
}
