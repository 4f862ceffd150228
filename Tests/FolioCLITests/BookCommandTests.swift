import ArgumentParser
import Foundation
import Testing
@testable import FolioCLI
import FolioCLISupport

/// `folio geometry --effect book` (docs/command-line.md): every visible quad of the book in draw order,
/// pages as page<N>, leaves in flight as leaf<INDEX>.front/.back, same quad schema.
@Suite struct BookCommandTests {
    static func geometry(_ arguments: [String]) throws -> GeometryCommand.Report {
        let command = try FolioCommand.parseAsRoot(["geometry", "--effect", "book"] + arguments)
        return try #require(command as? GeometryCommand).report()
    }

    @Test func aBookAtRestShowsItsFirstOpening() throws {
        let single = try Self.geometry([])
        #expect(single.effect == "book" && single.size == [320, 480] && single.pageCount == 8 && single.layout == "single")
        #expect(single.quads.map(\.name) == ["page0", "page0.shadow", "page0", "page0.shadow"], "both halves of page 0")
        let spread = try Self.geometry(["--layout", "spread", "--size", "640x480"])
        #expect(spread.quads.map(\.name) == ["page0", "page0.shadow"], "the cover alone on the right")
        #expect(spread.quads[0].corners == [[320, 0], [640, 0], [640, 480], [320, 480]])
    }

    @Test func leavesInFlightAreNamedAndInDrawOrder() throws {
        let r = try Self.geometry(["--layout", "spread", "--size", "640x480", "--page-count", "12",
                                   "--leaf", "2:0.8", "--leaf", "3:0.55", "--leaf", "4:0.3", "--leaf", "5:0.1"])
        let names = r.quads.map(\.name).filter { !$0.hasSuffix(".shadow") }
        // Lying flat: page 3 (back of leaf 1) and page 12 does not exist; leaves 4 and 5 show
        // their fronts, leaves 2 and 3 their backs (past 90°).
        #expect(Set(names) == ["page3", "leaf2.back", "leaf3.back", "leaf4.front", "leaf5.front"], "\(names)")
        #expect(r.leaves == [.init(index: 2, progress: 0.8), .init(index: 3, progress: 0.55), .init(index: 4, progress: 0.3), .init(index: 5, progress: 0.1)])
        // Draw order: what is nearer comes later — leaf 4's front lies over leaf 5's.
        #expect(names.firstIndex(of: "leaf5.front")! < names.firstIndex(of: "leaf4.front")!)
        #expect(names.firstIndex(of: "leaf2.back")! < names.firstIndex(of: "leaf3.back")!)
        for q in r.quads {
            #expect(q.corners.count >= 3 && q.corners.count == q.depth.count && q.visible)
            #expect(q.name.hasSuffix(".shadow") ? q.shadowOpacity == nil : q.shadowOpacity != nil)
        }
        let json = try JSONOutput.string(r)
        #expect(json.hasPrefix("{\"direction\":\"ltr\",\"effect\":\"book\"") && !json.contains("nan"))
    }

    @Test func oneLeafOfASinglePageBookPrintsTheFlipsCorners() throws {
        for p in ["0.125", "0.7"] {
            let book = try Self.geometry(["--page-count", "2", "--leaf", "0:\(p)"])
            let command = try #require(try FolioCommand.parseAsRoot(["geometry", "--effect", "flip", "--progress", p]) as? GeometryCommand)
            let flip = try command.report()
            let name = Double(p)! < 0.5 ? "front" : "back"
            let expected = try #require(flip.quads.first { $0.name == name })
            let got = try #require(book.quads.first { $0.name == "leaf0.\(name)" })
            for (a, b) in zip(expected.corners, got.corners) {
                #expect(abs(a[0] - b[0]) < 1e-9 && abs(a[1] - b[1]) < 1e-9, "p=\(p): \(a) vs \(b)")
            }
            #expect(book.m34 == flip.m34)
        }
    }

    @Test func directionsAndEffectsAreAccepted() throws {
        for direction in ["ltr", "rtl", "ttb"] {
            for effect in ["flip", "fold", "curl", "accordion"] {
                let r = try Self.geometry(["--direction", direction, "--leaf-effect", effect, "--hard-cover", "--leaf", "0:0.4", "--leaf", "1:0.2"])
                #expect(r.direction == direction && r.leafEffect == effect && r.hardCover == true && !r.quads.isEmpty)
            }
        }
        let cover = try Self.geometry(["--hard-cover", "--leaf", "0:0.5"])
        #expect(cover.quads.contains { $0.name == "leaf0.edge" }, "a board shows its edge standing up")
    }

    @Test func accordionLeavesFoldThePanelsGiven() throws {
        let r = try Self.geometry(["--layout", "spread", "--size", "800x560", "--leaf-effect", "accordion",
                                   "--panels", "208,144,176,112,160", "--leaf", "1:0.4"])
        #expect(r.leafEffect == "accordion")
        // Panels named after the pages they show: page 1 | leaf 1's front folding away over
        // leaf 1's back | page 4 lying flat; the shading with them.
        let names = Set(r.quads.map(\.name))
        #expect(names == ["page1", "page1.shadow", "leaf1.front", "leaf1.front.shadow", "leaf1.back", "page4"], "\(names)")
        // Five panels: three show page 1 (the third only up to the spine), three leaf 1's front.
        let outgoing = r.quads.filter { $0.name == "page1" || $0.name == "leaf1.front" }
        #expect(outgoing.count >= 6, "\(outgoing.count)")
        // The panels fold toward the left edge, which stays put.
        #expect(r.quads.contains { $0.name == "page1" && abs($0.corners[0][0]) < 1e-9 })
        let vertical = try Self.geometry(["--layout", "spread", "--size", "800x560", "--leaf-effect", "accordion", "--vertical", "--leaf", "1:0.4"])
        #expect(vertical.quads.contains { $0.name == "page1" && abs($0.corners[0][1]) < 1e-9 }, "top to bottom, the top edge put")
    }

    static let badArguments: [([String], Int32, String)] = [
        (["--leaf", "9:0.5"], 1, "leaf 9"),
        (["--leaf", "-1:0.5"], 1, "leaf -1"),
        (["--leaf", "1:0.5", "--leaf", "1:0.2"], 1, "twice"),
        (["--leaf", "0:1.5"], 1, "1.5"),
        (["--leaf", "0:-0.1"], 1, "-0.1"),
        (["--leaf", "0:nan"], 1, "nan"),
        (["--page-count", "0"], 1, "page count 0"),
        (["--page-count", "1", "--leaf", "0:0.5"], 1, "no leaf"),
        (["--size", "0x480"], 1, "0.0"),
        (["--m34", "-0.1"], 1, "eye"),
        (["--leaf", "x"], 64, "'x'"),
        (["--leaf", "1:"], 64, "'1:'"),
        (["--layout", "diagonal"], 64, "diagonal"),
        (["--direction", "up"], 64, "up"),
        (["--leaf-effect", "spiral"], 64, "spiral"),
        (["--progress", "0.5"], 64, "--leaf"),
        (["--style", "cubic"], 64, "--style"),
        (["--panels", "1,2"], 64, "--panels"),
        (["--leaf-effect", "fold", "--vertical"], 64, "--vertical"),
        (["--leaf-effect", "accordion", "--panels", "1"], 1, "2...256 panel widths"),
        (["--leaf-effect", "accordion", "--panels", "1,x"], 64, "'x'"),
    ]

    @Test(arguments: badArguments.indices)
    func badCombinationsFailWithOneClearLine(index: Int) {
        let (arguments, status, fragment) = Self.badArguments[index]
        do {
            _ = try Self.geometry(arguments)
            Issue.record("\(arguments) was accepted")
        } catch {
            #expect(FolioCommand.exitCode(for: error).rawValue == status, "\(arguments): \(error)")
            let message = FolioCommand.message(for: error)
            #expect(message.contains(fragment) && !message.contains("\n"), "\(arguments): \(message)")
        }
    }

    @Test func bookOptionsNeedTheBookEffect() {
        #expect(throws: (any Error).self) { try FolioCommand.parseAsRoot(["geometry", "--effect", "flip", "--leaf", "0:0.5"]) }
        #expect(throws: (any Error).self) { try FolioCommand.parseAsRoot(["render", "--effect", "book", "--from", "a.png", "--to", "b.png", "--out", "x.png"]) }
    }
}
