import Foundation
import PackagePlugin

/// Embeds every `Shaders/*.vert` and `Shaders/*.frag` into the target as Swift string constants.
@main
struct EmbedShadersPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let shaders = context.package.directoryURL.appendingPathComponent("Shaders")
        let files = try FileManager.default.contentsOfDirectory(at: shaders, includingPropertiesForKeys: nil)
            .filter { ["vert", "frag"].contains($0.pathExtension) }
            .sorted { $0.path < $1.path }
        let output = context.pluginWorkDirectoryURL.appendingPathComponent("ShaderSource.swift")
        return [
            .buildCommand(
                displayName: "Embedding \(files.count) shaders",
                executable: try context.tool(named: "EmbedShaders").url,
                arguments: [output.path] + files.map(\.path),
                inputFiles: files,
                outputFiles: [output]
            ),
        ]
    }
}
