import Testing
import FolioGeometry
import FolioLayers
@testable import FolioTransitions

/// The accordion: N panels of unequal widths joined exactly at every pose, whole-pixel creases
/// at rest, the closed-form chain of tilts, and bad input refused by name.
@Suite struct AccordionTests {
    /// Panel sets: unequal even widths (the CLI's example), odd widths, and many thin panels.
    static let widthSets: [[Double]] = [[208, 144, 176, 112, 160], [101, 77, 133, 89, 67, 113], [1, 2, 3, 2, 1, 3, 2, 1]]

    /// The corners of panel `i`'s trailing edge and of panel `i + 1`'s leading edge, in the
    /// same order (corners are `(0,0), (w,0), (w,h), (0,h)` of each panel's own rectangle).
    static func seam(_ a: PanelGeometry, _ b: PanelGeometry, vertical: Bool) -> [(Point, Point, Double, Double)] {
        vertical ? [(a.corners[3], b.corners[0], a.depth[3], b.depth[0]), (a.corners[2], b.corners[1], a.depth[2], b.depth[1])]
            : [(a.corners[1], b.corners[0], a.depth[1], b.depth[0]), (a.corners[2], b.corners[3], a.depth[2], b.depth[3])]
    }

    @Test(arguments: [false, true])
    func adjacentPanelsShareTheirSeamsAtEveryProgressWidthAndScale(vertical: Bool) throws {
        var worst = 0.0, checked = 0
        for widths in Self.widthSets {
            for scale in [1.0, 2, 1.5, 3] {
                let size = vertical ? Size(width: 480, height: 800) : Size(width: 800, height: 480)
                let a = try AccordionTransition(size: size, scale: scale, panelWidths: widths, vertical: vertical)
                for i in 0..<200 {
                    try a.setProgress(Double(i) / 199)
                    let panels = a.panels()
                    for k in 0..<(panels.count - 1) {
                        for (p, q, dp, dq) in Self.seam(panels[k], panels[k + 1], vertical: vertical) {
                            worst = max(worst, p.distance(to: q), abs(dp - dq))
                            checked += 1
                        }
                    }
                }
            }
        }
        #expect(worst <= 1e-9, "seams apart by \(worst) pt over \(checked) seam ends")
        #expect(checked > 10_000)
    }

    /// Every count the docs allow builds (the chain used to nest one layer per panel and
    /// crashed past 61 on the tree's depth limit) and joins its panels, in a tree of constant depth.
    @Test(arguments: [2, 61, 62, 63, 64, 65, 128, 255, AccordionTransition.maximumPanels])
    func everyDocumentedPanelCountBuildsAShallowTreeWithSharedSeams(count: Int) throws {
        let a = try AccordionTransition(size: Size(width: 1024, height: 300), scale: 1,
                                        panelWidths: Array(repeating: 1, count: count))
        #expect(a.root.subtreeHeight == 4)
        var worst = 0.0
        for p in [0.0, 0.3, 0.77, 1] {
            try a.setProgress(p)
            let panels = a.panels()
            #expect(panels.count == count)
            for k in 0..<(count - 1) {
                for (p, q, dp, dq) in Self.seam(panels[k], panels[k + 1], vertical: false) {
                    worst = max(worst, p.distance(to: q), abs(dp - dq))
                }
            }
        }
        // 256 creases compose 256 rotations: the seams still meet to well under a micro-point.
        #expect(worst <= 1e-9, "seams apart by \(worst) pt")
    }

    @Test func atRestTheCreasesFallOnWholePixelsAndTheWidthsFillTheView() throws {
        for scale in [1.0, 2, 1.5, 3] {
            for widths in Self.widthSets {
                let a = try AccordionTransition(size: Size(width: 799, height: 480), scale: scale, panelWidths: widths)
                #expect(abs(a.panelWidths.reduce(0, +) - 799) < 1e-9)
                var x = 0.0
                for (i, panel) in a.panels().enumerated() {
                    #expect(abs(panel.corners[0].x - x) < 1e-9 && panel.depth.allSatisfy { $0 == 0 })
                    let px = panel.corners[0].x * scale
                    #expect(abs(px - px.rounded()) < 1e-9, "panel \(i + 1) starts at \(px) px")
                    x += a.panelWidths[i]
                }
            }
        }
        // The CLI's example at scale 1 keeps its widths exactly.
        let a = try AccordionTransition(size: Size(width: 800, height: 480), panelWidths: [208, 144, 176, 112, 160])
        #expect(a.panelWidths == [208, 144, 176, 112, 160])
    }

    @Test func theChainFollowsTheClosedFormOfItsTilts() throws {
        let a = try AccordionTransition(size: Size(width: 800, height: 480), panelWidths: [208, 144, 176, 112, 160])
        for angles in [[30.0, -30, 30, -30, 30], [10, -45, 80, -5, 60], [0, 0, 90, -90, 0]] {
            try a.setPanelAngles(angles)
            #expect(a.creaseAngles.count == 4)
            let panels = a.panels()
            // Leading edge of panel i: x = Σ wₖ·cos φₖ, z = Σ wₖ·sin φₖ over the panels before it.
            var x = 0.0, z = 0.0
            for (i, panel) in panels.enumerated() {
                #expect(abs(panel.depth[0] - z) < 1e-9 && abs(panel.depth[3] - z) < 1e-9, "panel \(i + 1) depth")
                // Unprojected x is seen through the perspective about the view's centre.
                let w = 1 + a.m34 * z
                let projected = 400 + (x - 400) / w
                #expect(abs(panel.corners[0].x - projected) < 1e-9, "panel \(i + 1): \(panel.corners[0].x) vs \(projected)")
                let (s, c) = Angle.sinCos(degrees: angles[i])
                x += a.panelWidths[i] * c
                z += a.panelWidths[i] * s
            }
        }
    }

    @Test func foldedUpThePanelsLeaveTheViewAndTheFirstEdgeNeverMoves() throws {
        let a = try AccordionTransition(size: Size(width: 800, height: 480), panelWidths: [208, 144, 176, 112, 160])
        for i in 0...20 {
            try a.setProgress(Double(i) / 20)
            let first = a.panels()[0]
            #expect(first.corners[0].x == 0 || abs(first.corners[0].x) < 1e-9)
        }
        // Folded up, the panels stand on the leading edge, seen from the view's centre: nothing
        // of them is left inside the view, the destination shows whole.
        try a.setProgress(1)
        for panel in a.panels() { #expect(panel.corners.allSatisfy { $0.x < 1e-6 }, "\(panel.name): \(panel.corners)") }
        // Valleys darker than mountains face the same light.
        try a.setProgress(0.5)
        let shades = a.panels().map(\.shadowOpacity)
        #expect(shades[1] > shades[0] && shades[1] == shades[3] && shades[0] == shades[2])
    }

    @Test func badPanelsAndAnglesAreRefusedByName() throws {
        let size = Size(width: 800, height: 480)
        for widths: [Double] in [[], [800], [100, .nan], [100, 0], [100, -5], [1e308, 1e308], [1e9, 1]] {
            #expect(throws: TransitionError.self) { try AccordionTransition(size: size, panelWidths: widths) }
        }
        do {
            _ = try AccordionTransition(size: size, panelWidths: [1e9, 1])
        } catch {
            #expect(error.description.contains("under one pixel"), "\(error)")
        }
        let a = try AccordionTransition(size: size, panelWidths: [1, 1, 1])
        for angles: [Double] in [[0, 0], [0, 0, .infinity], [0, 0, 181], [0, 0, 0, 0]] {
            #expect(throws: TransitionError.invalidPanelAngles(angles)) { try a.setPanelAngles(angles) }
        }
        #expect(a.panelAngles == [0, 0, 0])
        #expect(throws: TransitionError.self) { try AccordionTransition(size: size, panelWidths: [1, 1], m34: 0.5) }
    }
}

/// Messages name a bad value without printing `nan` or `inf` (the command line promises never
/// to): NaN reads `not-a-number`, ±∞ `infinity` / `-infinity`.
@Suite struct NonFiniteMessageTests {
    static func printsNanOrInf(_ text: String) -> Bool {
        text.split(whereSeparator: { !$0.isLetter }).contains { ["nan", "inf", "-nan", "-inf"].contains($0.lowercased()) }
    }

    @Test func transitionErrorsSpellNonFiniteValuesInWords() throws {
        let errors: [TransitionError] = [
            .invalidSize(width: .nan, height: 10), .invalidSize(width: 10, height: .infinity),
            .sizeUnderOnePixel(width: .nan, height: 1, scale: 1), .invalidScale(.nan), .progressOutOfRange(.nan),
            .timeOutOfRange(-.infinity), .invalidPerspective(m34: .nan, reason: "not finite"), .invalidViewpoint(.infinity),
            .invalidDuration(.nan), .invalidPanelAngles([1, .nan, -.infinity]),
        ]
        for error in errors {
            #expect(!Self.printsNanOrInf(error.description), "\(error.description)")
        }
        #expect(TransitionError.timeOutOfRange(.nan).description == "time not-a-number must be a number in 0...1 (normalised)")
        #expect(TransitionError.invalidSize(width: 10, height: -.infinity).description.hasPrefix("view size 10.0 × -infinity must"))
        #expect(throws: TransitionError.self) { try AccordionTransition(size: Size(width: 100, height: 100), panelWidths: [1, .nan]) }
        do {
            _ = try AccordionTransition(size: Size(width: 100, height: 100), panelWidths: [1, .nan])
        } catch {
            #expect(error.description == "panel width not-a-number must be a finite number above 0")
        }
    }
}
