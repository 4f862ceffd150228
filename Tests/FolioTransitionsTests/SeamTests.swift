import Testing
import FolioGeometry
import FolioLayers
@testable import FolioTransitions

/// The seam suite: adjacent panels share edges exactly, at any size, scale, style and progress.
///
/// Tolerance: 1e-9 points on shared corners (docs/pipeline.md, "Guarantees"). Sizes mix even and odd pixel
/// counts, including 1×1 and 4096×2160; progress steps by 1/40.
@Suite struct SeamTests {
    static let sizes: [(Double, Double)] = [(320, 480), (321, 479), (99, 99), (1, 1), (4096, 2160), (2, 3)]
    static let scales: [Double] = [1, 2, 3]
    static let steps = 40

    static func allFoldStyles() -> [FoldStyle] {
        (0..<16).map { FoldStyle(rawValue: $0) }
    }

    static func allFlipStyles() -> [FlipStyle] {
        (0..<8).map { FlipStyle(rawValue: $0) }
    }

    static func assertFinite(_ panels: [PanelGeometry], _ context: String) {
        for p in panels {
            #expect(p.corners.allSatisfy(\.isFinite) && p.depth.allSatisfy(\.isFinite) && p.shadowOpacity.isFinite,
                    "non-finite \(p.name) at \(context)")
        }
    }

    @Test(arguments: allFoldStyles())
    func foldPanelsShareTheirEdges(style: FoldStyle) throws {
        for (w, h) in Self.sizes {
            for s in Self.scales {
                let fold = try FoldTransition(size: Size(width: w, height: h), scale: s, style: style)
                for i in 0...Self.steps {
                    try fold.setProgress(Double(i) / Double(Self.steps))
                    let p = fold.panels()
                    let context = "\(w)x\(h)@\(s) \(style.rawValue) p=\(fold.progress)"
                    Self.assertFinite(p, context)
                    // Trailing edge (corners 3, 2) of each panel = leading edge (0, 1) of the next,
                    // in view points and in depth.
                    let horizontal = style.contains(.horizontal)
                    for k in 0..<3 {
                        let (a, b) = (p[k], p[k + 1])
                        let trailing = horizontal ? [a.corners[1], a.corners[2]] : [a.corners[3], a.corners[2]]
                        let leading = horizontal ? [b.corners[0], b.corners[3]] : [b.corners[0], b.corners[1]]
                        for (x, y) in zip(trailing, leading) {
                            #expect(x.distance(to: y) < 1e-9, "\(a.name)–\(b.name) seam opens at \(context)")
                        }
                    }
                    if !style.contains(.cubic) {
                        // A and D stay flat: axis-aligned rectangles on screen.
                        for k in [0, 3] {
                            let c = p[k].corners
                            #expect(abs(c[0].y - c[1].y) < 1e-9 && abs(c[3].y - c[2].y) < 1e-9
                                        && abs(c[0].x - c[3].x) < 1e-9 && abs(c[1].x - c[2].x) < 1e-9,
                                    "\(p[k].name) not flat at \(context)")
                        }
                    }
                    if !style.contains(.horizontal) && (h * s).truncatingRemainder(dividingBy: 2) == 0 {
                        // Even sizes: B and C have the same projected height.
                        let hb = p[1].corners[3].y - p[1].corners[0].y, hc = p[2].corners[3].y - p[2].corners[0].y
                        #expect(abs(hb - hc) < 1e-9, "B/C heights differ at \(context)")
                    }
                }
            }
        }
    }

    @Test(arguments: allFlipStyles())
    func flipPagesMeetAtTheSpine(style: FlipStyle) throws {
        for (w, h) in Self.sizes {
            for s in Self.scales {
                let flip = try FlipTransition(size: Size(width: w, height: h), scale: s, style: style)
                let u = flip.split.leading
                let vertical = style.contains(.vertical)
                for i in 0...Self.steps {
                    try flip.setProgress(Double(i) / Double(Self.steps))
                    let pages = flip.panels()
                    let context = "\(w)x\(h)@\(s) \(style.rawValue) p=\(flip.progress)"
                    Self.assertFinite(pages, context)
                    for page in pages {
                        // Each page keeps its spine edge on the spine line at z = 0. Pages on
                        // the leading side have the spine on their far edge.
                        let leadingSide = ["facing", "back"].contains(page.name) != style.contains(.backward)
                        let spine = vertical ? (leadingSide ? [3, 2] : [0, 1]) : (leadingSide ? [1, 2] : [0, 3])
                        for i in spine {
                            #expect(abs((vertical ? page.corners[i].y : page.corners[i].x) - u) < 1e-9,
                                    "\(page.name) left the spine at \(context)")
                            #expect(abs(page.depth[i]) < 1e-9)
                        }
                    }
                }
            }
        }
    }

    @Test func evaluatedFoldPolygonsStayJoined() throws {
        // The renderer's view: both ends of every seam are corners of the evaluated polygons
        // on each side of it (a panel may arrive in several pieces after the depth sort).
        for style: FoldStyle in [[], .cubic, [.cubic, .horizontal]] {
            for (w, h, s) in [(320.0, 480.0, 1.0), (321, 479, 2), (99, 99, 3)] {
                let fold = try FoldTransition(size: Size(width: w, height: h), scale: s, style: style)
                let e = LayerEvaluator()
                for i in 1..<Self.steps {
                    try fold.setProgress(Double(i) / Double(Self.steps))
                    e.evaluate(fold.root)
                    let panels = fold.panels()
                    func evaluatedCorners(_ name: String) -> [Point] {
                        e.quads.filter { $0.isVisible && $0.layer.name == name }.flatMap { e.corners(of: $0).map(\.point) }
                    }
                    let horizontal = style.contains(.horizontal)
                    for k in 0..<3 {
                        let a = panels[k]
                        let ends = horizontal ? [a.corners[1], a.corners[2]] : [a.corners[3], a.corners[2]]
                        for name in [panels[k].name, panels[k + 1].name] {
                            let corners = evaluatedCorners(name)
                            // Masked views clip sleeves at the view edge; only check inside it.
                            for end in ends where style.contains(.cubic) || Rect(x: 0, y: 0, width: w, height: h).contains(end) {
                                #expect(corners.contains { $0.distance(to: end) < 1e-9 },
                                        "\(name) lost seam \(k) end at \(w)x\(h)@\(s) \(style.rawValue) p=\(fold.progress)")
                            }
                        }
                    }
                }
            }
        }
    }

    @Test func panelsLyingOnTheViewEdgeGainNoSliverCorners() throws {
        // A panel edge on the masking view's edge, computed through the perspective, lands
        // 1e-14 pt to either side of it. The clip must treat that as on the edge: a cut there
        // leaves two corners 1e-14 apart, a zero-length edge the renderer cannot antialias.
        for (w, h, s) in [(320.0, 480.0, 1.0), (321, 479, 2), (1024, 768, 1)] {
            for style: FoldStyle in [[], .horizontal] {
                let fold = try FoldTransition(size: Size(width: w, height: h), scale: s, style: style)
                let e = LayerEvaluator()
                for i in 0...Self.steps {
                    try fold.setProgress(Double(i) / Double(Self.steps))
                    e.evaluate(fold.root)
                    for quad in e.quads where quad.isVisible {
                        let corners = Array(e.corners(of: quad))
                        for k in corners.indices {
                            let gap = corners[k].point.distance(to: corners[(k + 1) % corners.count].point)
                            #expect(gap > 1e-6, "\(quad.layer.name) at \(w)x\(h)@\(s) \(style.rawValue) p=\(fold.progress): edge of \(gap) pt")
                        }
                    }
                }
            }
        }
    }
}
