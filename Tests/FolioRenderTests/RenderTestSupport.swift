import FolioGeometry
import FolioLayers
import FolioRender

/// One GL context for the whole test run. GLFW wants the main thread, and XCTest runs every
/// test there (the GL test classes are `@MainActor`).
@MainActor
enum SharedRenderer {
    /// The shared renderer, its context made current: a test that made and destroyed a context
    /// of its own (an `OffscreenRenderer`, a benchmark) leaves none current, and GL calls made
    /// without one fail without a log.
    static var offscreen: OffscreenRenderer {
        shared.context.makeCurrent()
        return shared
    }

    private static let shared: OffscreenRenderer = {
        do { return try OffscreenRenderer() } catch {
            fatalError("GL tests need a display: run under 'xvfb-run -a' (\(error))")
        }
    }()
}

/// Exact pixel coverage of evaluated polygons, computed on the CPU from the geometry.
enum ExactCoverage {
    /// The area of `polygon` (pixel coordinates, y down) inside the pixel square at (x, y).
    static func coverage(_ polygon: [Point], pixelX x: Int, pixelY y: Int) -> Double {
        var poly = polygon
        let x0 = Double(x), y0 = Double(y)
        // Keep a·px + b·py + c ≥ 0 for each side of the square.
        for (a, b, c) in [(1.0, 0.0, -x0), (-1.0, 0.0, x0 + 1), (0.0, 1.0, -y0), (0.0, -1.0, y0 + 1)] {
            var out: [Point] = []
            guard let last = poly.last else { return 0 }
            var previous = last
            for p in poly {
                let vp = a * previous.x + b * previous.y + c, vc = a * p.x + b * p.y + c
                if (vc >= 0) != (vp >= 0) {
                    let t = vp / (vp - vc)
                    out.append(Point(x: previous.x + (p.x - previous.x) * t, y: previous.y + (p.y - previous.y) * t))
                }
                if vc >= 0 { out.append(p) }
                previous = p
            }
            poly = out
        }
        return abs(Projection.signedDoubleArea(poly)) / 2
    }
}

/// Solid-colour page images.
enum TestPages {
    static func solid(_ c: (UInt8, UInt8, UInt8), width: Int, height: Int) -> Image {
        Image(width: width, height: height, fill: (c.0, c.1, c.2, 255))
    }
}
