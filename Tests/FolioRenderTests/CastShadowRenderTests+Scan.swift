import XCTest
@testable import FolioRender

extension CastShadowRenderTests {
    /// What `scanShadow` read: umbra and penumbra pixels, the worst difference from the model
    /// and the worst the frame without the shadow would have (darkness, 0…1).
    struct ShadowScan {
        var umbra = 0, penumbra = 0
        var worst = 0.0, missing = 0.0
    }

    /// Reads the darkness of a white receiver (`darkness`) at every pixel of `rows` × `columns`
    /// of `image` and holds it to the model's `expected(x)` (x the pixel centre's view x, points)
    /// to 2/255; counts the pixels `isUmbra(x)` says lie in the umbra, and the others as
    /// penumbra. With `bare` (the same frame without the shadow) also how far off that frame
    /// is. `label` names the case in failures.
    static func scanShadow(_ image: Image, bare: Image? = nil, rows: [Int], columns: ClosedRange<Int>, label: String,
                           expected: (Double) -> Double, isUmbra: (Double) -> Bool,
                           file: StaticString = #filePath, line: UInt = #line) -> ShadowScan {
        var scan = ShadowScan()
        for y in rows {
            for x in columns {
                let vx = (Double(x) + 0.5) / scale
                let model = expected(vx)
                let actual = darkness(image, x, y)
                scan.worst = max(scan.worst, abs(actual - model))
                if let bare { scan.missing = max(scan.missing, abs(darkness(bare, x, y) - model)) }
                XCTAssertEqual(actual, model, accuracy: 2.0 / 255, "\(label), pixel (\(x), \(y)): \(actual * 255) vs \(model * 255) /255",
                               file: file, line: line)
                if isUmbra(vx) { scan.umbra += 1 } else { scan.penumbra += 1 }
            }
        }
        return scan
    }
}
