import CGL
import FolioBook
import XCTest
@testable import FolioRender
import FolioTessellation
import FolioTransitions

/// What a later opaque polygon hides is not drawn, and no pixel changes for it.
final class OcclusionTests: XCTestCase {
    let size = Size(width: 320, height: 480)

    func flip(_ progress: Double, style: FlipStyle = []) throws -> FlipTransition {
        let flip = try FlipTransition(size: size, style: style, source: ContentHandle(1), destination: ContentHandle(2))
        try flip.setProgress(progress)
        return flip
    }

    /// Pixels drawn (triangle area) over the view's, with and without occlusion cuts.
    func overdraw(_ t: any Transition, _ mode: AntialiasingMode, cuts: Bool) -> Double {
        let e = LayerEvaluator()
        e.evaluate(t.root)
        var list = DrawList()
        list.cutsHiddenParts = cuts
        // Both pages opaque, as the sample pages are.
        let frame = Frame(recording: e)
        list.build(frame, scale: 1, pixelWidth: Int(size.width), pixelHeight: Int(size.height), mode: mode.triangulation,
                   isOpaque: { $0.opacity == 1 && frame.record(of: $0).paint.contents != nil }) { _ in (1, 1) }
        return list.rasterizedArea() / (size.width * size.height)
    }

    func testTheFlipDrawsTheStaticPageUnderTheTurningLeafOnlyWhereTheLeafLeavesItBare() throws {
        for mode in [AntialiasingMode.analytic, .none, .msaa, .border] {
            for p in [0.1, 0.9] {
                let t = try flip(p)
                let whole = overdraw(t, mode, cuts: false), cut = overdraw(t, mode, cuts: true)
                XCTAssertGreaterThan(whole, 1.4, "\(mode) p=\(p): the leaf lies over half the view")
                XCTAssertLessThan(cut, 1.05, "\(mode) p=\(p): what the leaf hides is drawn")
            }
            // Part way, the leaf hides part of the page under it.
            for p in [0.25, 0.35, 0.65, 0.75] {
                let t = try flip(p)
                let whole = overdraw(t, mode, cuts: false), cut = overdraw(t, mode, cuts: true)
                print("flip \(mode) p=\(p): overdraw \(whole) without cuts, \(cut) with")
                XCTAssertLessThan(cut, whole - 0.1, "\(mode) p=\(p): the part of the page under the leaf is drawn")
            }
            // Edge-on, the leaf hides nothing worth a cut.
            let t = try flip(0.5)
            XCTAssertEqual(overdraw(t, mode, cuts: false), overdraw(t, mode, cuts: true), accuracy: 1e-9)
        }
    }

    /// Renders `t` with and without cuts and counts the pixels that differ, failing on any that
    /// differs by more than `tolerance` (0…255).
    @discardableResult
    func compareCuts(_ t: any Transition, _ mode: AntialiasingMode, scale: Double = 1, samplePages: Bool = false, coarse: Int = 1,
                     tolerance: Int = 0, expectCut: Bool = true, file: StaticString = #filePath, line: UInt = #line) throws -> Int {
        nonisolated(unsafe) let root = t.root // XCTest runs on the main thread
        let size = self.size
        let (cut, whole, saved) = try MainActor.assumeIsolated {
            let r = SharedRenderer.offscreen
            let (w, h) = (Int(size.width * scale) / coarse, Int(size.height * scale) / coarse)
            if samplePages {
                try r.renderer.setImage(SamplePages.page(1, width: w, height: h), for: ContentHandle(1))
                try r.renderer.setImage(SamplePages.page(2, width: w, height: h), for: ContentHandle(2))
            } else {
                try r.renderer.setImage(TestPages.solid((230, 40, 40), width: w, height: h), for: ContentHandle(1))
                try r.renderer.setImage(TestPages.solid((40, 60, 230), width: w, height: h), for: ContentHandle(2))
            }
            defer { r.renderer.list.cutsHiddenParts = true }
            r.renderer.list.cutsHiddenParts = true
            let cut = try r.render(root, size: size, scale: scale, antialiasing: mode, background: Color(red: 0.2, green: 0.2, blue: 0.25))
            let cutArea = r.renderer.list.rasterizedArea()
            r.renderer.list.cutsHiddenParts = false
            let whole = try r.render(root, size: size, scale: scale, antialiasing: mode, background: Color(red: 0.2, green: 0.2, blue: 0.25))
            return (cut, whole, r.renderer.list.rasterizedArea() - cutArea)
        }
        if expectCut { XCTAssertGreaterThan(saved, 1000, "\(mode) @\(scale)x: the cut removes what the leaf hides", file: file, line: line) }
        var differing = 0, failures = 0
        for y in 0..<cut.height {
            for x in 0..<cut.width {
                let (a, b) = (cut.pixel(x, y), whole.pixel(x, y))
                guard a != b else { continue }
                differing += 1
                let worst = max(abs(Int(a.r) - Int(b.r)), abs(Int(a.g) - Int(b.g)), abs(Int(a.b) - Int(b.b)), abs(Int(a.a) - Int(b.a)))
                if worst > tolerance {
                    failures += 1
                    if failures <= 3 { XCTFail("\(mode) @\(scale)x: pixel (\(x), \(y)) is \(a) with the cut, \(b) without", file: file, line: line) }
                }
            }
        }
        return differing
    }

    /// Solid pages, no shadows: every colour comes from the pages and the coverage, so the cut
    /// must leave every pixel exactly as it was.
    func testCuttingAwayWhatTheLeafHidesChangesNoPixel() throws {
        for style in [FlipStyle(), .backward, .vertical] {
            for p in [0.05, 0.1, 0.2, 0.3, 0.4, 0.6, 0.7, 0.8, 0.9, 0.95] {
                let t = try flip(p, style: style)
                t.showsShadows = false
                try t.setProgress(p)
                for mode in [AntialiasingMode.analytic, .none, .msaa, .border] { try compareCuts(t, mode, expectCut: abs(p - 0.5) > 0.15) }
            }
        }
        for (p, style) in [(0.3, FlipStyle()), (0.85, .vertical)] {
            let t = try flip(p, style: style)
            t.showsShadows = false
            try t.setProgress(p)
            try compareCuts(t, .analytic, scale: 2)
            try compareCuts(t, .border, scale: 2)
        }
    }

    /// Border mode: the cover hides only where its texture-space ramp is exactly 1, half a
    /// texel inside its bounds; pages of few texels per point make that band wide.
    func testBorderModeCutsOnlyWhereTheRampOfTheCoverIsWhole() throws {
        for (p, style) in [(0.1, FlipStyle()), (0.3, .backward), (0.8, .vertical)] {
            let t = try flip(p, style: style)
            t.showsShadows = false
            try t.setProgress(p)
            // Coarse textures (a fifth of a texel per point): the ramp is 2.5 points wide.
            try compareCuts(t, .border, coarse: 5, expectCut: p < 0.2)
        }
    }

    /// Textured pages with shadows: the pieces left after a cut are triangulated differently,
    /// and the texture coordinates the rasterizer interpolates may round differently in the
    /// last bit — a unit of 255 on the rare pixel, never more.
    func testWithTexturedPagesOnlyTheRoundingOfTextureCoordinatesMoves() throws {
        var differing = 0, pixels = 0
        for style in [FlipStyle(), .backward, .vertical] {
            for p in [0.1, 0.3, 0.7, 0.9] {
                for scale in [1.0, 2.0] {
                    differing += try compareCuts(try flip(p, style: style), .analytic, scale: scale, samplePages: true, tolerance: 1)
                    pixels += Int(size.width * size.height * scale * scale)
                }
            }
        }
        XCTAssertLessThan(Double(differing) / Double(pixels), 1e-4, "\(differing) of \(pixels) pixels differ")
        print("occlusion cut, textured pages: \(differing) of \(pixels) pixels differ by 1/255")
    }

    /// Curled leaves in flight lie flat on their page where they are not curled: the page and
    /// the lower leaves' flat parts are split by the same planes into pieces with the same
    /// corners, bit for bit. Their common edges are stacked, not joined (no seam: the sheets lie
    /// on the same side), so the general cut takes most of them up to those edges
    /// (`markCoincidentLines`), and every piece it leaves whose outline the topmost repeats is
    /// left out whole; no pixel changes for that, and what the topmost flat part hides is not
    /// drawn. (Before stacked edges stopped counting as seams, the whole-item rule alone took
    /// them, which `saved` measured against the cut alone.)
    func testPiecesOfStackedSheetsWithTheSameOutlineAreDrawnOnlyOnce() throws {
        try MainActor.assumeIsolated {
            let r = SharedRenderer.offscreen
            // The window benchmark's spread: the pages fill the view.
            let (w, h) = (1920, 1200)
            let book = try Book(pageCount: 40, configuration: BookConfiguration(viewSize: Size(width: Double(w), height: Double(h)),
                                                                                layout: .spread, effect: CurlLeafEffect()))
            for page in 0..<40 {
                try r.renderer.setImage(SamplePages.page(page + 1, width: 960, height: 1200), for: book.handle(forPage: page))
            }
            defer { r.renderer.list.hidesCoincidentItems = true; r.renderer.list.cutsHiddenParts = true }
            var saved: [String: Double] = [:]
            for base in [0.21, 0.35] {
                try book.setLeaves((0..<4).map { BookLeaf(index: 10 + $0, progress: base + 0.1 * Double(3 - $0)) })
                for mode in AntialiasingMode.allCases {
                    r.renderer.list.hidesCoincidentItems = true
                    let hidden = try r.render(book.root, size: book.configuration.viewSize, scale: 1, antialiasing: mode)
                    let hiddenArea = r.renderer.list.rasterizedArea()
                    r.renderer.list.hidesCoincidentItems = false
                    let drawn = try r.render(book.root, size: book.configuration.viewSize, scale: 1, antialiasing: mode)
                    // Against everything drawn (no occlusion at all), where it is asserted below.
                    if base == 0.21 && mode != .border {
                        r.renderer.list.cutsHiddenParts = false
                        _ = try r.render(book.root, size: book.configuration.viewSize, scale: 1, antialiasing: mode)
                        saved["\(base) \(mode)"] = (r.renderer.list.rasterizedArea() - hiddenArea) / Double(w * h)
                        r.renderer.list.cutsHiddenParts = true
                    }
                    XCTAssertEqual(zip(hidden.pixels, drawn.pixels).filter { $0 != $1 }.count, 0,
                                   "curl, 4 leaves from \(base), \(mode): bytes changed")
                }
            }
            print("stacked curled leaves, share of the view not drawn: \(saved.sorted { $0.key < $1.key })")
            // Two hidden pieces of about two fifths of the view each, where the leaves lie stacked.
            for mode in [AntialiasingMode.analytic, .none, .msaa] {
                XCTAssertGreaterThan(saved["0.21 \(mode)"] ?? 0, 0.7, "\(mode): what the topmost flat part hides is drawn")
            }
            // Border mode grows every outline by a texel, so no two are the same and none is
            // left out whole: the bytes compared above are the same frame twice.
        }
    }

    /// Rasterised area over the view's for a flip at 0.1 whose pages are the given textures.
    @MainActor static func drawnArea(pages: (ContentHandle) throws -> Void) throws -> Double {
        let r = SharedRenderer.offscreen
        try pages(ContentHandle(1))
        try pages(ContentHandle(2))
        let size = Size(width: 320, height: 480)
        let t = try FlipTransition(size: size, source: ContentHandle(1), destination: ContentHandle(2))
        try t.setProgress(0.1)
        _ = try r.render(t.root, size: size, scale: 1)
        return r.renderer.list.rasterizedArea() / (size.width * size.height)
    }

    func testOnlyTexturesKnownOpaqueHideWhatIsUnderThem() throws {
        try MainActor.assumeIsolated {
            let renderer = SharedRenderer.offscreen.renderer
            // Folio's own uploads are checked: opaque pixels hide, one translucent pixel does not.
            var pixels = [UInt8](repeating: 255, count: 32 * 48 * 4)
            XCTAssertLessThan(try Self.drawnArea { h in
                pixels.withUnsafeBytes { try? renderer.setPixels($0, width: 32, height: 48, bytesPerRow: 128, premultiplied: true, for: h) }
            }, 1.05)
            pixels[4 * 100 + 3] = 254
            XCTAssertGreaterThan(try Self.drawnArea { h in
                pixels.withUnsafeBytes { try? renderer.setPixels($0, width: 32, height: 48, bytesPerRow: 128, premultiplied: true, for: h) }
            }, 1.4)
            // An app's texture only when the app promises it.
            var name: GLuint = 0
            glGenTextures(1, &name)
            defer { glDeleteTextures(1, &name) }
            glBindTexture(GLenum(GL_TEXTURE_2D), name)
            glTexImage2D(GLenum(GL_TEXTURE_2D), 0, GL_RGBA8, 4, 4, 0, GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), nil)
            glBindTexture(GLenum(GL_TEXTURE_2D), 0)
            XCTAssertGreaterThan(try Self.drawnArea { try renderer.setTexture(name, premultiplied: true, for: $0) }, 1.4)
            XCTAssertLessThan(try Self.drawnArea { try renderer.setTexture(name, premultiplied: true, opaque: true, for: $0) }, 1.05)
            renderer.removeImage(for: ContentHandle(1))
            renderer.removeImage(for: ContentHandle(2))
        }
    }
}
