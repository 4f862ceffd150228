import FolioGeometry
import FolioLayers
import FolioMotion

/// Reduce motion's turn: the next opening fades in over the current one, nothing moves in 3D.
public struct CrossfadeLeafEffect: LeafEffect {
    /// The duration of a whole turn, in seconds.
    public var duration: Double

    /// A crossfade of `duration` seconds (reduce motion's short, bounce-free default).
    public init(duration: Double = AnimationClock.reducedMotionDuration) { self.duration = duration }

    /// `crossfade`.
    public var name: String { "crossfade" }

    /// The crossfade replaces the whole opening.
    public var arrangement: LeafArrangement { .wholeOpening }

    /// Both openings lying flat, the incoming one's opacity following progress.
    public func makeLeaf(in frame: LeafFrame) throws(BookError) -> any TurningLeaf { CrossfadeLeaf(frame: frame) }

    /// easeInEaseOut over ``duration``.
    public func turnAnimation(forward: Bool) -> Animation { .timing(.easeInEaseOut, duration: max(duration, 1e-3)) }
}

/// The outgoing opening underneath, the incoming one over it with opacity = progress.
final class CrossfadeLeaf: TurningLeaf {
    let frame: LeafFrame
    let group = TransformLayer(name: "crossfade")
    let outLeading = Layer(name: "outLeading"), outTrailing = Layer(name: "outTrailing")
    let inLeading = Layer(name: "inLeading"), inTrailing = Layer(name: "inTrailing")
    var showsShadows = false
    let castShadow: (leading: Double, trailing: Double) = (0, 0)
    var extent: Double { frame.size.width }

    init(frame: LeafFrame) {
        self.frame = frame
        let u = frame.split.leading, l = frame.split.trailing, e = frame.height, s = frame.spine
        for layer in [outLeading, inLeading] {
            frame.placeFace(layer, canonicalSize: Size(width: u, height: e), pivot: Point(x: 1, y: 0.5), at: Point(x: s, y: e / 2))
            layer.transform = frame.orient(.identity)
        }
        for layer in [outTrailing, inTrailing] {
            frame.placeFace(layer, canonicalSize: Size(width: l, height: e), pivot: Point(x: 0, y: 0.5), at: Point(x: s, y: e / 2))
            layer.transform = frame.orient(.identity)
        }
        // Fresh layers, shallow tree: cannot throw.
        try! group.setSublayers([outLeading, outTrailing, inLeading, inTrailing])
    }

    var frontLayer: Layer { group }
    var backLayer: Layer? { nil }

    var hasIncoming = (leading: false, trailing: false)
    var progress = 0.0

    func show(_ faces: LeafFaces) {
        outLeading.isHidden = !frame.show(faces.leadingBelow, on: outLeading)
        outTrailing.isHidden = !frame.show(faces.front, on: outTrailing)
        hasIncoming.leading = frame.show(faces.back, on: inLeading)
        hasIncoming.trailing = frame.show(faces.trailingBelow, on: inTrailing)
        inLeading.isHidden = !hasIncoming.leading
        inTrailing.isHidden = !hasIncoming.trailing
        setProgress(progress)
    }

    func setProgress(_ p: Double) {
        progress = p
        inLeading.opacity = p
        inTrailing.opacity = p
        // Where the incoming opening has no page, the outgoing one fades out instead.
        outLeading.opacity = hasIncoming.leading ? 1 : 1 - p
        outTrailing.opacity = hasIncoming.trailing ? 1 : 1 - p
    }

    func grip(at point: Point, progress p: Double) -> LeafGrip { LeafGrip(start: point, progress: p) }

    func progress(for grip: LeafGrip, at point: Point) -> Double {
        // Dragging toward the leading side (as when turning a page) fades the next opening in.
        grip.progress + (grip.start.x - point.x) / extent
    }
}
