import Foundation

// Build tool: a Markdown file's ```swift blocks → one Swift file.
// Usage: extract-snippets [--declarations] FILE.md OUTPUT.swift
//
// README mode (the default): each block becomes the body of a method `snippetN()` of
// `ReadmeSnippets`, its lines verbatim except `import` lines, which move to the top of the file
// (imports cannot sit in a function). Names a snippet leaves undefined (an app's texture, say)
// resolve to ReadmeSnippets' members. A block whose first line is `// swift-tools-version…` is a
// package manifest, not Swift to run: it is left out (ConsumerTests builds it as a package).
//
// --declarations (guides such as docs/book-in-your-window.md): the blocks are types and
// functions, written at file scope one after the other, verbatim, imports moved to the top.
let declarations = CommandLine.arguments.count > 1 && CommandLine.arguments[1] == "--declarations"
let arguments = declarations ? CommandLine.arguments.enumerated().filter { $0.offset != 1 }.map(\.element) : CommandLine.arguments
guard arguments.count == 3 else {
    FileHandle.standardError.write(Data("usage: extract-snippets [--declarations] FILE.md OUTPUT.swift\n".utf8))
    exit(64)
}
guard let readme = try? String(contentsOfFile: arguments[1], encoding: .utf8) else {
    FileHandle.standardError.write(Data("extract-snippets: cannot read \(arguments[1])\n".utf8))
    exit(1)
}

var snippets: [(line: Int, body: [String])] = []
var imports: [String] = []
var current: [String]?
var blockImports: [String] = []
var start = 0
for (number, line) in readme.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
    let trimmed = line.trimmingCharacters(in: .whitespaces)
    if current == nil {
        if trimmed == "```swift" { current = []; blockImports = []; start = 0 }
    } else if trimmed == "```" {
        // A manifest (and its `import PackageDescription`) stays out.
        if current!.first?.hasPrefix("// swift-tools-version") != true {
            snippets.append((start, current!))
            for i in blockImports where !imports.contains(i) { imports.append(i) }
        }
        current = nil
    } else if trimmed.hasPrefix("import ") || trimmed.hasPrefix("@preconcurrency import ") {
        blockImports.append(trimmed)
    } else {
        if current!.isEmpty { start = number + 1 } // the file's line of the first line kept
        current!.append(String(line))
    }
}
guard current == nil else {
    FileHandle.standardError.write(Data("extract-snippets: \(arguments[1]) ends inside a ```swift block\n".utf8))
    exit(1)
}

/// Writes `text` to the output file, or exits saying why not.
func write(_ text: String, to path: String) {
    do {
        try text.write(to: URL(fileURLWithPath: path), atomically: true, encoding: .utf8)
    } catch {
        FileHandle.standardError.write(Data("extract-snippets: cannot write \(path): \(error)\n".utf8))
        exit(1)
    }
}

if declarations {
    var text = "// Generated from \(URL(fileURLWithPath: arguments[1]).lastPathComponent) by ExtractSnippets. Do not edit.\n\n"
    text += imports.sorted().joined(separator: "\n") + "\n"
    for snippet in snippets {
        text += "\n#sourceLocation(file: \"\(arguments[1])\", line: \(snippet.line))\n"
        text += snippet.body.joined(separator: "\n") + "\n#sourceLocation()\n"
    }
    write(text, to: arguments[2])
    exit(0)
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
write(text, to: arguments[2])
