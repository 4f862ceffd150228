import Foundation

// Build tool: turns GLSL files into Swift string constants so a copied binary carries its shaders.
// Usage: embed-shaders OUTPUT.swift SHADER...
let arguments = CommandLine.arguments.dropFirst()
guard let output = arguments.first else {
    FileHandle.standardError.write(Data("usage: embed-shaders OUTPUT.swift SHADER...\n".utf8))
    exit(64)
}
var text = "// Generated from Shaders/ by the EmbedShaders plugin. Do not edit.\n\nenum ShaderSource {\n"
for path in arguments.dropFirst().sorted() {
    let url = URL(fileURLWithPath: path)
    guard let source = try? String(contentsOf: url, encoding: .utf8) else {
        FileHandle.standardError.write(Data("embed-shaders: cannot read \(path)\n".utf8))
        exit(1)
    }
    // quad.vert → quadVert
    let parts = url.lastPathComponent.split(separator: ".")
    let name = parts.enumerated().map { i, p in i == 0 ? String(p) : p.prefix(1).uppercased() + p.dropFirst() }.joined()
    text += "    /// `Shaders/\(url.lastPathComponent)`.\n    static let \(name) = ####\"\"\"\n\(source)\n\"\"\"####\n"
}
text += "}\n"
do {
    try text.write(to: URL(fileURLWithPath: output), atomically: true, encoding: .utf8)
} catch {
    FileHandle.standardError.write(Data("embed-shaders: cannot write \(output): \(error)\n".utf8))
    exit(1)
}
