import XCTest
import FolioGeometry
import FolioLayers
import FolioSurface
@testable import FolioRender

/// The light lives in the view's space: a curled leaf inside a mirroring transform (as a
/// right-to-left book mirrors its leaves) is shaded by its normals as the view sees them, so
/// the mirrored leaf under the mirrored light is the mirror image of the leaf under the light.
final class MirroredLeafLightRenderTests: XCTestCase {
    static let size = Size(width: 300, height: 200)

    /// A grey leaf (0.6) 160 × 180 pt at (40, 10), rolled at 70% of its width with radius 20, 25°
    /// off square, in an orthographic view, optionally inside a transform layer that mirrors
    /// the view left to right.
    func render(mirrored: Bool, light: PaperLight) throws -> Image {
        let curl = try PageCurl(size: Size(width: 160, height: 180), spine: .left, restRadius: 20,
                                pose: CurlPose(angle: 25, axisFraction: 0.7))
        let leaf = SurfaceLayer(name: "leaf")
        leaf.anchorPoint = Point(x: 0, y: 0)
        leaf.position = Point(x: 40, y: 10)
        leaf.backgroundColor = Color(red: 0.6, green: 0.6, blue: 0.6)
        let holder = TransformLayer(name: "mirror")
        holder.bounds = Rect(x: 0, y: 0, width: Self.size.width, height: Self.size.height)
        holder.position = Point(x: Self.size.width / 2, y: Self.size.height / 2)
        if mirrored { holder.transform = Transform3D(scaleX: -1, y: 1, z: 1) }
        try holder.addSublayer(leaf)
        let root = Layer(name: "root", frame: Rect(x: 0, y: 0, width: Self.size.width, height: Self.size.height), sublayers: [holder])
        try leaf.setCurl(curl, toView: leaf.localTransform.concatenating(holder.localTransform), scale: 1)
        nonisolated(unsafe) let r = root // XCTest runs on the main thread
        return try MainActor.assumeIsolated {
            let offscreen = SharedRenderer.offscreen
            offscreen.renderer.light = light
            offscreen.renderer.castsShadows = false
            defer { offscreen.renderer.light = nil; offscreen.renderer.castsShadows = true }
            return try offscreen.render(r, size: Self.size, scale: 1, antialiasing: .analytic,
                                        background: Color(red: 0, green: 0, blue: 0))
        }
    }

    func testAMirroredLeafUnderTheMirroredLightIsTheMirrorImage() throws {
        let light = try PaperLight(direction: Vector3(x: -0.6, y: -0.3, z: 1))
        let mirroredLight = try PaperLight(direction: Vector3(x: 0.6, y: -0.3, z: 1))
        let plain = try render(mirrored: false, light: light)
        let mirrored = try render(mirrored: true, light: mirroredLight)
        let w = Int(Self.size.width)
        var compared = 0, shaded = 0, worst = 0
        for y in 12..<188 {
            for x in 42..<w - 42 {
                let a = plain.pixel(x, y), b = mirrored.pixel(w - 1 - x, y)
                // Interior pixels of the leaf in both (the outline's antialiasing may round
                // differently on the two sides).
                let inside = (-2...2).allSatisfy { d in
                    plain.pixel(x + d, y).g > 20 && plain.pixel(x, y + d).g > 20
                        && mirrored.pixel(w - 1 - x + d, y).g > 20 && mirrored.pixel(w - 1 - x, y + d).g > 20
                }
                guard inside else { continue }
                compared += 1
                if abs(Int(a.g) - 153) > 8 { shaded += 1 }
                worst = max(worst, abs(Int(a.r) - Int(b.r)), abs(Int(a.g) - Int(b.g)), abs(Int(a.b) - Int(b.b)))
            }
        }
        XCTAssertGreaterThan(compared, 10_000)
        XCTAssertGreaterThan(shaded, 300, "the light shades the roll (else the comparison shows nothing): \(shaded) pixels")
        XCTAssertLessThanOrEqual(worst, 2, "mirrored leaf under the mirrored light: worst channel difference \(worst)/255 over \(compared) pixels")
    }
}
