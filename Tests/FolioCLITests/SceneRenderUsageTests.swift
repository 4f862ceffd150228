import ArgumentParser
import Testing
@testable import FolioCLI

/// `folio render --scene`: what the command line accepts before any GL work (the pixels are
/// checked in FolioRenderTests, which has a display).
@Suite struct SceneRenderUsageTests {
    static func status(_ arguments: [String]) -> Int32? {
        do {
            _ = try FolioCommand.parseAsRoot(arguments)
            return nil
        } catch {
            return FolioCommand.exitCode(for: error).rawValue
        }
    }

    @Test func aSceneNeedsNoEffectAndTakesTheSharedRenderOptions() throws {
        let command = try #require(try FolioCommand.parseAsRoot(
            ["render", "--scene", "s.json", "--size", "64x32", "--scale", "2", "--aa", "msaa", "--background", "102030", "--out", "x.png"])
            as? RenderCommand)
        #expect(command.scene == "s.json" && command.options.sizeOption == "64x32" && command.options.scale == 2)
        #expect(try FolioCommand.parseAsRoot(["render", "--scene", "s.json", "--out", "x.png", "--allow-approximate-order"]) is RenderCommand)
    }

    /// Each mix the command refuses as a usage error (exit 64), with a word of its message.
    static let refused: [([String], String)] = [
        (["render", "--scene", "s.json", "--effect", "fold", "--out", "x.png"], "not both"),
        (["render", "--scene", "s.json", "--progress", "0.5", "--out", "x.png"], "--progress"),
        (["render", "--scene", "s.json", "--style", "cubic", "--m34", "-0.001", "--out", "x.png"], "--style, --m34"),
        (["render", "--scene", "s.json", "--leaf", "0:0.5", "--out", "x.png"], "--leaf"),
        (["render", "--scene", "s.json", "--no-shadows", "--out", "x.png"], "--no-shadows"),
        (["render", "--scene", "s.json", "--from", "a.png", "--to", "b.png", "--out", "x.png"], "contents"),
        (["render", "--scene", "s.json", "--time", "1", "--out", "x.webp"], "drop --time"),
        (["render", "--scene", "s.json", "--frame", "f.bin", "--out", "x.webp"], "drop --frame"),
        (["render", "--scene", "s.json", "--size", "big", "--out", "x.png"], "--size"),
        (["render", "--scene", "s.json", "--aa", "super", "--out", "x.png"], "--aa"),
        (["render", "--out", "x.png"], "--effect"),
        (["render", "--effect", "fold", "--allow-approximate-order", "--out", "x.png"], "--scene"),
        (["geometry"], "--effect"),
        (["geometry", "--progress", "0.5"], "--effect"),
    ]

    @Test(arguments: refused.indices)
    func effectOptionsAndASceneDoNotMix(index: Int) {
        let (arguments, fragment) = Self.refused[index]
        #expect(Self.status(arguments) == 64, "\(arguments)")
        do { _ = try FolioCommand.parseAsRoot(arguments) } catch {
            #expect(FolioCommand.message(for: error).contains(fragment), "\(arguments): \(FolioCommand.message(for: error))")
        }
    }

    @Test func effectsStillParseAsBefore() {
        #expect(Self.status(["render", "--effect", "flip", "--out", "x.png"]) == nil)
        #expect(Self.status(["geometry", "--effect", "fold", "--size", "100x200"]) == nil)
    }
}
