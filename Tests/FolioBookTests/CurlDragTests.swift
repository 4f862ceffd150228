import Testing
import Foundation
import FolioGeometry
import FolioMotion
import FolioSurface
@testable import FolioBook

/// Dragging a curl leaf through the book's controller, without a window: the grabbed point
/// follows the pointer and the curl's axis turns with it; release hands the pointer's velocity
/// to a spring on progress along the path through the pose reached; reduce motion crossfades.
@Suite struct CurlDragTests {
    /// A single-page book of 400 × 300 points whose soft leaves curl (spine on the left).
    static func controller(direction: ReadingDirection = .leftToRight) throws -> BookController {
        try BookControllerTests.controller(pages: 6, direction: direction, effect: CurlLeafEffect())
    }

    /// The curl leaf in flight on screen.
    static func shownLeaf(_ c: BookController) throws -> CurlLeaf {
        try #require(c.book.stack.first?.leaf as? CurlLeaf)
    }

    /// Moves the pointer from `a` to `b` in `steps` equal steps, a 60 Hz frame apart.
    static func drag(_ c: BookController, from a: Point, to b: Point, steps: Int) {
        for k in 1...steps {
            let t = Double(k) / Double(steps)
            c.move(to: Point(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t))
            BookControllerTests.run(c, seconds: 1.0 / 60)
        }
    }

    /// Holds the pointer still at `p` for `seconds` (the velocity dies away).
    static func hold(_ c: BookController, at p: Point, seconds: Double) {
        for _ in 0..<Int(seconds * 60) {
            c.move(to: p)
            BookControllerTests.run(c, seconds: 1.0 / 60)
        }
    }

    /// The held point's footprint is under the pointer, and the curl direction points from
    /// the pointer to the held point (`n ∥ G − P`): checked on the leaf on screen.
    static func expectHeld(_ c: BookController, grab: Point, pointer: Point, _ comment: Comment) throws {
        let leaf = try shownLeaf(c)
        let g = try #require(c.grab?.grip?.leafPoint)
        let local = leaf.localPoint(ofCanonical: c.book.canonicalPoint(pointer))
        let foot = leaf.curl.footprint(ofLocal: g)
        #expect(foot.distance(to: local) < 1e-6, "\(comment): footprint \(foot) vs pointer \(local)")
        // The leaf's spine is on the left: spine frame = local frame.
        let expected = atan2(g.y - local.y, g.x - local.x) * 180 / .pi
        #expect(abs(leaf.curl.pose.angle - expected) < 1e-6, "\(comment): angle \(leaf.curl.pose.angle) vs \(expected)")
    }

    @Test func draggingTheBottomCornerTowardTheUpperLeftTurnsTheAxis() throws {
        let c = try Self.controller()
        let corner = Point(x: 398, y: 298)
        #expect(c.press(at: corner))
        var angles: [Double] = []
        var from = corner
        for target in [Point(x: 330, y: 260), Point(x: 280, y: 200), Point(x: 250, y: 150)] {
            Self.drag(c, from: from, to: target, steps: 6)
            from = target
            try Self.expectHeld(c, grab: corner, pointer: target, "corner at \(target)")
            angles.append(try Self.shownLeaf(c).curl.pose.angle)
        }
        // Up and to the left at 45° in the end; the axis turned with the pointer all along.
        #expect(abs(angles[2] - 45) < 0.5, "\(angles)")
        #expect(angles.allSatisfy { $0 > 20 }, "\(angles)")
        let leaf = try Self.shownLeaf(c)
        #expect(c.book.leaves.first?.anchor == leaf.curl.pose, "the book carries the pose as the leaf's anchor")
        #expect(c.book.leaves[0].progress > 0.05)
    }

    @Test func anEdgeGrabKeepsTheAxisPerpendicularToTheEdgesMotion() throws {
        let c = try Self.controller()
        let edge = Point(x: 398, y: 150)
        #expect(c.press(at: edge))
        for pointer in [Point(x: 300, y: 120), Point(x: 250, y: 190), Point(x: 200, y: 150)] {
            Self.drag(c, from: edge, to: pointer, steps: 5)
            try Self.expectHeld(c, grab: edge, pointer: pointer, "edge to \(pointer)")
            let pose = try Self.shownLeaf(c).curl.pose
            let (s, co) = (sin(pose.angle * .pi / 180), cos(pose.angle * .pi / 180))
            // The axis (−sin α, cos α) is perpendicular to the motion P − G.
            let mx = pointer.x - edge.x, my = pointer.y - edge.y
            #expect(abs(-s * mx + co * my) < 1e-6 * (abs(mx) + abs(my)), "edge to \(pointer): axis angle \(pose.angle)")
        }
    }

    /// Dragged past the middle and let go still, the leaf turns over with the release spring;
    /// short of the middle it falls back. On the way the leaf follows the path through the
    /// pose it was let go in (no jump at the release).
    @Test(arguments: [(Point(x: 40, y: 200), true), (Point(x: 330, y: 220), false)])
    func releaseCompletesPastTheMiddleAndReturnsBeforeIt(pointer: Point, completes: Bool) throws {
        let c = try Self.controller()
        let corner = Point(x: 398, y: 298)
        #expect(c.press(at: corner))
        Self.drag(c, from: corner, to: pointer, steps: 20)
        Self.hold(c, at: pointer, seconds: 0.3)
        let progress = c.book.leaves[0].progress
        #expect(completes ? progress > 0.5 : progress < 0.5, "progress at release \(progress)")
        let before = try Self.shownLeaf(c).curl.pose
        c.release(at: pointer)
        BookControllerTests.run(c, seconds: 1.0 / 60)
        let after = try Self.shownLeaf(c).curl.pose
        #expect(abs(after.angle - before.angle) < 2 && abs(after.axisFraction - before.axisFraction) < 0.05,
                "continues from the pose let go: \(before) → \(after)")
        #expect(c.leavesInFlight == 1, "the spring carries it")
        BookControllerTests.run(c, seconds: 2)
        #expect(c.leavesInFlight == 0)
        #expect(c.book.opening == (completes ? 1 : 0), "opening \(c.book.opening)")
    }

    @Test func aFlickFromNearTheEdgeTurnsThePage() throws {
        let c = try Self.controller()
        let corner = Point(x: 398, y: 290)
        #expect(c.press(at: corner))
        // Fast and short: 60 points in 3 frames, released moving.
        Self.drag(c, from: corner, to: Point(x: 338, y: 270), steps: 3)
        #expect(c.book.leaves[0].progress < 0.5)
        c.release(at: Point(x: 338, y: 270))
        BookControllerTests.run(c, seconds: 2)
        #expect(c.book.opening == 1, "the velocity carried the turn on")
    }

    @Test func reduceMotionCrossfadesInsteadOfCurling() throws {
        let c = try Self.controller()
        c.reduceMotion = true
        let start = Point(x: 380, y: 150)
        #expect(c.press(at: start))
        Self.drag(c, from: start, to: Point(x: 150, y: 120), steps: 12)
        #expect(c.book.arrangement == .wholeOpening)
        #expect(c.book.openingLeaf?.leaf is CrossfadeLeaf, "the crossfade shows the turn")
        #expect(c.book.leaves.allSatisfy { $0.anchor == nil }, "no curl pose is carried")
        c.release(at: Point(x: 150, y: 120))
        BookControllerTests.run(c, seconds: 2)
        #expect(c.leavesInFlight == 0)
    }

    @Test(arguments: [ReadingDirection.rightToLeft, .topToBottom])
    func theGrabbedPointFollowsThePointerInEveryReadingDirection(direction: ReadingDirection) throws {
        let c = try Self.controller(direction: direction)
        // Near the free corner of the page, wherever the direction puts it.
        let size = c.book.configuration.viewSize
        let corner = direction == .rightToLeft ? Point(x: 2, y: size.height - 2) : Point(x: size.width - 2, y: size.height - 2)
        // Part of the way toward the view's centre: within the leaf's reach.
        let pointer = Point(x: corner.x + 0.4 * (size.width / 2 - corner.x), y: corner.y + 0.4 * (size.height / 2 - corner.y))
        #expect(c.press(at: corner))
        Self.drag(c, from: corner, to: pointer, steps: 10)
        let leaf = try Self.shownLeaf(c)
        let g = try #require(c.grab?.grip?.leafPoint)
        let foot = leaf.curl.footprint(ofLocal: g)
        let local = leaf.localPoint(ofCanonical: c.book.canonicalPoint(pointer))
        #expect(foot.distance(to: local) < 1e-6, "\(direction): \(foot) vs \(local), grab \(g), pose \(leaf.curl.pose), spine \(leaf.curl.spine), size \(leaf.curl.size)")
        #expect(abs(leaf.curl.pose.angle) > 5, "\(direction): the axis turned (\(leaf.curl.pose.angle)°)")
    }
}
