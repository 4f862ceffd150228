import CGL

/// One draw of a profiled frame (`QuadRenderer.timesDraws`): what it drew and how long the
/// rasterizer took over it. Not part of the library's API: the `Benchmarks` SPI may change with
/// the benchmarks.
@_spi(Benchmarks) public struct DrawTiming: Sendable, Encodable {
    /// The layer's name (`cast shadow` for a cast-shadow pass).
    public var layer: String
    /// The shader variant's features (`#define`s), or the pass's kind.
    public var features: String
    /// Whether blending was off (an opaque draw replacing what is beneath).
    public var opaque: Bool
    /// Triangles sent by the draw.
    public var triangles: Int
    /// The triangles' area in pixels (overlaps counted twice), inside the viewport.
    public var pixels: Double
    /// Microseconds from the GL queue drained before the draw to drained after it: the draw's
    /// own rasterization plus the fixed cost of a draw timed alone, which `folio bench
    /// --window-draws` estimates by the frame's fastest draw.
    public var microseconds: Double
}

/// Times each draw of a frame on its own (issue 29, item 3: where a software rasterizer spends a
/// frame). Drawing between two `glFinish` calls serialises the pipeline, so a profiled frame is
/// slower than a real one: the figures are for comparing draws, not for frame rates. Off, it
/// costs one branch per draw and allocates nothing.
struct DrawProfile {
    var isOn = false
    var timings: [DrawTiming] = []

    /// Runs `draw`; when on, between two `glFinish` calls, recording its time.
    mutating func measure(layer: @autoclosure () -> String, features: @autoclosure () -> String, opaque: Bool, triangles: Int,
                          pixels: @autoclosure () -> Double, _ draw: () -> Void) {
        guard isOn else { return draw() }
        glFinish()
        let start = FrameMeter.wallSeconds()
        draw()
        glFinish()
        let microseconds = (FrameMeter.wallSeconds() - start) * 1e6
        timings.append(DrawTiming(layer: layer(), features: features(), opaque: opaque, triangles: triangles, pixels: pixels(),
                                  microseconds: microseconds))
    }
}
