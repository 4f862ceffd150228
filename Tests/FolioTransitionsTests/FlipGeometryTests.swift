import Testing
import FolioGeometry
import FolioLayers
@testable import FolioTransitions

/// The page flip against hand-derived numbers (docs/effects.md).
@Suite struct FlipGeometryTests {
    static func page(_ t: FlipTransition, _ name: String) -> PanelGeometry {
        t.panels().first { $0.name == name }!
    }

    @Test func frontCornersAtAnEighthMatchTheDerivation() throws {
        // 320×480 forward, p = 0.125: φ = 22.5°, r = 160: x = 160 + 160·cos φ, z = 160·sin φ,
        // w = 1 − z/746.667; pivot (160, 240) → (321.025, −21.439) and (321.025, 501.439).
        let flip = try FlipTransition(size: Size(width: 320, height: 480))
        try flip.setProgress(0.125)
        let front = Self.page(flip, "front")
        #expect(abs(front.corners[1].x - 321.025) < 5e-4 && abs(front.corners[1].y - -21.439) < 5e-4)
        #expect(abs(front.corners[2].x - 321.025) < 5e-4 && abs(front.corners[2].y - 501.439) < 5e-4)
        #expect(abs(front.depth[1] - 160 * Angle.sinCos(degrees: 22.5).sin) < 1e-9)
    }

    @Test func leafIsExactlyEdgeOnAtNinetyDegreesAndSwapsThere() throws {
        for style: FlipStyle in [[], .backward, .vertical, [.vertical, .backward], .reverse] {
            let flip = try FlipTransition(size: Size(width: 300, height: 200), style: style)
            try flip.setProgress(0.5)
            let front = Self.page(flip, "front")
            let area = Projection.signedDoubleArea(front.corners)
            #expect(abs(area) < 1e-12 * 300 * 200, "\(style): edge-on leaf has area \(area)")
            try flip.setProgress(0.49)
            #expect(Self.page(flip, "front").visible && !Self.page(flip, "back").visible)
            try flip.setProgress(0.51)
            #expect(!Self.page(flip, "front").visible && Self.page(flip, "back").visible)
        }
    }

    @Test func frontSwingsTowardTheViewer() throws {
        for style: FlipStyle in [[], .backward, .vertical, [.vertical, .backward]] {
            let flip = try FlipTransition(size: Size(width: 300, height: 200), style: style)
            try flip.setProgress(0.25)
            #expect(Self.page(flip, "front").depth.max()! > 50)
            #expect(Self.page(flip, "front").depth.min()! >= -1e-9)
            try flip.setProgress(0.75)
            #expect(Self.page(flip, "back").depth.max()! > 50)
        }
    }

    @Test func endsAreTheFlatLayouts() throws {
        let flip = try FlipTransition(size: Size(width: 320, height: 480))
        try flip.setProgress(0)
        #expect(Self.page(flip, "front").corners == [Point(x: 160, y: 0), Point(x: 320, y: 0), Point(x: 320, y: 480), Point(x: 160, y: 480)])
        #expect(Self.page(flip, "facing").corners[0] == Point(x: 0, y: 0))
        try flip.setProgress(1)
        let back = Self.page(flip, "back")
        for (got, want) in zip(back.corners, [Point(x: 0, y: 0), Point(x: 160, y: 0), Point(x: 160, y: 480), Point(x: 0, y: 480)]) {
            #expect(got.distance(to: want) < 1e-9)
        }
    }

    @Test func backwardTurnsLeftToRightAndVerticalTurnsBottomToTop() throws {
        let backward = try FlipTransition(size: Size(width: 320, height: 480), style: .backward)
        try backward.setProgress(0.25)
        #expect(Self.page(backward, "front").corners.map(\.x).min()! > 0, "the left page lifts toward the spine")
        #expect(Self.page(backward, "front").corners.map(\.x).max()! <= 160 + 1e-9)
        let vertical = try FlipTransition(size: Size(width: 320, height: 480), style: .vertical)
        try vertical.setProgress(1)
        let back = Self.page(vertical, "back")
        #expect(back.corners[0].distance(to: Point(x: 0, y: 0)) < 1e-9 && back.corners[2].distance(to: Point(x: 320, y: 240)) < 1e-9)
    }

    @Test func viewpointMovesThePerspectivePivotAlongTheSpine() throws {
        let below = try FlipTransition(size: Size(width: 320, height: 480), viewpoint: 1.5)
        try below.setProgress(0.25)
        let front = Self.page(below, "front")
        // Pivot at y = 720: the top edge is pulled further from it than the bottom edge.
        let topSpread = abs(front.corners[1].y - 0), bottomSpread = abs(front.corners[2].y - 480)
        #expect(topSpread > bottomSpread)
        #expect(abs(front.corners[0].y - 0) < 1e-9, "the spine itself stays put")
    }

    @Test func shadowsFollowTheirCurves() throws {
        let flip = try FlipTransition(size: Size(width: 320, height: 480))
        let reverse = try FlipTransition(size: Size(width: 320, height: 480), style: .reverse)
        #expect(reverse.m34 > 0)
        for i in 0...20 {
            let p = Double(i) / 20, phi = 180 * p
            try flip.setProgress(p); try reverse.setProgress(p)
            let c = Angle.sinCos(degrees: phi).cos
            #expect(abs(Self.page(flip, "reveal").shadowOpacity - (phi < 90 ? c / 3 : 0)) < 1e-12)
            #expect(abs(Self.page(flip, "facing").shadowOpacity - (phi > 90 ? Angle.sinCos(degrees: phi - 90).sin / 3 : 0)) < 1e-12)
            #expect(abs(Self.page(flip, "front").shadowOpacity - 0.1 * phi / 90) < 1e-12)
            #expect(abs(Self.page(flip, "back").shadowOpacity - 0.1 * (2 - phi / 90)) < 1e-12)
            #expect(Self.page(reverse, "reveal").shadowOpacity == 0 && Self.page(reverse, "facing").shadowOpacity == 0)
        }
    }

    @Test func stagedTimingReachesNinetyDegreesAtHalfTime() throws {
        let flip = try FlipTransition(size: Size(width: 320, height: 480))
        #expect(try flip.progress(atTime: 0.5) == 0.5)
        #expect(try flip.progress(atTime: 0) == 0 && flip.progress(atTime: 1) == 1)
        #expect(flip.duration == 0.5)
    }
}
