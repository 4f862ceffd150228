import Foundation

// Build tool: README.md's ```swift blocks → one Swift file.
// Usage: extract-snippets README.md OUTPUT.swift
//
// Each block becomes the body of a method `snippetN()` of `ReadmeSnippets`, its lines verbatim
// except `import` lines, which move to the top of the file (imports cannot sit in a function).
// Names a snippet leaves undefined (an app's texture, say) resolve to ReadmeSnippets' members.
let arguments = CommandLine.arguments
guard arguments.count == 3 else {
    FileHandle.standardError.write(Data("usage: extract-snippets README.md OUTPUT.swift\n".utf8))
    exit(64)
}
guard let readme = try? String(contentsOfFile: arguments[1], encoding: .utf8) else {
    FileHandle.standardError.write(Data("extract-snippets: cannot read \(arguments[1])\n".utf8))
    exit(1)
}

var snippets: [(line: Int, body: [String])] = []
var imports: [String] = []
var current: [String]?
var start = 0
for (number, line) in readme.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
    let trimmed = line.trimmingCharacters(in: .whitespaces)
    if current == nil {
        if trimmed == "```swift" { current = []; start = 0 }
    } else if trimmed == "```" {
        snippets.append((start, current!))
        current = nil
    } else if trimmed.hasPrefix("import ") {
        if !imports.contains(trimmed) { imports.append(trimmed) }
    } else {
        if current!.isEmpty { start = number + 1 } // README's line of the first line kept
        current!.append(String(line))
    }
}
guard current == nil else {
    FileHandle.standardError.write(Data("extract-snippets: README.md ends inside a ```swift block\n".utf8))
    exit(1)
}

var text = "// Generated from README.md by ExtractSnippets (ReadmeSnippetsPlugin). Do not edit.\n\n"
text += imports.sorted().joined(separator: "\n") + "\n\n"
text += "extension ReadmeSnippets {\n"
text += "    /// The number of Swift snippets in README.md.\n"
text += "    public static let count = \(snippets.count)\n\n"
text += "    /// README.md's line of each snippet's first line of code, in order.\n"
text += "    public static let lines = [\(snippets.map { String($0.line) }.joined(separator: ", "))]\n\n"
text += "    /// Runs snippet `index` (1-based, in README order).\n"
text += "    public func run(snippet index: Int) throws {\n        switch index {\n"
for i in snippets.indices { text += "        case \(i + 1): try snippet\(i + 1)()\n" }
text += "        default: break\n        }\n    }\n"
for (i, snippet) in snippets.enumerated() {
    text += "\n    /// README.md, from line \(snippet.line).\n    func snippet\(i + 1)() throws {\n"
    text += "#sourceLocation(file: \"\(arguments[1])\", line: \(snippet.line))\n"
    text += snippet.body.joined(separator: "\n") + "\n"
    text += "#sourceLocation()\n    }\n"
}
text += "}\n"
do {
    try text.write(to: URL(fileURLWithPath: arguments[2]), atomically: true, encoding: .utf8)
} catch {
    FileHandle.standardError.write(Data("extract-snippets: cannot write \(arguments[2]): \(error)\n".utf8))
    exit(1)
}
