import XCTest
import FolioGeometry
import FolioTransitions
@testable import FolioRender
@testable import FolioCLI

/// Sizes are checked against the GL device's real limits and the free memory before anything
/// is allocated, with errors that name the limit.
final class RenderLimitsTests: XCTestCase {
    func testTheLimitsAreTheDevicesOwn() {
        // XCTest runs this on the main thread, where GL lives.
        MainActor.assumeIsolated {
            let limits = SharedRenderer.offscreen.limits
            SharedRenderer.offscreen.context.makeCurrent()
            XCTAssertEqual(limits, RenderLimits.query())
            // GL 3.3 core guarantees at least these.
            XCTAssertGreaterThanOrEqual(limits.maximumTextureSize, 1024)
            XCTAssertGreaterThanOrEqual(limits.maximumRenderbufferSize, 1024)
            XCTAssertGreaterThanOrEqual(limits.maximumSamples, 4)
            XCTAssertGreaterThanOrEqual(limits.maximumViewportWidth, limits.maximumRenderbufferSize)
        }
    }

    func testTargetsBeyondTheDeviceAreRefusedNamingTheLimit() throws {
        // XCTest runs this on the main thread, where GL lives.
        try MainActor.assumeIsolated {
            let limits = SharedRenderer.offscreen.limits
            let side = limits.maximumRenderbufferSize
            XCTAssertThrowsError(try limits.checkTarget(width: side + 1, height: 10)) {
                XCTAssertEqual($0 as? RenderError, .exceedsDeviceLimit(what: "render target", width: side + 1, height: 10,
                                                                       limit: "GL_MAX_RENDERBUFFER_SIZE", value: side))
            }
            XCTAssertNoThrow(try limits.checkTarget(width: side, height: 16))
            XCTAssertThrowsError(try limits.checkTarget(width: 0, height: 10))
            // The same check guards RenderTarget itself, before any GL allocation.
            XCTAssertThrowsError(try RenderTarget(width: side + 1, height: 4))
        }
    }

    func testMultisampledTargetsPastTheLargestBufferAreRefusedBeforeTheDriverFails() {
        // llvmpipe accepted 11584² × 4 samples and failed at 11585² only once the target was
        // attached, after seconds and gigabytes; the 64-pixel tiles explain the step.
        let limits = RenderLimits(maximumTextureSize: 16384, maximumRenderbufferSize: 16384, maximumSamples: 4,
                                  maximumViewportWidth: 16384, maximumViewportHeight: 16384)
        XCTAssertNoThrow(try limits.checkTarget(width: 11584, height: 11584, samples: 4))
        XCTAssertThrowsError(try limits.checkTarget(width: 11585, height: 11585, samples: 4)) {
            XCTAssertEqual($0 as? RenderError, .exceedsBufferLimit(width: 11585, height: 11585, samples: 4,
                                                                   bytes: 11648 * 11648 * 16, limit: Int(Int32.max)))
            XCTAssertTrue("\($0)".contains("or antialiasing other than msaa"), "\($0)")
        }
        XCTAssertNoThrow(try limits.checkTarget(width: 11585, height: 11585, samples: 1))
    }

    func testTexturesBeyondTheDeviceAreRefused() throws {
        // XCTest runs this on the main thread, where GL lives.
        try MainActor.assumeIsolated {
            let limits = SharedRenderer.offscreen.limits
            XCTAssertThrowsError(try limits.checkTexture(width: 3, height: limits.maximumTextureSize + 1, what: "image 'a.png'")) {
                XCTAssertTrue("\($0)".hasPrefix("image 'a.png' of 3x\(limits.maximumTextureSize + 1) pixels exceeds this GL device's GL_MAX_TEXTURE_SIZE"), "\($0)")
            }
        }
    }

    func testPixelSizesAreCheckedBeforeConvertingToIntegers() {
        for (w, h) in [(Double.nan, 10.0), (10, .infinity), (-3, 10), (0.2, 10), (1e300, 1)] {
            XCTAssertThrowsError(try RenderLimits.pixelSize(Size(width: w, height: h), scale: 1), "\(w)x\(h)") { error in
                guard case .invalidPixelSize? = error as? RenderError else { return XCTFail("\(error)") }
            }
        }
        XCTAssertEqual(try RenderLimits.pixelSize(Size(width: 99.6, height: 10), scale: 2).width, 199)
    }

    func testJobsBeyondTheFreeMemoryAreRefused() {
        let available = RenderLimits.availableMemory()
        XCTAssertGreaterThan(available, 1 << 20)
        XCTAssertThrowsError(try RenderLimits.checkMemory(available + (1 << 30), for: "a test job")) { error in
            XCTAssertTrue("\(error)".hasPrefix("a test job needs about"), "\(error)")
        }
        XCTAssertNoThrow(try RenderLimits.checkMemory(1 << 20, for: "a small job"))
        XCTAssertEqual(RenderLimits.format(bytes: 3 << 30), "3.0 GiB")
        XCTAssertEqual(RenderLimits.format(bytes: 512), "512 bytes")
    }

    func testTheOffscreenRendererRefusesAnOversizedFrameAndKeepsWorking() throws {
        // XCTest runs this on the main thread, where GL lives.
        try MainActor.assumeIsolated {
            let offscreen = SharedRenderer.offscreen
            let fold = try FoldTransition(size: Size(width: 100_000, height: 10))
            XCTAssertThrowsError(try offscreen.draw(fold.root, size: Size(width: 100_000, height: 10), scale: 1)) { error in
                guard case .exceedsDeviceLimit? = error as? RenderError else { return XCTFail("\(error)") }
            }
            let small = try FoldTransition(size: Size(width: 40, height: 60))
            let image = try offscreen.render(small.root, size: Size(width: 40, height: 60), scale: 1)
            XCTAssertEqual(image.width, 40)
        }
    }

    func testSoakRefusesAHugeSizeBeforeDrawingAnyPage() throws {
        // XCTest runs this on the main thread, where GL lives.
        try MainActor.assumeIsolated {
            let command = try SoakCommand.parse(["--size", "100000x100000", "--frames", "100"])
            let start = Date()
            XCTAssertThrowsError(try command.report()) { error in
                XCTAssertTrue("\(error)".contains("GL_MAX_RENDERBUFFER_SIZE"), "\(error)")
            }
            XCTAssertLessThan(Date().timeIntervalSince(start), 5)
        }
    }
}
