import Foundation
import PackagePlugin

/// Extracts every ```swift block of the repository's README.md into the target as methods of
/// `ReadmeSnippets`, so that a README that no longer compiles fails the build.
@main
struct ReadmeSnippetsPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let readme = context.package.directoryURL.appendingPathComponent("../../README.md").standardizedFileURL
        let output = context.pluginWorkDirectoryURL.appendingPathComponent("ReadmeSnippets+Generated.swift")
        return [
            .buildCommand(
                displayName: "Extracting README.md's Swift snippets",
                executable: try context.tool(named: "ExtractSnippets").url,
                arguments: [readme.path, output.path],
                inputFiles: [readme],
                outputFiles: [output]
            ),
        ]
    }
}
