import Foundation
import XCTest
@testable import FolioRender
import FolioGeometry
import FolioLayers
import FolioTransitions

/// A diagnostic, not a check: for chosen pixels of a curl drawn as `CurlRenderTests.meanEdgeError`
/// draws it (320 × 200 pt at scale 2, a white leaf alone), prints every submitted triangle whose
/// interior holds the pixel's centre — its item, surface patch and facing, its corners in image
/// pixels (y down) — and each of its coverage edges: the normal (framebuffer, y up), the signed
/// distance of the centre and the edge's box-filter coverage, then their product and the value
/// composited over the triangles found. Compare with the exact coverage that `meanEdgeError`
/// measures (`CURL_DEBUG_DIR` heat maps show where to look).
///
/// Runs only with `CURL_AA_PROBE="progress,angle,radius;x,y;x,y…"` (radius 0: the default),
/// image pixels y down, e.g. `CURL_AA_PROBE="0.1,45,6;636,389;634,392"`.
final class CurlCoverageProbeTests: XCTestCase {
    func testProbeTheTrianglesAndEdgesThatCoverChosenPixels() throws {
        guard let spec = ProcessInfo.processInfo.environment["CURL_AA_PROBE"] else {
            throw XCTSkip("set CURL_AA_PROBE=\"progress,angle,radius;x,y;…\" to print what covers those pixels")
        }
        let parts = spec.split(separator: ";").map { $0.split(separator: ",").compactMap { Double($0.trimmingCharacters(in: .whitespaces)) } }
        guard parts.count >= 2, parts[0].count == 3, parts.dropFirst().allSatisfy({ $0.count == 2 }) else {
            XCTFail("CURL_AA_PROBE: expected \"progress,angle,radius;x,y;…\", got \"\(spec)\"")
            return
        }
        let (progress, angle, radius) = (parts[0][0], parts[0][1], parts[0][2])
        let size = Size(width: 320, height: 200), scale = 2.0
        let curl = try CurlRenderTests.leafOnly(size: size, scale: scale, progress: progress, angle: angle, radius: radius > 0 ? radius : nil)
        let e = LayerEvaluator()
        e.evaluate(curl.root)
        var list = DrawList()
        // The leaf has no contents: every quad counts as translucent here (the renderer may find
        // the leaf opaque and skip what it hides; with the pages hidden nothing lies beneath).
        list.build(e, scale: scale, pixelWidth: 640, pixelHeight: 400, mode: .analytic) { _ in (scale, scale) }
        let f = DrawList.floatsPerVertex
        for p in parts.dropFirst() {
            let (px, py) = (p[0] + 0.5, 400 - 1 - p[1] + 0.5)
            print("pixel \(Int(p[0])),\(Int(p[1])):")
            var value = 0.0
            for batch in list.batches {
                for v in stride(from: batch.vertices.lowerBound, to: batch.vertices.upperBound, by: 3) {
                    // A vertex in framebuffer pixels (clip space divided by w).
                    func pt(_ k: Int) -> (Double, Double) {
                        let w = Double(list.vertices[k * f + 3])
                        return ((Double(list.vertices[k * f]) / w + 1) * 320, (Double(list.vertices[k * f + 1]) / w + 1) * 200)
                    }
                    let (a, b, c) = (pt(v), pt(v + 1), pt(v + 2))
                    func cr(_ u: (Double, Double), _ w: (Double, Double)) -> Double { (u.0 - px) * (w.1 - py) - (u.1 - py) * (w.0 - px) }
                    let s = (cr(a, b), cr(b, c), cr(c, a))
                    guard (s.0 >= 0 && s.1 >= 0 && s.2 >= 0) || (s.0 <= 0 && s.1 <= 0 && s.2 <= 0) else { continue }
                    var cov = 1.0
                    var desc = ""
                    for slot in 0..<ShaderVariant.Coverage.maximumEdges {
                        let o = v * f + 6 + 3 * slot
                        let (nx, ny, cc) = (Double(list.vertices[o]), Double(list.vertices[o + 1]), Double(list.vertices[o + 2]))
                        if nx == 0 && ny == 0 { continue }
                        let h = CoverageOracleTests.halfPlane(nx * px + ny * py + cc, nx, ny)
                        cov *= h
                        desc += String(format: " [n %.3f,%.3f d %.3f → %.3f]", nx, ny, nx * px + ny * py + cc, h)
                    }
                    let item = list.items[batch.item]
                    let quad = e.quads[item.quadIndex]
                    print(String(format: "  item %d patch %d back %d tri (%.2f,%.2f)(%.2f,%.2f)(%.2f,%.2f) cov %.3f", batch.item, quad.surfacePatch, quad.localToView.showsBack ? 1 : 0, a.0, 400 - a.1, b.0, 400 - b.1, c.0, 400 - c.1, cov) + desc)
                    value = cov + value * (1 - cov) // premultiplied "over"
                }
            }
            print(String(format: "  value %.3f", value))
        }
    }
}
