import FolioGeometry
import FolioLayers
import FolioMotion

/// The reduce-motion stand-in for fold and flip: the destination fades in over the source,
/// with no 3D motion.
public final class CrossfadeTransition: Transition {
    /// The view size, in points.
    public let size: Size
    /// The default duration, in seconds.
    public let duration: Double
    /// The root layer (the view).
    public let root: Layer
    /// The outgoing page (fully opaque underneath).
    public let source: Layer
    /// The incoming page; its opacity is the progress.
    public let destination: Layer
    /// The current progress (the destination's opacity).
    public private(set) var progress: Double = 0
    /// No perspective.
    public var m34: Double { 0 }
    /// A crossfade has no shadows; kept for the protocol.
    public var showsShadows = false

    /// A crossfade between two pages filling a view of `size` points.
    public init(size: Size, duration: Double = 0.25, source: ContentHandle? = nil,
                destination: ContentHandle? = nil) throws(TransitionError) {
        try checkedGeometry(size: size, scale: 1)
        guard duration > 0, duration.isFinite else { throw .invalidDuration(duration) }
        self.size = size; self.duration = duration
        let root = Layer(name: "crossfade")
        root.bounds = Rect(x: 0, y: 0, width: size.width, height: size.height)
        root.position = Point(x: size.width / 2, y: size.height / 2)
        self.root = root
        func page(_ name: String, _ content: ContentHandle?) -> Layer {
            let p = Layer(name: name)
            p.bounds = root.bounds
            p.position = root.position
            p.contents = content
            return p
        }
        self.source = page("source", source)
        self.destination = page("destination", destination)
        try! root.setSublayers([self.source, self.destination])
        try! setProgress(0)
    }

    public func setProgress(_ p: Double) throws(TransitionError) {
        progress = try Self.checkedProgress(p)
        destination.opacity = p
    }

    public func progress(atTime time: Double) throws(TransitionError) -> Double {
        TimingFunction.easeInEaseOut.value(at: try Self.checkedTime(time))
    }

    public func panels() -> [PanelGeometry] {
        [source, destination].map { geometry(of: $0, shadowOpacity: 0) }
    }

    /// Nothing: both pages lie flat over the view, so the overhang is exactly zero.
    public func overhang() -> TransitionInsets { .zero }
}
