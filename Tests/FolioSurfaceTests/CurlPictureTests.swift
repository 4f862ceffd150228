import Foundation
import Testing
import FolioGeometry
import FolioRender
import FolioSurface
import FolioTestSupport

/// Pictures of the curl, drawn on the CPU from the mesh in its painter's order, checked
/// pixel by pixel against rays cast into the mesh, and written as PNGs to look at.
@Suite struct CurlPictureTests {
    static func spread(leaf: Size, scale: Double, radius: Double, angle: Double, progress: Double) throws -> CurlFixtures.Case {
        let curl = try PageCurl(size: leaf, spine: .left, restRadius: radius, pose: try CurlPath(startAngle: angle).pose(at: progress))
        let origin = Point(x: leaf.width, y: 0)
        return CurlFixtures.Case(curl: curl, scale: scale, origin: origin, pivot: Point(x: leaf.width, y: leaf.height / 2),
                                 m34: -1 / (4.666667 * leaf.width))
    }

    @Test func paintersImageMatchesRaysCastIntoTheMesh() throws {
        var g = SeededGenerator(seed: 31)
        var compared = 0
        for _ in 0..<6 {
            let c = try DepthOrderTests.selfCovering(&g)
            let small = CurlFixtures.Case(curl: c.curl, scale: 120 / max(c.curl.size.width, c.curl.size.height), origin: .zero,
                                          pivot: Point(x: 0, y: c.curl.size.height / 2), m34: c.m34)
            let mesh = SurfaceMesh()
            try mesh.tessellate(small.curl, toView: small.toView, scale: small.scale)
            let (image, drawn) = try CurlPicture(c: small, mesh: mesh, lit: false, shadows: false, outlines: false).render()
            for y in stride(from: 0, to: image.height, by: 2) {
                for x in stride(from: 0, to: image.width, by: 2) {
                    let p = Point(x: (Double(x) + 0.5) / small.scale, y: (Double(y) + 0.5) / small.scale)
                    guard let hit = DepthOrderTests.nearestAndLast(small, mesh, order: mesh.paintersOrder, at: p), hit.gap > 1e-9 else { continue }
                    // The pixel shows the triangle nearest the eye (or one coplanar with it).
                    let shown = drawn[y * image.width + x]
                    let same = shown == hit.nearest || mesh.triangles[shown].patch == mesh.triangles[hit.nearest].patch
                    #expect(same, "\(small) pixel (\(x), \(y))")
                    compared += 1
                }
            }
        }
        #expect(compared > 5000)
    }

    @Test func picturesShowTheBackMoreAsTheTurnProgresses() throws {
        var backPixels: [Int] = []
        let directory = CurlPicture.directory
        for (i, progress) in [0.15, 0.35, 0.55, 0.75, 0.95].enumerated() {
            let c = try Self.spread(leaf: Size(width: 160, height: 220), scale: 1, radius: 22, angle: 25, progress: progress)
            let mesh = SurfaceMesh()
            try mesh.tessellate(c.curl, toView: c.toView, scale: c.scale)
            let (image, drawn) = try CurlPicture(c: c, mesh: mesh, wireframe: i % 2 == 0).render()
            try image.writePNG(path: "\(directory)/curl-\(Int(progress * 100)).png")
            backPixels.append(drawn.filter { $0 >= 0 && mesh.patches[mesh.triangles[$0].patch].isBackFacing }.count)
        }
        #expect(backPixels == backPixels.sorted() && backPixels[0] < backPixels[4] / 4, "\(backPixels)")
        #expect(FileManager.default.fileExists(atPath: "\(directory)/curl-55.png"))
    }

    /// Larger pictures for the design note, only when `FOLIO_PICTURES` names a folder.
    @Test func documentationPictures() throws {
        guard ProcessInfo.processInfo.environment["FOLIO_PICTURES"] != nil else { return }
        let directory = CurlPicture.directory
        let leaf = Size(width: 240, height: 320)
        var sheet = Image(width: 4 * 480, height: 2 * 320, fill: (32, 40, 48, 255))
        for (i, (angle, progress)) in [(20.0, 0.2), (20.0, 0.45), (20.0, 0.7), (20.0, 0.92), (0.0, 0.45), (-30.0, 0.45), (45.0, 0.3), (20.0, 0.45)].enumerated() {
            let c = try Self.spread(leaf: leaf, scale: 1, radius: 28, angle: angle, progress: progress)
            let mesh = SurfaceMesh()
            try mesh.tessellate(c.curl, toView: c.toView, scale: c.scale)
            let (image, _) = try CurlPicture(c: c, mesh: mesh, wireframe: i == 7, outlines: i == 7).render()
            sheet.blit(image, x: (i % 4) * 480, y: (i / 4) * 320)
        }
        try sheet.writePNG(path: "\(directory)/curl-sheet.png")
        // The mesh up close: wireframe, outline (red; the spine seam green), contour (blue).
        let c = try Self.spread(leaf: Size(width: 160, height: 200), scale: 3, radius: 24, angle: 25, progress: 0.55)
        let mesh = SurfaceMesh()
        try mesh.tessellate(c.curl, toView: c.toView, scale: c.scale)
        let (detail, _) = try CurlPicture(c: c, mesh: mesh, wireframe: true).render()
        try detail.writePNG(path: "\(directory)/curl-mesh.png")
    }
}
