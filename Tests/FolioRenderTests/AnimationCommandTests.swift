import Foundation
import XCTest
@testable import FolioCLI
import FolioRender

/// `folio render --out *.webp`: the whole motion as an animation a browser plays.
final class AnimationCommandTests: XCTestCase {
    func testAWebPOutputHoldsTheMotionForwardAndBack() throws {
        let command = try RenderCommand.parse(["--effect", "fold", "--size", "60x80", "--frames", "5", "--duration", "0.4",
                                               "--quality", "lossless", "--out", "unused.webp"])
        let data = try MainActor.assumeIsolated { try command.animation() }
        let decoded = try AnimatedWebPTests.decode(data)
        XCTAssertEqual(decoded.width, 60)
        XCTAssertEqual(decoded.loops, 0, "loops forever")
        // 5 frames forward, 3 back; the end frames are held 0.5 s, the others 0.1 s each.
        XCTAssertEqual(decoded.frames.count, 8)
        XCTAssertEqual(decoded.frames.map(\.endMs), [500, 600, 700, 800, 1300, 1400, 1500, 1600])
        // Frames 2 and 6 are the same moment of the motion, going and coming back.
        XCTAssertEqual(decoded.frames[1].pixels, decoded.frames[7].pixels)
        XCTAssertNotEqual(decoded.frames[0].pixels, decoded.frames[4].pixels)
    }

    func testAnimationOptionsAreCheckedUpFront() {
        for arguments in [["--progress", "0.5"], ["--frames", "1"], ["--duration", "0"], ["--quality", "good"]] {
            XCTAssertThrowsError(try RenderCommand.parse(["--effect", "flip", "--out", "a.webp"] + arguments), "\(arguments)")
        }
        XCTAssertNoThrow(try RenderCommand.parse(["--effect", "flip", "--out", "a.png", "--progress", "0.5"]))
    }
}
