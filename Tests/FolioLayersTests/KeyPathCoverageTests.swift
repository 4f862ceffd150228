import Testing
import FolioGeometry
import FolioMotion
@testable import FolioLayers

/// Every animatable property by key path (issue 40): the finer sub-paths, the gradient's lists,
/// the surface's numbers, `rasterizationScale`, and the discrete properties, each presented at
/// a time against values worked out here, and the model restored bit for bit afterwards.
@Suite struct KeyPathCoverageTests {
    static let timing = try! MediaTiming(duration: 1)

    /// Presents `layer` at `time` and returns what `read` sees, checking the model is restored.
    static func present<T>(_ layer: Layer, at time: Double, _ read: () -> T) -> T {
        let versionBefore = layer.value(forKeyPath: .bounds)
        let value = layer.withPresentation(at: time, read)
        #expect(layer.value(forKeyPath: .bounds) == versionBefore)
        return value
    }

    @Test func boundsAndAnchorPointSubPathsAnimateOneComponent() throws {
        let layer = Layer(name: "l", frame: Rect(x: 10, y: 20, width: 100, height: 50))
        layer.bounds.origin = Point(x: 3, y: 4)
        let cases: [(AnimationKeyPath, Double, Double, (Layer) -> Double)] = [
            (.boundsOriginX, 3, 13, { $0.bounds.origin.x }), (.boundsOriginY, 4, -6, { $0.bounds.origin.y }),
            (.boundsWidth, 100, 300, { $0.bounds.size.width }), (.boundsHeight, 50, 10, { $0.bounds.size.height }),
            (.anchorPointX, 0.5, 0, { $0.anchorPoint.x }), (.anchorPointY, 0.5, 1, { $0.anchorPoint.y }),
        ]
        for (path, model, to, read) in cases {
            #expect(path.valueKind == .number && path.isSpatial)
            #expect(try AnimationKeyPath(parsing: path.rawValue) == path)
            try layer.add(.basic(path, to: .number(to), timing: Self.timing, timingFunction: .linear), forKey: "k")
            let (seen, bounds, anchor) = Self.present(layer, at: 0.25) { (read(layer), layer.bounds, layer.anchorPoint) }
            #expect(abs(seen - (model + (to - model) * 0.25)) < 1e-12, "\(path): \(seen)")
            // Only that component moved.
            let other = path.storedProperty == .bounds
                ? AnimationValue.rect(bounds).distance(to: path.replacingPart(of: .rect(layer.bounds), with: .number(seen)))
                : AnimationValue.point(anchor).distance(to: path.replacingPart(of: .point(layer.anchorPoint), with: .number(seen)))
            #expect(other == 0, "\(path) moved another component")
            #expect(read(layer) == model, "the model stays")
            layer.removeAnimation(forKey: "k")
        }
        // A bounds.size.width animation composes with a whole-bounds one added before it.
        try layer.add(.basic(.bounds, to: .rect(Rect(x: 0, y: 0, width: 200, height: 200)), timing: Self.timing), forKey: "all")
        try layer.add(.basic(.boundsWidth, by: .number(10), timing: Self.timing), forKey: "wider")
        let composed = Self.present(layer, at: 0.5) { layer.bounds }
        #expect(abs(composed.size.width - (150 + 5)) < 1e-12 && abs(composed.size.height - 125) < 1e-12)
        // Its velocity composes too: d/dt of width is (200 − 100) + 10 per second.
        #expect(abs((layer.presentationVelocity(forKeyPath: .boundsWidth, at: 0.5).number ?? 0) - 110) < 1e-9)
    }

    @Test func rasterizationScaleAndPaperTranslucencyAnimate() throws {
        let layer = Layer(name: "l")
        try layer.add(.spring(.rasterizationScale, from: .number(1), to: .number(3), timing: Self.timing), forKey: "r")
        let spring = try Spring.coreAnimationDefault.motion(from: 1.0, velocity: 0, to: 3.0)
        #expect(abs(Self.present(layer, at: 0.3) { layer.rasterizationScale } - spring.value(at: 0.3)) < 1e-12)
        #expect(layer.rasterizationScale == 1)
        let surface = SurfaceLayer(name: "s")
        try surface.add(.basic(.paperTranslucency, from: .number(1), to: .number(0.2), timing: Self.timing), forKey: "p")
        #expect(abs(Self.present(surface, at: 0.5) { surface.paperTranslucency } - 0.6) < 1e-12)
        #expect(surface.paperTranslucency == 1)
        try surface.add(.basic(.backContentsRect, to: .rect(Rect(x: 0.5, y: 0, width: 0.5, height: 1)), timing: Self.timing),
                        forKey: "b")
        #expect(Self.present(surface, at: 0.5) { surface.backContentsRect } == Rect(x: 0.25, y: 0, width: 0.75, height: 1))
        #expect(surface.backContentsRect == Rect(x: 0, y: 0, width: 1, height: 1))
        #expect(throws: AnimationError.unknownKeyPath("paperTranslucency")) {
            try layer.add(.basic(.paperTranslucency, to: .number(0)), forKey: nil)
        }
    }

    @Test func aGradientsColorsAndLocationsAnimateElementByElement() throws {
        let gradient = GradientLayer(name: "g")
        gradient.colors = [.black, .white]
        gradient.locations = [0, 1]
        let to: [Color] = [Color(red: 1, green: 0, blue: 0, alpha: 1), Color(red: 0, green: 0, blue: 1, alpha: 0.5)]
        try gradient.add(.basic(.colors, to: .colors(to), timing: Self.timing), forKey: "c")
        try gradient.add(.basic(.locations, to: .numbers([0.2, 0.6]), timing: Self.timing), forKey: "l")
        let (colors, locations) = Self.present(gradient, at: 0.25) { (gradient.colors, gradient.locations) }
        let expected = [Color(red: 0.25, green: 0, blue: 0, alpha: 1), Color(red: 0.75, green: 0.75, blue: 1, alpha: 0.875)]
        #expect(colors.count == 2 && zip(colors, expected).allSatisfy { ($0 - $1).magnitude < 1e-12 }, "\(colors)")
        #expect(locations?.count == 2 && abs((locations?[0] ?? 0) - 0.05) < 1e-12 && abs((locations?[1] ?? 0) - 0.9) < 1e-12)
        #expect(gradient.colors == [.black, .white] && gradient.locations == [0, 1], "the model is restored")
        // Lists of different lengths switch half-way, as discrete values do.
        try gradient.add(.basic(.colors, to: .colors([.white]), timing: Self.timing), forKey: "c")
        #expect(Self.present(gradient, at: 0.49) { gradient.colors } == [.black, .white])
        #expect(Self.present(gradient, at: 0.5) { gradient.colors } == [.white])
        // The kind is checked: a list of numbers is not colours.
        #expect(throws: AnimationError.self) { try LayerAnimation.basic(.colors, to: .numbers([1])) }
        #expect(throws: AnimationError.self) { try LayerAnimation.basic(.locations, to: .numbers([.nan])) }
        #expect(throws: AnimationError.unknownKeyPath("colors")) { try Layer(name: "plain").add(.basic(.colors, to: .colors([])), forKey: nil) }
    }

    /// Discrete properties switch half-way through a basic animation or a spring, and at each
    /// key time of keyframes (`discrete` or not), as in Core Animation.
    @Test func discretePropertiesSwitchHalfWayAndPerKeyframe() throws {
        let layer = Layer(name: "l")
        let image = ContentHandle(7)
        for (path, from, to): (AnimationKeyPath, AnimationValue, AnimationValue) in [
            (.hidden, .flag(false), .flag(true)), (.doubleSided, .flag(true), .flag(false)),
            (.masksToBounds, .flag(false), .flag(true)), (.contents, .contents(nil), .contents(image)),
        ] {
            #expect(path.valueKind.isDiscrete && !path.isSpatial)
            try layer.add(.basic(path, from: from, to: to, timing: Self.timing, timingFunction: .linear), forKey: "d")
            #expect(Self.present(layer, at: 0.49) { layer.value(forKeyPath: path) } == from)
            #expect(Self.present(layer, at: 0.5) { layer.value(forKeyPath: path) } == to)
            #expect(layer.value(forKeyPath: path) == from, "\(path): the model is restored")
            // No velocity: a flag does not move.
            #expect(layer.presentationVelocity(forKeyPath: path, at: 0.3) == .zero(path.valueKind))
            layer.removeAnimation(forKey: "d")
            layer.setValue(from, forKeyPath: path)
        }
        // Keyframes: each value holds over its interval.
        try layer.add(.keyframes(.hidden, values: [.flag(true), .flag(false), .flag(true)], keyTimes: [0, 0.2, 0.7, 1],
                                 calculationMode: .discrete, timing: Self.timing), forKey: "blink")
        let seen = [0.1, 0.3, 0.69, 0.8].map { t in Self.present(layer, at: t) { layer.isHidden } }
        #expect(seen == [true, false, false, true])
        layer.removeAnimation(forKey: "blink")
        // A spring switches where its response passes half-way (x(t) = 1 − φ(t) ≥ 0.5).
        let spring = try Spring(response: 0.5, dampingRatio: 1)
        try layer.add(.spring(.hidden, from: .flag(false), to: .flag(true), spring: spring, timing: try MediaTiming(duration: 2)), forKey: "s")
        let motion = try spring.motion(from: 0.0, velocity: 0, to: 1.0)
        for t in stride(from: 0.0, to: 1.0, by: 0.01) where abs(motion.value(at: t) - 0.5) > 1e-9 {
            #expect(Self.present(layer, at: t) { layer.isHidden } == (motion.value(at: t) >= 0.5), "at \(t)")
        }
    }

    @Test func everyKeyPathParsesAndHasAValueKind() throws {
        for path in AnimationKeyPath.allCases {
            #expect(try AnimationKeyPath(parsing: path.rawValue) == path)
            let layer: Layer = [.startPoint, .endPoint, .colors, .locations].contains(path) ? GradientLayer()
                : [.paperTranslucency, .backContentsRect].contains(path) ? SurfaceLayer() : Layer(name: "l")
            #expect(layer.value(forKeyPath: path).kind == path.valueKind, "\(path)")
            #expect(path.part(of: layer.value(forKeyPath: path.storedProperty)) == layer.value(forKeyPath: path) || path.isTransformPart)
        }
    }
}
