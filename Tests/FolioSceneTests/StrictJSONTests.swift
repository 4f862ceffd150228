import Foundation
import Testing
import FolioGeometry
import FolioLayers
@testable import FolioScene

/// Scene JSON is read strictly (RFC 8259) and every error says where: line, column, key path.
@Suite struct StrictJSONTests {
    static func decode(_ text: String) throws(SceneError) -> Scene { try Scene.decode(Data(text.utf8)) }

    /// Malformed documents, the position and path of the error, and a fragment of its reason.
    static let malformed: [(text: String, line: Int, column: Int, path: String, reason: String)] = [
        ("", 1, 1, "", "expected a value, found the end of the input"),
        ("   \n  ", 2, 3, "", "found the end of the input"),
        ("{", 1, 2, "", "the object that starts at line 1, column 1 is not closed"),
        ("{\"size\":[10,10],}", 1, 16, "", "trailing comma before '}'"),
        ("{\"size\":[10,10,],\"layer\":{}}", 1, 15, "size", "trailing comma before ']'"),
        ("{\"size\":[10 10]}", 1, 13, "size", "expected ',' or ']' after an array element, found '1'"),
        ("{\"size\" [10,10]}", 1, 9, "", "expected ':' after the key \"size\", found '['"),
        ("{size:[10,10]}", 1, 2, "", "expected a key in double quotes, found 's'"),
        ("{'size':[10,10]}", 1, 2, "", "expected a key in double quotes, found '''"),
        ("{\"size\":[10,10]} x", 1, 18, "", "unexpected 'x' after the end of the document"),
        ("{\"size\":[NaN,10]}", 1, 10, "size[0]", "NaN and Infinity are not JSON numbers"),
        ("{\"size\":[-Infinity,10]}", 1, 11, "size[0]", "expected a digit after '-', found 'I'"),
        ("{\"size\":[010,10]}", 1, 10, "size[0]", "numbers cannot have leading zeros"),
        ("{\"size\":[1.,10]}", 1, 12, "size[0]", "expected a digit after '.', found ','"),
        ("{\"size\":[1e,10]}", 1, 12, "size[0]", "expected a digit in the exponent, found ','"),
        ("{\"size\":[+1,10]}", 1, 10, "size[0]", "expected a value, found '+'"),
        ("{\"size\":[.5,10]}", 1, 10, "size[0]", "expected a value, found '.'"),
        ("{\"size\":[0x10,10]}", 1, 11, "size", "expected ',' or ']' after an array element, found 'x'"),
        ("{\"size\":[10,10],\"layer\":{\"hidden\":tru}}", 1, 35, "layer.hidden", "expected 'true', found '}'"),
        ("{\"size\":[10,10],\"layer\":{\"hidden\":True}}", 1, 35, "layer.hidden", "expected a value, found 'T'"),
        ("{\"size\":[10,10],\n \"layer\":{\"name\":\"a\nb\"}}", 2, 20, "layer.name", "control character U+000A must be escaped"),
        ("{\"size\":[10,10],\"layer\":{\"name\":\"\\x\"}}", 1, 34, "layer.name", "invalid escape '\\x'"),
        ("{\"size\":[10,10],\"layer\":{\"name\":\"\\uD800\"}}", 1, 34, "layer.name", "unpaired surrogate \\uD800"),
        ("{\"size\":[10,10],\"layer\":{\"name\":\"\\u12\"}}", 1, 34, "layer.name", "four hexadecimal digits"),
        ("{\"size\":[10,10],\"layer\":{\"name\":\"abc", 1, 37, "layer.name", "the string that starts at line 1, column 33 is not closed"),
        ("{\"size\":[10,10],\"layer\":{\"name\":\"é\" \"x\"}}", 1, 37, "layer", "expected ',' or '}' after the value of \"name\", found '\"'"),
        ("[1,2]\u{00e9}", 1, 6, "", "unexpected U+00E9 'é' after the end of the document"),
        ("{\"size\":[10,10],\n\n   \"layer\":{\"sublayers\":[{\"zPosition\":},]}}", 3, 39, "layer.sublayers[0].zPosition", "expected a value, found '}'"),
    ]

    @Test(arguments: malformed.indices)
    func malformedJSONNamesTheLineColumnAndPath(index: Int) {
        let c = Self.malformed[index]
        do {
            _ = try Self.decode(c.text)
            Issue.record("accepted: \(c.text)")
        } catch {
            guard case let .invalidJSON(reason, line, column, path) = error else { Issue.record("\(c.text): \(error)"); return }
            #expect(line == c.line && column == c.column && path == c.path, "\(c.text): \(error)")
            #expect(reason.contains(c.reason), "\(c.text): \(reason)")
            #expect("\(error)".hasPrefix("scene is not valid JSON at line \(line), column \(column)"))
            #expect(!"\(error)".contains("\n"))
        }
    }

    @Test func invalidUTF8IsRefusedAtTheString() {
        var bytes = Array("{\"size\":[10,10],\"layer\":{\"name\":\"".utf8)
        bytes += [0xC3, 0x28, 0x22, 0x7D, 0x7D]
        #expect(throws: SceneError.invalidJSON(reason: "the string is not valid UTF-8", line: 1, column: 33, path: "layer.name")) {
            try Scene.decode(bytes)
        }
    }

    @Test func duplicateKeysAreErrorsNotFirstWins() {
        // The first value is valid, the second invalid: Foundation kept the first and ignored the rest.
        #expect(throws: SceneError.duplicateKey(path: "layer.opacity", line: 1, column: 40)) {
            try Self.decode("{\"size\":[10,10],\"layer\":{\"opacity\":0.5,\"opacity\":7}}")
        }
        #expect(throws: SceneError.duplicateKey(path: "size", line: 2, column: 1)) {
            try Self.decode("{\"size\":[10,10],\n\"size\":[20,20],\"layer\":{}}")
        }
        let message = "\(SceneError.duplicateKey(path: "layer.opacity", line: 1, column: 42))"
        #expect(message == "scene has a duplicate key 'layer.opacity' at line 1, column 42: each key may appear only once")
    }

    @Test func keysAreComparedByCodeUnitsAsRFC8259Says() throws {
        // "é" precomposed (NFC, U+00E9) and decomposed (NFD, e + U+0301) are different keys:
        // Swift's String calls them equal (canonical equivalence), RFC 8259 does not.
        let nfc = "\u{E9}", nfd = "e\u{301}"
        let bytes = Array("{\"\(nfc)\":1,\"\(nfd)\":2}".utf8)
        let value = try bytes.withUnsafeBufferPointer { buffer in Result { () throws(SceneError) in try JSONParser.parse(buffer) } }.get()
        guard case let .object(values, keys) = value else { Issue.record("not an object: \(value)"); return }
        #expect(values.count == 2 && keys.count == 2)
        #expect(keys.map { Array($0.utf8) } == [Array(nfc.utf8), Array(nfd.utf8)])
        // In a layer they are unknown keys, not duplicates.
        do {
            _ = try Self.decode("{\"size\":[10,10],\"layer\":{\"\(nfc)\":1,\"\(nfd)\":2}}")
            Issue.record("accepted")
        } catch {
            guard case let .unknownKey(path) = error else { Issue.record("\(error)"); return }
            #expect(path.hasPrefix("layer."), "\(error)")
        }
        // The same code units written twice, one of them escaped, are still one key twice.
        #expect(throws: SceneError.duplicateKey(path: "layer.\(nfc)", line: 1, column: 37)) {
            try Self.decode("{\"size\":[10,10],\"layer\":{\"\\u00e9\":1,\"\(nfc)\":2}}")
        }
    }

    @Test func aColourWithTooManyComponentsSaysSo() {
        #expect(throws: SceneError.invalidValue(path: "layer.backgroundColor", value: "5 numbers",
                                                reason: "a colour needs 3 or 4 components, [r, g, b] or [r, g, b, a]")) {
            try Self.decode("{\"size\":[10,10],\"layer\":{\"backgroundColor\":[1,0,0,1,1]}}")
        }
        #expect(throws: SceneError.invalidValue(path: "layer.borderColor", value: "2 numbers",
                                                reason: "a colour needs 3 or 4 components, [r, g, b] or [r, g, b, a]")) {
            try Self.decode("{\"size\":[10,10],\"layer\":{\"borderColor\":[1,0]}}")
        }
        // Not an array at all is still a wrong type.
        #expect(throws: SceneError.wrongType(path: "layer.backgroundColor", expected: "[r, g, b] or [r, g, b, a] with components 0…1", found: "a string")) {
            try Self.decode("{\"size\":[10,10],\"layer\":{\"backgroundColor\":\"red\"}}")
        }
    }

    @Test func numbersBeyondADoubleAreReportedAsOutOfRange() {
        #expect(throws: SceneError.numberOutOfRange(path: "layer.zPosition", text: "1e400", line: 1, column: 38)) {
            try Self.decode("{\"size\":[10,10],\"layer\":{\"zPosition\":1e400}}")
        }
        #expect(throws: SceneError.numberOutOfRange(path: "size[0]", text: "-2e308", line: 1, column: 10)) {
            try Self.decode("{\"size\":[-2e308,10],\"layer\":{}}")
        }
        let digits = String(repeating: "9", count: 400)
        do {
            _ = try Self.decode("{\"size\":[10,10],\"layer\":{\"anchorPointZ\":\(digits)}}")
            Issue.record("a 400-digit integer was accepted")
        } catch {
            #expect(error == .numberOutOfRange(path: "layer.anchorPointZ", text: "9999999999999999… (400 characters)", line: 1, column: 41))
            #expect("\(error)".contains("out of range") && !"\(error)".contains("String"), "\(error)")
        }
        // Large but finite, and too small to represent (read as 0), are numbers like any other.
        #expect(throws: Never.self) { try Self.decode("{\"size\":[10,10],\"layer\":{\"zPosition\":1e300,\"anchorPointZ\":1e-400}}") }
    }

    @Test func nestingIsBounded() {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(throws: SceneError.nestedTooDeeply(limit: JSONParser.maximumNesting, line: 1, column: JSONParser.maximumNesting + 1)) {
            try Self.decode(deep)
        }
        // A layer tree at its depth limit nests well within it.
        var text = "{}"
        for _ in 0..<(Layer.maximumDepth - 1) { text = "{\"sublayers\":[\(text)]}" }
        #expect(throws: Never.self) { try Self.decode("{\"size\":[10,10],\"layer\":\(text)}") }
    }

    @Test func opacityAndColourComponentsAreClampedLikeCoreAnimation() throws {
        let scene = try Self.decode("""
            {"size":[10,10],"layer":{"opacity":2,"backgroundColor":[1.5,-0.5,0.25,7],
             "sublayers":[{"opacity":-3},{"kind":"gradient","colors":[[2,0,0],[0,0,0,-1]]}]}}
            """)
        #expect(scene.root.opacity == 1)
        #expect(scene.root.backgroundColor == Color(red: 1, green: 0, blue: 0.25, alpha: 1))
        #expect(scene.root.sublayers[0].opacity == 0)
        #expect((scene.root.sublayers[1] as? GradientLayer)?.colors == [Color(red: 1, green: 0, blue: 0), Color(red: 0, green: 0, blue: 0, alpha: 0)])
        // Clamping is for finite values; anything non-finite is still refused with its path.
        #expect(throws: SceneError.numberOutOfRange(path: "layer.opacity", text: "1e999", line: 1, column: 36)) {
            try Self.decode("{\"size\":[10,10],\"layer\":{\"opacity\":1e999}}")
        }
    }

    @Test func aByteOrderMarkAndEveryEscapeAreAccepted() throws {
        let text = "\u{FEFF}{\"size\":[10,10],\"layer\":{\"name\":\"\\\"\\\\\\/\\b\\f\\n\\r\\t\\u00e9\\uD83D\\uDE00\"}}"
        let scene = try Self.decode(text)
        #expect(scene.root.name == "\"\\/\u{8}\u{c}\n\r\té😀")
    }

    @Test func aFIFOSceneIsRefusedWithoutBlocking() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("folio-scene-fifo-\(UUID().uuidString)").path
        #expect(mkfifo(path, 0o600) == 0)
        defer { unlink(path) }
        let start = ContinuousClock.now
        #expect(throws: SceneError.unreadable(path: path, reason: "it is a FIFO, not a regular file")) { try Scene.load(path: path) }
        #expect(ContinuousClock.now - start < .seconds(1))
        #expect(throws: SceneError.unreadable(path: "/dev/zero", reason: "it is a character device, not a regular file")) {
            try Scene.load(path: "/dev/zero")
        }
    }

    @Test func a100000LayerSceneLoadsInBoundedTime() throws {
        // The loader's own limit: root + one transform layer + 99,998 layers.
        var text = "{\"size\":[400,400],\"layer\":{\"sublayers\":[{\"kind\":\"transform\",\"sublayers\":["
        text += (0..<99_998).map { "{\"bounds\":[0,0,10,10],\"zPosition\":\($0 % 977)}" }.joined(separator: ",")
        text += "]}]}}"
        let clock = ContinuousClock()
        var scene: Scene?
        let elapsed = try clock.measure { scene = try Self.decode(text) }
        #expect(scene?.root.sublayers[0].sublayers.count == 99_998)
        #expect(elapsed < .seconds(60), "debug build on a shared machine: \(elapsed)")
        #expect(throws: SceneError.tooManyLayers(limit: Scene.maximumLayers)) {
            try Self.decode(text.replacingOccurrences(of: "\"sublayers\":[{\"bounds\"", with: "\"sublayers\":[{},{\"bounds\""))
        }
    }
}
