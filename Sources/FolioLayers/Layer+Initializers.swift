import FolioGeometry

// One-line layers, and whole fresh trees without `try`.
//
// A layer made here has no superlayer yet, so adding `sublayers` cannot make a cycle and the
// initializers cannot fail. The depth limit still holds where it matters: `addSublayer` refuses
// trees deeper than `Layer.maximumDepth`, and the evaluator draws no layer below that depth.

extension Layer {
    /// Creates a flattening layer with the properties given, and `sublayers` in order (back to
    /// front); a sublayer that had a superlayer is moved here.
    ///
    /// - Parameters:
    ///   - name: a name for diagnostics and for the quads it produces.
    ///   - bounds: the layer's own coordinate space and content rectangle, in points.
    ///   - position: where the anchor point sits in the superlayer, in points.
    ///   - anchorPoint: the pivot in unit coordinates of `bounds` (default the centre).
    ///   - transform: the transform about the anchor point.
    ///   - contents: the image drawn over `bounds`.
    ///   - contentsRect: the part of `contents` shown, in unit coordinates (default all).
    ///   - backgroundColor: the fill under the contents.
    ///   - opacity: 0…1.
    ///   - isDoubleSided: false hides the layer whenever its back faces the viewer.
    ///   - sublayers: the layers composited into this one's plane.
    public convenience init(name: String = "", bounds: Rect, position: Point = .zero,
                            anchorPoint: Point = Point(x: 0.5, y: 0.5), transform: Transform3D = .identity,
                            contents: ContentHandle? = nil, contentsRect: Rect = Rect(x: 0, y: 0, width: 1, height: 1),
                            backgroundColor: Color? = nil, opacity: Double = 1, isDoubleSided: Bool = true,
                            sublayers: [Layer] = []) {
        self.init(name: name)
        place(bounds: bounds, position: position, anchorPoint: anchorPoint, transform: transform)
        self.contents = contents
        self.contentsRect = contentsRect
        self.backgroundColor = backgroundColor
        self.opacity = opacity
        self.isDoubleSided = isDoubleSided
        adoptFresh(sublayers)
    }

    /// Creates a flattening layer that fills `frame` of its superlayer (bounds at the origin,
    /// position at the frame's centre) with `sublayers` in order.
    ///
    /// - Parameters:
    ///   - name: a name for diagnostics and for the quads it produces.
    ///   - frame: the rectangle it covers in the superlayer's coordinates, in points.
    ///   - contents: the image drawn over it.
    ///   - backgroundColor: the fill under the contents.
    ///   - sublayers: the layers composited into this one's plane.
    public convenience init(name: String = "", frame: Rect, contents: ContentHandle? = nil,
                            backgroundColor: Color? = nil, sublayers: [Layer] = []) {
        self.init(name: name, bounds: Rect(x: 0, y: 0, width: frame.width, height: frame.height),
                  position: Point(x: frame.midX, y: frame.midY), contents: contents,
                  backgroundColor: backgroundColor, sublayers: sublayers)
    }
}

extension Layer {
    /// Sets the geometry the initializers share.
    func place(bounds: Rect, position: Point, anchorPoint: Point, transform: Transform3D) {
        self.bounds = bounds
        self.position = position
        self.anchorPoint = anchorPoint
        self.transform = transform
        transformIsIdentity = transform.isIdentity // observers do not run inside initializers
    }
}

extension TransformLayer {
    /// Creates a transform layer (no content, no flattening) with `sublayers` in order.
    ///
    /// - Parameters:
    ///   - name: a name for diagnostics.
    ///   - bounds: its coordinate space, in points (it draws nothing itself).
    ///   - position: where the anchor point sits in the superlayer, in points.
    ///   - anchorPoint: the pivot in unit coordinates of `bounds` (default the centre).
    ///   - transform: the transform about the anchor point; its sublayers keep their 3D depth.
    ///   - sublayers: the layers that join the surrounding 3D rendering context.
    public convenience init(name: String = "", bounds: Rect, position: Point = .zero,
                            anchorPoint: Point = Point(x: 0.5, y: 0.5), transform: Transform3D = .identity,
                            sublayers: [Layer] = []) {
        self.init(name: name)
        place(bounds: bounds, position: position, anchorPoint: anchorPoint, transform: transform)
        adoptFresh(sublayers)
    }
}

extension GradientLayer {
    /// Creates a gradient layer filling `bounds` with `gradient`.
    ///
    /// - Parameters:
    ///   - name: a name for diagnostics and for the quads it produces.
    ///   - bounds: its coordinate space and the area the gradient fills, in points.
    ///   - position: where the anchor point sits in the superlayer, in points.
    ///   - anchorPoint: the pivot in unit coordinates of `bounds` (default the centre).
    ///   - gradient: the colours, their locations and the axis.
    ///   - opacity: 0…1.
    public convenience init(name: String = "", bounds: Rect, position: Point = .zero,
                            anchorPoint: Point = Point(x: 0.5, y: 0.5), gradient: Gradient, opacity: Double = 1) {
        self.init(name: name)
        place(bounds: bounds, position: position, anchorPoint: anchorPoint, transform: .identity)
        colors = gradient.colors
        locations = gradient.locations
        startPoint = gradient.startPoint
        endPoint = gradient.endPoint
        self.opacity = opacity
    }
}
