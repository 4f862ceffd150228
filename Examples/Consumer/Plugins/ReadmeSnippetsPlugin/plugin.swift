import Foundation
import PackagePlugin

/// Extracts the repository's Swift snippets into the target being built, so that documentation
/// that no longer compiles fails the build:
/// - into `ReadmeSnippets`, every ```swift block of README.md as a method of `ReadmeSnippets`
///   (its package manifest block excepted: ConsumerTests builds that as a package);
/// - into any other target, docs/book-in-your-window.md's blocks (types and functions) at file
///   scope, verbatim: `book-glfw`, `book-sdl` and the tests run the guide's own code.
@main
struct ReadmeSnippetsPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let repository = context.package.directoryURL.appendingPathComponent("../..").standardizedFileURL
        let readme = target.name == "ReadmeSnippets"
        let source = repository.appendingPathComponent(readme ? "README.md" : "docs/book-in-your-window.md")
        let output = context.pluginWorkDirectoryURL.appendingPathComponent(readme ? "ReadmeSnippets+Generated.swift" : "BookInYourWindow+Generated.swift")
        return [
            .buildCommand(
                displayName: "Extracting \(source.lastPathComponent)'s Swift snippets into \(target.name)",
                executable: try context.tool(named: "ExtractSnippets").url,
                arguments: (readme ? [] : ["--declarations"]) + [source.path, output.path],
                inputFiles: [source],
                outputFiles: [output]
            ),
        ]
    }
}
