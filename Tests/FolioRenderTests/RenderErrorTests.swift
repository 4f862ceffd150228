import XCTest
@testable import FolioRender

/// GL failures surface as typed errors carrying the driver's own words.
final class RenderErrorTests: XCTestCase {
    func testBrokenShadersReportTheDriverLog() throws {
        MainActor.assumeIsolated { _ = SharedRenderer.offscreen } // a current context
        let broken = "#version 330 core\nout vec4 c;\nvoid main() { c = vec4(undeclared, 1.0); }\n"
        XCTAssertThrowsError(try ShaderProgram(vertex: ShaderSource.quadVert, fragment: broken, names: ("v", "broken.frag"))) { error in
            guard case let .shaderCompile(name, log)? = error as? RenderError else { return XCTFail("\(error)") }
            XCTAssertEqual(name, "broken.frag")
            XCTAssertTrue(log.contains("undeclared"), log)
        }
        // Compiles (a shader may lack main) but cannot link.
        let noMain = "#version 330 core\nout vec4 c;\nvoid helper() { c = vec4(1.0); }\n"
        XCTAssertThrowsError(try ShaderProgram(vertex: ShaderSource.quadVert, fragment: noMain, names: ("v", "f"))) { error in
            guard case .shaderLink? = error as? RenderError else { return XCTFail("\(error)") }
        }
    }

    func testImpossibleTargetSizesAreRejected() throws {
        try MainActor.assumeIsolated {
            _ = SharedRenderer.offscreen
            XCTAssertThrowsError(try RenderTarget(width: 0, height: 10)) { error in
                XCTAssertEqual(error as? RenderError, .invalidPixelSize(width: 0, height: 10, limit: Image.maximumSide))
            }
            XCTAssertThrowsError(try RenderTarget(width: 10, height: Image.maximumSide + 1))
        }
    }

    func testTheShippedShadersCompileAndLink() throws {
        MainActor.assumeIsolated { _ = SharedRenderer.offscreen }
        XCTAssertNoThrow(try ShaderProgram(vertex: ShaderSource.quadVert, fragment: ShaderSource.quadFrag, names: ("quad.vert", "quad.frag")))
    }
}
