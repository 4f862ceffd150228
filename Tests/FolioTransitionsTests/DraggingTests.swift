import Testing
import FolioGeometry
import FolioLayers
import FolioMotion
@testable import FolioTransitions

/// Pointer-to-progress mapping, the interactive driver, and the reduce-motion crossfade.
@Suite struct DraggingTests {
    /// The free edge of the turning leaf, as a signed offset from the spine across the view.
    static func freeEdgeOffset(_ flip: FlipTransition) -> Double {
        let front = flip.panels().first { $0.name == "front" }!
        let vertical = flip.style.contains(.vertical), backward = flip.style.contains(.backward)
        // The front's free edge is the corner away from the spine (bounds corner order 0…3).
        let corner = backward ? (vertical ? front.corners[0] : front.corners[0]) : (vertical ? front.corners[3] : front.corners[1])
        return (vertical ? corner.y : corner.x) - flip.spinePosition
    }

    @Test func theGrabbedEdgeFollowsThePointerThroughTheProjection() throws {
        for style: FlipStyle in [[], .backward, .vertical, [.vertical, .backward], .reverse] {
            let flip = try FlipTransition(size: Size(width: 321, height: 479), style: style)
            for i in 0...40 {
                let p = Double(i) / 40
                try flip.setProgress(p)
                let offset = Self.freeEdgeOffset(flip)
                #expect(abs(flip.projectedOffset(radius: flip.leafLength, angle: flip.angle) - offset) < 1e-9, "\(style) p=\(p)")
                let solved = flip.progress(forPointerOffset: offset, radius: flip.leafLength)
                // Exact outside the lift and landing ramps (which span at most ~35° at each end).
                if p >= 0.2 && p <= 0.8 || style.contains(.reverse) {
                    #expect(abs(solved - p) < 1e-9, "\(style) p=\(p) solved \(solved)")
                }
            }
        }
    }

    @Test func pointerToProgressIsMonotoneAndContinuous() throws {
        for style: FlipStyle in [[], .backward, .reverse] {
            let flip = try FlipTransition(size: Size(width: 400, height: 300), style: style)
            let side: Double = style.contains(.backward) ? -1 : 1
            let r = flip.leafLength
            var previous = flip.progress(forPointerOffset: side * 1.2 * r, radius: r)
            #expect(previous == 0)
            for i in 1...2400 {
                // Sweep the pointer from beyond the resting edge to beyond the landing edge.
                let offset = side * (1.2 * r - 2.4 * r * Double(i) / 2400)
                let p = flip.progress(forPointerOffset: offset, radius: r)
                #expect(p >= previous - 1e-12 && p - previous < 0.01, "\(style) step \(i): \(previous) → \(p)")
                previous = p
            }
            #expect(previous == 1)
        }
    }

    @Test func leafRadiusFindsThePointUnderThePointer() throws {
        let flip = try FlipTransition(size: Size(width: 320, height: 480))
        try flip.setProgress(0.3)
        let offset = flip.projectedOffset(radius: 100, angle: flip.angle)
        #expect(abs(flip.leafRadius(underPointerOffset: offset)! - 100) < 1e-9)
        #expect(flip.leafRadius(underPointerOffset: -50) == nil)
        #expect(flip.progress(forPointerOffset: .nan, radius: 100) == 0.3)
    }

    @Test func foldHingeFollowsTheDragExactly() throws {
        for style: FoldStyle in [[], .unfold, .horizontal, .cubic] {
            let fold = try FoldTransition(size: Size(width: 321, height: 479), style: style)
            for i in 0...20 {
                let p = Double(i) / 20
                try fold.setProgress(p)
                let b = fold.panels().first { $0.name == "B" }!
                let hinge = style.contains(.horizontal) ? b.corners[0].x : b.corners[0].y
                #expect(abs(hinge - fold.hingeOffset) < 1e-9, "\(style) p=\(p)")
                #expect(abs(fold.progress(forHingeOffset: fold.hingeOffset) - p) < 1e-6, "\(style) p=\(p)")
            }
            #expect(fold.progress(forHingeOffset: -5) == (style.contains(.unfold) ? 1 : 0))
        }
    }

    /// The far half's hinge (C's far edge, where D hangs) is where `trailingHingeOffset` says:
    /// exactly with an even split (the hinge stays at z = 0), within a fraction of a pixel with
    /// an odd one (the hinge sits at most a pixel off the plane); and the mapping inverts.
    @Test func foldTrailingHingeFollowsTheDrag() throws {
        for (size, tolerance) in [(Size(width: 320, height: 480), 1e-9), (Size(width: 321, height: 479), 0.5)] {
            for style: FoldStyle in [[], .unfold, .horizontal, .cubic] {
                let fold = try FoldTransition(size: size, style: style)
                let horizontal = style.contains(.horizontal)
                let extent = horizontal ? size.width : size.height
                for i in 0...20 {
                    let p = Double(i) / 20
                    try fold.setProgress(p)
                    let c = fold.panels().first { $0.name == "C" }!
                    let far = c.corners.map { horizontal ? $0.x : $0.y }.max()!
                    #expect(abs(extent - far - fold.trailingHingeOffset) < tolerance, "\(size) \(style) p=\(p)")
                    #expect(abs(fold.progress(forTrailingHingeOffset: fold.trailingHingeOffset) - p) < 1e-6, "\(style) p=\(p)")
                }
                #expect(fold.progress(forTrailingHingeOffset: -5) == (style.contains(.unfold) ? 1 : 0))
                #expect(fold.progress(forTrailingHingeOffset: 1e9) == (style.contains(.unfold) ? 0 : 1))
            }
        }
    }

    @Test func angleKeyframesReproduceTheFoldShadowPathExactly() throws {
        let fold = try FoldTransition(size: Size(width: 320, height: 480))
        let track = try AngleKeyframes(.cosine, from: 0, to: 90, amplitude: -0.25, offset: 0.25, timing: fold.timing)
        let height = try AngleKeyframes(.cosine, from: 0, to: 90, amplitude: fold.split.leading, timing: fold.timing)
        for i in 0...50 {
            let t = Double(i) / 50
            try fold.setProgress(try fold.progress(atTime: t))
            #expect(fold.panels().first { $0.name == "B" }!.shadowOpacity == track.value(at: t))
            #expect(abs(fold.split.leading - fold.hingeOffset - height.value(at: t)) < 1e-12)
        }
    }

    @Test func releaseWithAFlickCompletesAndASlowReleaseFallsBack() throws {
        for (velocityPerFrame, expected) in [(0.02, 1.0), (0.001, 0.0)] {
            let clock = AnimationClock()
            let flip = try FlipTransition(size: Size(width: 320, height: 480))
            let driver = try InteractiveTransition(flip, clock: clock)
            try clock.tick(to: 0)
            driver.beginDrag()
            for f in 1...15 {
                try clock.tick(to: Double(f) / 60)
                try driver.drag(to: 0.1 + velocityPerFrame * Double(f))
            }
            #expect(abs(flip.progress - (0.1 + velocityPerFrame * 15)) < 1e-12)
            #expect(try driver.endDrag() == expected)
            for f in 16...200 { try clock.tick(to: Double(f) / 60) }
            #expect(flip.progress == expected && !driver.progress.isAnimating)
        }
    }

    @Test func dragPastTheLastPageRubberBandsAndReturns() throws {
        let clock = AnimationClock()
        let fold = try FoldTransition(size: Size(width: 320, height: 480))
        let driver = try InteractiveTransition(fold, clock: clock)
        driver.allowedRange = 0...0
        try clock.tick(to: 0)
        try driver.drag(to: 0.6)
        #expect(fold.progress > 0 && fold.progress < 0.6 * 0.3)
        try driver.drag(to: 5)
        #expect(fold.progress < driver.rubberBandDimension)
        try driver.endDrag()
        try clock.tick(to: 2)
        #expect(fold.progress == 0)
        #expect(throws: MotionError.self) { try driver.drag(to: .infinity) }
    }

    @Test func interruptingAnAnimationKeepsThePageWhereItIs() throws {
        let clock = AnimationClock()
        let flip = try FlipTransition(size: Size(width: 320, height: 480))
        let driver = try InteractiveTransition(flip, clock: clock)
        try clock.tick(to: 0)
        try driver.animate(to: 1, with: .timing(.linear, duration: 1))
        try clock.tick(to: 0.4)
        let shown = flip.progress
        driver.beginDrag()
        try clock.tick(to: 0.5)
        #expect(flip.progress == shown && abs(shown - 0.4) < 1e-12)
    }

    @Test func crossfadeFadesTheDestinationInWithoutMotion() throws {
        let fade = try CrossfadeTransition(size: Size(width: 200, height: 100))
        try fade.setProgress(0.3)
        let panels = fade.panels()
        #expect(panels.map(\.name) == ["source", "destination"])
        #expect(fade.destination.opacity == 0.3)
        for p in panels { #expect(p.corners == [Point(x: 0, y: 0), Point(x: 200, y: 0), Point(x: 200, y: 100), Point(x: 0, y: 100)]) }
        #expect(throws: TransitionError.progressOutOfRange(1.5)) { try fade.setProgress(1.5) }
    }
}
