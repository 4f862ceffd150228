import FolioGeometry
import FolioLayers

/// How far a transition draws past its view, and room for it (``TransitionFraming``).
extension Transition {
    /// The default overhang: measured by sampling. Every visible panel's corners
    /// (``panels()``) at 65 evenly spaced progress values, 0 through 1, then the progress put
    /// back; a pad of half a percent of the view's longer side plus half a point covers what
    /// falls between the samples (a smooth pose moving 1/64 of the turn per sample). The
    /// built-in effects replace it with exact reaches where the geometry gives one.
    ///
    /// A custom effect that draws more than its panels (a mesh, layers not reported), or whose
    /// pose is more than its progress, overrides ``overhang()``; ``sampledOverhang(steps:)``
    /// is the building block.
    public func overhang() -> TransitionInsets { sampledOverhang() }

    /// The overhang measured from ``panels()`` at `steps + 1` evenly spaced progress values
    /// (0 through 1, at least 2 samples), padded by `0.5 + 0.005 · max(width, height)` points
    /// on each side that reaches out; the progress is put back afterwards.
    public func sampledOverhang(steps: Int = 64) -> TransitionInsets {
        let saved = progress
        defer { try? setProgress(saved) }
        let n = max(1, steps)
        var low = Point(x: 0, y: 0), high = Point(x: size.width, y: size.height)
        for step in 0...n {
            guard (try? setProgress(Double(step) / Double(n))) != nil else { continue }
            for panel in panels() where panel.visible {
                for c in panel.corners where c.x.isFinite && c.y.isFinite {
                    low = Point(x: min(low.x, c.x), y: min(low.y, c.y))
                    high = Point(x: max(high.x, c.x), y: max(high.y, c.y))
                }
            }
        }
        return TransitionInsets(reachOf: low, high, view: size, pad: Self.samplingPad(size))
    }

    /// What a sampled overhang adds on each side that reaches out, in points.
    static func samplingPad(_ size: Size) -> Double { 0.5 + 0.005 * max(size.width, size.height) }

    /// Room to render this transition standalone with nothing cut: its ``overhang()`` around
    /// its view, plus `margin` points (see ``TransitionFraming``).
    public func framing(margin: Double = 0) -> TransitionFraming {
        TransitionFraming(viewSize: size, overhang: overhang(), margin: margin)
    }
}
