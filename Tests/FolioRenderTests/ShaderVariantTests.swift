import XCTest
@testable import FolioRender
import FolioTessellation

/// Each shader variant is the shared source with a few `#define`s, built on first use.
final class ShaderVariantTests: XCTestCase {
    /// Every feature alone, every coverage with all features, and what the effects use.
    static var lattice: [ShaderVariant] {
        var variants: [ShaderVariant] = []
        let coverages: [ShaderVariant.Coverage] = [.full, .edges(4), .edges(8), .slitEdges, .clippedEdges, .border]
        for coverage in coverages {
            variants.append(ShaderVariant(coverage: coverage))
            for texture in [ShaderVariant.Texture.premultiplied, .straight] {
                for flipped in [false, true] {
                    variants.append(ShaderVariant(texture: texture, textureFlipped: flipped, coverage: coverage))
                }
            }
            variants.append(ShaderVariant(background: true, coverage: coverage))
            for stops in [1, 2, 3, 8] {
                variants.append(ShaderVariant(gradientStops: stops, coverage: coverage))
                variants.append(ShaderVariant(texture: .premultiplied, background: true, overlayStops: stops, coverage: coverage))
            }
            variants.append(ShaderVariant(texture: .straight, textureFlipped: true, background: true, gradientStops: 8, overlayStops: 8, coverage: coverage))
            // The front seen through the paper (a surface's back), plain and lit.
            variants.append(ShaderVariant(texture: .premultiplied, background: true, contentsFade: true, coverage: coverage))
            variants.append(ShaderVariant(texture: .straight, background: true, contentsFade: true, overlayStops: 2, coverage: coverage, light: true))
            // Paper light, alone and with everything.
            variants.append(ShaderVariant(background: true, coverage: coverage, light: true))
            variants.append(ShaderVariant(texture: .straight, textureFlipped: true, background: true, gradientStops: 8, overlayStops: 8,
                                          coverage: coverage, light: true))
        }
        // The cast shadow's soft-edge coverage (QuadRenderer+CastShadow.swift).
        for coverage in [ShaderVariant.Coverage.full, .edges(4), .edges(8)] { variants.append(ShaderVariant(coverage: coverage, shadowBlur: true)) }
        // A raised receiver's casters in one draw (DrawList+RaisedShadow.swift).
        for casters in 1...CastShadowList.maximumReceiverCasters { variants.append(ShaderVariant(receiverCasters: casters)) }
        return variants
    }

    func testEveryFeatureCombinationThatTheLatticeNamesCompilesAndLinks() throws {
        try MainActor.assumeIsolated {
            _ = SharedRenderer.offscreen // a current context
            let programs = ShaderPrograms()
            for variant in Self.lattice {
                XCTAssertNoThrow(try programs.program(for: variant), variant.name)
            }
            XCTAssertEqual(programs.count, Set(Self.lattice).count)
            // Built once: asking again returns the same program.
            let v = ShaderVariant(texture: .premultiplied, overlayStops: 2, coverage: .edges(4))
            XCTAssertTrue(try programs.program(for: v) === programs.program(for: v))
        }
    }

    func testEveryDefineAVariantSetsIsOneTheShadersRead() {
        let sources = ShaderSource.quadVert + ShaderSource.quadFrag
        var names = Set<String>()
        for variant in Self.lattice {
            for line in variant.defines.split(separator: "\n") {
                let name = String(line.split(separator: " ")[1])
                names.insert(name)
                XCTAssertTrue(sources.contains("defined(\(name))") || sources.contains("#ifdef \(name)") || sources.contains("#if \(name)"),
                              "\(name) is defined by ShaderVariant but never tested in Shaders/quad.*")
            }
        }
        XCTAssertEqual(names, ["TEXTURE", "TEXTURE_STRAIGHT", "TEXTURE_FLIPPED", "BACKGROUND", "GRADIENT_STOPS", "OVERLAY_STOPS", "EDGE_SLOTS", "EDGE_PARTNERS", "EDGE_CLIPS", "BORDER", "LIGHT", "SHADOW_BLUR", "CONTENTS_FADE",
                              "RECEIVER_CASTERS"])
    }

    func testDefinesGoRightAfterTheVersionLine() {
        let v = ShaderVariant(texture: .premultiplied, background: true, coverage: .edges(4))
        let lines = v.specialize(ShaderSource.quadFrag).split(separator: "\n", omittingEmptySubsequences: false)
        XCTAssertEqual(lines[0], "#version 330 core")
        XCTAssertEqual(Array(lines[1...3]), ["#define TEXTURE 1", "#define BACKGROUND 1", "#define EDGE_SLOTS 4"])
        XCTAssertEqual(v.name, "TEXTURE 1 BACKGROUND 1 EDGE_SLOTS 4")
    }

    /// A variant the driver rejects is reported with the variant's defines and not rebuilt.
    func testAVariantThatFailsToBuildIsReportedOnceByName() throws {
        try MainActor.assumeIsolated {
            _ = SharedRenderer.offscreen
            let programs = ShaderPrograms()
            // 40 edge slots need more attributes than GL 3.3 guarantees (and Folio sends).
            let impossible = ShaderVariant(coverage: .edges(40))
            XCTAssertThrowsError(try programs.program(for: impossible)) { error in
                guard case let .shaderCompile(name, _)? = error as? RenderError else {
                    if case .shaderLink? = error as? RenderError { return }
                    return XCTFail("\(error)")
                }
                XCTAssertTrue(name.contains("EDGE_SLOTS 40"), name)
            }
            XCTAssertThrowsError(try programs.program(for: impossible))
            XCTAssertEqual(programs.count, 0)
        }
    }
}
