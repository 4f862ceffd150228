import XCTest
import FolioBook
import FolioGeometry
import FolioLayers
import FolioMotion
import FolioRender

/// A custom leaf of five panels folded like an accordion: each hangs from a `TransformLayer`
/// joint at the previous one's free edge, creases alternate valley and mountain, and each
/// panel carries a shade sublayer (solid on the even panels, a gradient on the odd ones) that
/// the renderer merges into the panel's pass. Each panel shows its own solid colour, so which
/// panel owns a pixel can be read back.
struct ShadedAccordionEffect: LeafEffect {
    /// The content handle of panel 0; panel *i* shows `firstHandle + i`.
    static let firstHandle = 900
    /// The panels' colours, as the renderer is given them.
    static let colours: [(UInt8, UInt8, UInt8)] = [(230, 60, 60), (60, 200, 60), (60, 60, 230), (230, 200, 40), (200, 60, 200)]

    /// The creases' largest angle (half way through the turn), in degrees.
    var fold = 50.0
    var name: String { "accordion" }
    var arrangement: LeafArrangement { .stacked }
    func makeLeaf(in frame: LeafFrame) throws(BookError) -> any TurningLeaf { ShadedAccordionLeaf(frame: frame, fold: fold) }
    func turnAnimation(forward: Bool) -> Animation { .timing(.linear, duration: 0.5) }
}

/// The layers of one ``ShadedAccordionEffect`` leaf.
final class ShadedAccordionLeaf: TurningLeaf {
    let frame: LeafFrame
    let fold: Double
    var joints: [TransformLayer] = []
    var panels: [Layer] = []
    var shades: [Layer] = []
    var showsShadows = true { didSet { for s in shades { s.isHidden = !showsShadows } } }
    var castShadow: (leading: Double, trailing: Double) = (0, 0)

    init(frame: LeafFrame, fold: Double) {
        self.frame = frame
        self.fold = fold
        let width = frame.split.trailing / 5, e = frame.height
        for i in 0..<5 {
            let joint = TransformLayer(name: "joint\(i)")
            joint.bounds = Rect(x: 0, y: 0, width: width, height: e)
            joint.anchorPoint = Point(x: 0, y: 0.5)
            joint.position = Point(x: i == 0 ? frame.spine : width, y: e / 2)
            let panel = Layer(name: "panel\(i)")
            frame.placeFace(panel, canonicalSize: Size(width: width, height: e), pivot: Point(x: 0, y: 0.5), at: Point(x: 0, y: e / 2))
            panel.transform = frame.orient(.identity)
            shades.append(i % 2 == 0 ? frame.makeShadow(on: panel)
                          : frame.makeShadow(on: panel, axis: (Point(x: 0, y: 0.5), Point(x: 1, y: 0.5)), colors: [.black, .clear]))
            // Fresh layers, shallow tree: cannot throw.
            try! joint.addSublayer(panel)
            if i > 0 { try! joints[i - 1].addSublayer(joint) }
            joints.append(joint)
            panels.append(panel)
        }
        setProgress(0)
    }

    var frontLayer: Layer { joints[0] }
    var backLayer: Layer? { nil }

    func show(_ faces: LeafFaces) {
        for (i, panel) in panels.enumerated() {
            frame.show(faces.front, on: panel)
            panel.contents = ContentHandle(ShadedAccordionEffect.firstHandle + i)
        }
    }

    func setProgress(_ p: Double) {
        // The leaf lifts by 180°·p about the spine while its creases close to `fold` and open again.
        let crease = fold * .pi / 180 * sin(p * .pi)
        for (i, joint) in joints.enumerated() {
            let angle = i == 0 ? -p * .pi - crease / 2 : (i % 2 == 1 ? crease : -crease)
            joint.transform = Transform3D.identity.rotated(by: angle, x: 0, y: 1, z: 0)
            shades[i].opacity = i % 2 == 0 ? 0.15 : 0.5
        }
    }

    func grip(at point: Point, progress: Double) -> LeafGrip { LeafGrip(start: point, progress: progress) }
    func progress(for grip: LeafGrip, at point: Point) -> Double { grip.progress }
}

/// Seams of a shaded multi-panel leaf under analytic antialiasing: away from every edge, each
/// pixel shows the panel that owns it, as the unantialiased picture of the same frame does.
///
/// As the accordion lifts, its panels grow past the view (they come nearer the eye) and the
/// ends of its creases cross the 4 px pad outside the view to which polygons are cut. While a
/// crease ends inside that pad, the later panel's silhouette runs a fraction of a pixel from
/// the crease to the pad's edge; the cap of its antialiasing margin at the pad's edge ran on
/// along that edge past the cap at the crease's end (the footprint crossed itself, see
/// `DrawList.untangle`), and the fan of its footprint painted a wedge of its colour over the
/// neighbour: a few pixels wide at the view's edge, tens of pixels long, stair-stepped (no
/// coverage edge bounds it).
final class ShadedSeamTests: XCTestCase {
    /// Levels a channel may differ from the reference where no edge is near: both draw the same
    /// colours and shade overlays; only rounding differs.
    static let tolerance = 8
    /// How far (pixels) every edge of the reference must be for a pixel to be compared: its
    /// 5 × 5 neighbourhood is one colour, within `tolerance` (a shade gradient changes by a
    /// level or two per pixel; across an edge, colours differ by far more).
    static let clearance = 2

    /// Pixels of `image` that differ from `reference` by more than `tolerance` where the
    /// reference's 5 × 5 neighbourhood is one colour, and the largest difference there.
    static func misplaced(_ image: Image, _ reference: Image) -> (count: Int, worst: Int, first: (Int, Int)?) {
        var count = 0, worst = 0
        var first: (Int, Int)?
        let c = clearance
        for y in c..<(reference.height - c) {
            for x in c..<(reference.width - c) {
                let r = reference.pixel(x, y)
                var uniform = true
                for dy in -c...c where uniform {
                    for dx in -c...c {
                        let q = reference.pixel(x + dx, y + dy)
                        let d = max(abs(Int(q.r) - Int(r.r)), abs(Int(q.g) - Int(r.g)), abs(Int(q.b) - Int(r.b)))
                        if d > tolerance { uniform = false; break }
                    }
                }
                guard uniform else { continue }
                let p = image.pixel(x, y)
                let d = max(abs(Int(p.r) - Int(r.r)), abs(Int(p.g) - Int(r.g)), abs(Int(p.b) - Int(r.b)))
                worst = max(worst, d)
                if d > tolerance {
                    count += 1
                    if first == nil { first = (x, y) }
                }
            }
        }
        return (count, worst, first)
    }

    func testCreasesOfAShadedAccordionLeafEndingInTheViewportPadStayWhereTheyAre() throws {
        try MainActor.assumeIsolated {
            let r = SharedRenderer.offscreen
            for (i, c) in ShadedAccordionEffect.colours.enumerated() {
                try r.renderer.setImage(TestPages.solid(c, width: 32, height: 32), for: ContentHandle(ShadedAccordionEffect.firstHandle + i))
            }
            let canonical = Size(width: 640, height: 360)
            var framesInPad = 0, total = 0, worst = 0
            // Every reading direction at scale 1, and left to right at scale 2. The pad is 4 px
            // whatever the scale (2 points at scale 2, which the corners reach later in the turn):
            // each window of progress takes a crease's end from beyond the pad across its outer part.
            let runs = ReadingDirection.allCases.map { ($0, 1.0, stride(from: 0.712, through: 0.768, by: 0.004)) }
                + [(ReadingDirection.leftToRight, 2.0, stride(from: 0.852, through: 0.892, by: 0.004))]
            for (direction, scale, window) in runs {
                let view = direction.viewSize(ofCanonical: canonical)
                let book = try Book(pageCount: 10, configuration: BookConfiguration(viewSize: view, scale: scale, layout: .spread,
                                                                                    direction: direction, effect: ShadedAccordionEffect()))
                for page in 0..<10 {
                    try r.renderer.setImage(TestPages.solid(BookRenderTests.colour(page), width: 32, height: 32), for: book.handle(forPage: page))
                }
                for progress in window {
                    try book.setLeaves([BookLeaf(index: 2, progress: progress)])
                    // Independently of the renderer: does a panel's corner lie in the pad this frame?
                    if Self.panelCornerInPad(book.root, view: view, scale: scale) { framesInPad += 1 }
                    let analytic = try r.render(book.root, size: view, scale: scale, antialiasing: .analytic, background: .black)
                    let reference = try r.render(book.root, size: view, scale: scale, antialiasing: .none, background: .black)
                    let m = Self.misplaced(analytic, reference)
                    total += m.count
                    worst = max(worst, m.worst)
                    XCTAssertEqual(m.count, 0, "\(direction) ×\(scale) progress \(progress): \(m.count) pixels away from every edge differ from the reference, first at \(m.first.map { "\($0)" } ?? "-"), worst \(m.worst) levels")
                }
            }
            XCTAssertGreaterThan(framesInPad, 8, "the sweep must take panel corners through the pad")
            print("ShadedSeamTests: \(framesInPad) frames with a panel corner in the pad; \(total) misplaced pixels, worst \(worst) levels")
        }
    }

    /// The same crease in a plain layer tree, against exact coverage: two shaded panels side by
    /// side, tilted 10° in the view's plane, their crease ending 0.1 px into the pad above the
    /// view, where the later panel's top edge rises to the pad's edge within a pixel of it.
    /// Every pixel more than a pixel from the crease (drawn exactly, by the rasterizer's rule)
    /// shows the two panels and the background by their exact box-filter coverage.
    func testAPanelWhoseSilhouetteMeetsTheViewportPadBesideACreaseStaysOnItsSide() throws {
        let size = Size(width: 160, height: 100)
        let root = Layer(name: "root", frame: Rect(x: 0, y: 0, width: size.width, height: size.height))
        // A container that paints nothing: its panels' polygons are the only items.
        let leaf = Layer(name: "leaf")
        leaf.bounds = Rect(x: 0, y: 0, width: 40, height: 160)
        leaf.anchorPoint = Point(x: 0.5, y: 0)
        leaf.position = Point(x: 80, y: -3.9)
        leaf.transform = Transform3D(rotationDegrees: -10, x: 0, y: 0, z: 1)
        try root.addSublayer(leaf)
        let colours = [Color(red: 0.9, green: 0.2, blue: 0.2), Color(red: 0.2, green: 0.8, blue: 0.2)]
        let shades = [0.15, 0.5]
        for i in 0..<2 {
            let panel = Layer(name: "panel\(i)", frame: Rect(x: Double(20 * i), y: 0, width: 20, height: 160))
            panel.backgroundColor = colours[i]
            let shade = Layer(name: "panel\(i).shadow", frame: Rect(x: 0, y: 0, width: 20, height: 160))
            shade.backgroundColor = .black
            shade.opacity = shades[i]
            try panel.addSublayer(shade)
            try leaf.addSublayer(panel)
        }
        let e = LayerEvaluator()
        e.evaluate(root)
        // The panels' polygons in window pixels (y down, as `ExactCoverage` takes them).
        let polygons = ["panel0", "panel1"].map { name in e.corners(of: e.quads.first { $0.layer.name == name }!).map(\.point) }
        // The scene does what it is for: the crease ends in the pad, and the later panel's top
        // edge rises from there past the pad's edge (y = −4) within a pixel of the crease.
        let ends = polygons[1].filter { p in polygons[0].contains { $0.distance(to: p) < 1e-9 } }
        XCTAssertEqual(ends.count, 2, "the panels share the crease")
        guard let crease = ends.min(by: { $0.y < $1.y }) else { return }
        XCTAssertTrue(crease.y > -4 && crease.y < 0, "crease end \(crease)")
        XCTAssertLessThan(polygons[1].map(\.y).min()!, -4)
        let creaseDirection = (x: sin(10 * Double.pi / 180), y: cos(10 * Double.pi / 180))
        let image = try MainActor.assumeIsolated {
            nonisolated(unsafe) let scene = root // XCTest runs on the main thread
            return try SharedRenderer.offscreen.render(scene, size: size, scale: 1, antialiasing: .analytic, background: .black)
        }
        var compared = 0, wrong = 0, worst = 0
        for y in 0..<Int(size.height) {
            for x in 0..<Int(size.width) {
                // The crease is drawn exactly, whole pixels to one side: skip pixels within a
                // pixel of its line.
                let (cx, cy) = (Double(x) + 0.5 - crease.x, Double(y) + 0.5 - crease.y)
                guard abs(cx * creaseDirection.y - cy * creaseDirection.x) > 1 else { continue }
                let coverage = polygons.map { ExactCoverage.coverage($0, pixelX: x, pixelY: y) }
                let p = image.pixel(x, y)
                var d = 0
                for (channel, value) in [(p.r, 0), (p.g, 1), (p.b, 2)] {
                    var expected = 0.0
                    for i in 0..<2 {
                        let c = [colours[i].red, colours[i].green, colours[i].blue][value]
                        expected += coverage[i] * c * (1 - shades[i])
                    }
                    d = max(d, abs(Int(channel) - Int((expected * 255).rounded())))
                }
                worst = max(worst, d)
                compared += 1
                if d > Self.coverageTolerance { wrong += 1 }
            }
        }
        XCTAssertGreaterThan(compared, 15_000)
        XCTAssertEqual(wrong, 0, "pixels off their exact coverage by more than \(Self.coverageTolerance) levels; worst \(worst)")
        print("ShadedSeamTests plain: \(wrong) pixels off exact coverage, worst \(worst) levels")
    }

    /// Levels a pixel may differ from its exact box-filter coverage: the analytic coverage of
    /// one straight edge is exact up to float rounding and the shader's 8-bit output.
    static let coverageTolerance = 6

    /// Whether a corner of the evaluated leaf's panels lies in the 4 px pad outside the view
    /// (above or below it, or beside it for a top-to-bottom book), within the view's span the
    /// other way.
    static func panelCornerInPad(_ root: Layer, view: Size, scale: Double) -> Bool {
        let e = LayerEvaluator()
        e.evaluate(root)
        let pad = 4 / scale
        for quad in e.quads where quad.layer.name.hasPrefix("leaf") && quad.layer.contents != nil {
            for v in e.corners(of: quad) {
                let (x, y) = (v.point.x, v.point.y)
                let above = (y < 0 && y > -pad) || (y > view.height && y < view.height + pad)
                let beside = (x < 0 && x > -pad) || (x > view.width && x < view.width + pad)
                if (above && x > 0 && x < view.width) || (beside && y > 0 && y < view.height) { return true }
            }
        }
        return false
    }
}
