// curl-aa-sweep: the mean antialiasing error of a curled leaf over a grid of poses.
//
// Each pose is a white leaf alone (the pages hidden) drawn over black at 320 × 200 pt, scale 2,
// with analytic antialiasing, as `CurlRenderTests.meanEdgeError` draws it. The exact coverage of
// every pixel that the projected mesh's outline crosses is the area of the pixel inside the
// union of the mesh's triangles, by clipping (`MeshCoverage`, shared with the tests); the pose's error is the mean of |drawn − exact|
// over those pixels. The sweep is a
// measurement, not a test: it prints every pose and a summary, and exits 1 when a pose is over
// the limit (0.01 by default). Run it under a display: `xvfb-run -a swift run curl-aa-sweep`.
import ArgumentParser
import Foundation
import FolioGeometry
import FolioRender
import FolioTransitions
import FolioTestSupport

@main
struct CurlCoverageSweep: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "curl-aa-sweep",
        abstract: "Mean coverage error on the edge pixels of a curled leaf, over a grid of poses.")

    @Option(help: "Progress values, comma-separated.")
    var progress = "0.1,0.2,0.35,0.55,0.75,0.97"
    @Option(help: "Start angles in degrees, comma-separated.")
    var angles = "0,20,-20,45,-30"
    @Option(help: "Rest radii in points, comma-separated; 0 is the default radius.")
    var radii = "0,4,6"
    @Option(help: "The largest mean error a pose may have.")
    var limit = 0.01
    @Option(help: "A folder to write each pose's render and signed error map into (red: drawn too light, green: too dark, ×10).")
    var debugDirectory: String?

    func run() throws {
        // A command runs on the main thread, where GL wants its context.
        try MainActor.assumeIsolated { try sweep() }
    }

    @MainActor
    func sweep() throws {
        func list(_ text: String) throws -> [Double] {
            try text.split(separator: ",").map {
                guard let value = Double($0.trimmingCharacters(in: .whitespaces)) else { throw ValidationError("'\($0)' is not a number") }
                return value
            }
        }
        let (progresses, startAngles, rests) = (try list(progress), try list(angles), try list(radii))
        let renderer = try OffscreenRenderer()
        var over = 0, count = 0, worst = (error: 0.0, pose: "")
        for radius in rests {
            for angle in startAngles {
                for p in progresses {
                    let (error, pixels) = try Self.meanEdgeError(renderer, progress: p, angle: angle, radius: radius > 0 ? radius : nil,
                                                                 debugDirectory: debugDirectory)
                    let pose = "progress \(p) angle \(angle) radius \(radius > 0 ? "\(radius)" : "default")"
                    print("\(pose): \(String(format: "%.4f", error)) over \(pixels) edge pixels\(error > limit ? "  > \(limit)" : "")")
                    count += 1
                    if error > limit { over += 1 }
                    if error > worst.error { worst = (error, pose) }
                }
            }
        }
        print("\(over) of \(count) poses over \(limit); worst \(String(format: "%.4f", worst.error)) at \(worst.pose)")
        if over > 0 { throw ExitCode(1) }
    }

    /// The pose's mean |drawn − exact| over the pixels the mesh's outline crosses, and their count.
    @MainActor
    static func meanEdgeError(_ renderer: OffscreenRenderer, progress: Double, angle: Double, radius: Double?,
                              debugDirectory: String?) throws -> (Double, Int) {
        let size = Size(width: 320, height: 200), scale = 2.0
        let curl = try CurlTransition(size: size, scale: scale, startAngle: angle, radius: radius)
        try curl.setProgress(progress)
        curl.facing.isHidden = true
        curl.reveal.isHidden = true
        curl.leaf.backgroundColor = .white
        let image = try renderer.render(curl.root, size: size, scale: scale, antialiasing: .analytic, background: .black)
        let mesh = curl.mesh
        func pixel(_ i: Int) -> Point { Point(x: mesh.vertices[i].point.x * scale, y: mesh.vertices[i].point.y * scale) }
        let triangles = mesh.triangles.map { (pixel($0.a), pixel($0.b), pixel($0.c)) }
        let boxes = triangles.map { t in (min(t.0.x, t.1.x, t.2.x), max(t.0.x, t.1.x, t.2.x), min(t.0.y, t.1.y, t.2.y), max(t.0.y, t.1.y, t.2.y)) }
        func inside(_ p: Point, _ t: (Point, Point, Point)) -> Bool {
            func cross(_ u: Point, _ v: Point) -> Double { (u.x - p.x) * (v.y - p.y) - (u.y - p.y) * (v.x - p.x) }
            let (s1, s2, s3) = (cross(t.0, t.1), cross(t.1, t.2), cross(t.2, t.0))
            return (s1 >= 0 && s2 >= 0 && s3 >= 0) || (s1 <= 0 && s2 <= 0 && s3 <= 0)
        }
        var errorMap = Image(width: image.width, height: image.height, fill: (0, 0, 0, 255))
        var total = 0.0, count = 0
        for y in 0..<image.height {
            let y0 = Double(y)
            let row = triangles.indices.filter { boxes[$0].2 <= y0 + 1 && boxes[$0].3 >= y0 }
            if row.isEmpty { continue }
            for x in 0..<image.width {
                let x0 = Double(x)
                let near = row.filter { boxes[$0].0 <= x0 + 1 && boxes[$0].1 >= x0 }
                if near.isEmpty { continue }
                let corners = [Point(x: x0, y: y0), Point(x: x0 + 1, y: y0), Point(x: x0, y: y0 + 1), Point(x: x0 + 1, y: y0 + 1)]
                if near.contains(where: { i in corners.allSatisfy { inside($0, triangles[i]) } }) { continue }
                let exact = MeshCoverage.coverage(pixelX: x0, y: y0, near: near.map {
                    (triangles[$0].0, triangles[$0].1, triangles[$0].2, mesh.patches[mesh.triangles[$0].patch].isBackFacing)
                })
                guard exact > 1e-9 && exact < 1 - 1e-9 else { continue }
                let d = Double(image.pixel(x, y).r) / 255 - exact
                total += abs(d)
                count += 1
                let o = (y * image.width + x) * 4
                errorMap.pixels[o] = UInt8(min(255, max(0, d * 2550)))
                errorMap.pixels[o + 1] = UInt8(min(255, max(0, -d * 2550)))
                errorMap.pixels[o + 2] = 60
            }
        }
        if let directory = debugDirectory {
            let name = "\(progress)-\(angle)-\(radius.map { "\($0)" } ?? "default")"
            try image.writePNG(path: "\(directory)/aa-\(name).png")
            try errorMap.writePNG(path: "\(directory)/err-\(name).png")
        }
        return (total / Double(max(count, 1)), count)
    }
}
