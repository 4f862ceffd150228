import XCTest
import FolioLayers
import FolioRender

/// Uploads beyond the device's `GL_MAX_TEXTURE_SIZE` are refused with an error naming the size
/// and the limit, and leave the handle's earlier texture in place.
final class TextureLimitTests: XCTestCase {
    func testAnImageWiderThanTheDeviceAllowsIsRefusedNamingSizeAndLimit() throws {
        try MainActor.assumeIsolated {
            let r = SharedRenderer.offscreen
            let limit = r.limits.maximumTextureSize
            let handle = ContentHandle(9_001)
            try r.renderer.setImage(Image(width: 2, height: 2, fill: (1, 2, 3, 255)), for: handle)
            XCTAssertThrowsError(try r.renderer.setImage(Image(width: limit + 1, height: 1, fill: (9, 9, 9, 255)), for: handle)) { error in
                XCTAssertEqual(error as? RenderError, .exceedsDeviceLimit(what: "image for content handle 9001", width: limit + 1, height: 1,
                                                                         limit: "GL_MAX_TEXTURE_SIZE", value: limit))
                XCTAssertTrue("\(error)".contains("\(limit + 1)") && "\(error)".contains("\(limit)"), "\(error)")
            }
            // The earlier texture stays.
            XCTAssertEqual(r.renderer.textureSize(for: handle)?.width, 2)
            r.renderer.removeImage(for: handle)
        }
    }

    func testRawPixelsTallerThanTheDeviceAllowsAreRefused() throws {
        try MainActor.assumeIsolated {
            let r = SharedRenderer.offscreen
            let limit = r.limits.maximumTextureSize
            let bytes = [UInt8](repeating: 255, count: (limit + 1) * 4)
            XCTAssertThrowsError(try bytes.withUnsafeBytes { raw in
                try r.renderer.setPixels(raw, width: 1, height: limit + 1, bytesPerRow: 4, premultiplied: true, for: ContentHandle(9_002))
            }) { error in
                guard case let .exceedsDeviceLimit(_, width, height, name, value)? = error as? RenderError else {
                    return XCTFail("\(error)")
                }
                XCTAssertEqual([width, height, value], [1, limit + 1, limit])
                XCTAssertEqual(name, "GL_MAX_TEXTURE_SIZE")
            }
            XCTAssertNil(r.renderer.textureSize(for: ContentHandle(9_002)))
        }
    }
}
