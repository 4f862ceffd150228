import FolioBook
import FolioGeometry
import FolioMotion
import Testing

/// Zoom about a point, clamping, the column zoom, the pan-or-turn rule, and the zoom applied
/// through the book's root (pointer mapping and hit testing follow it).
struct BookZoomTests {
    static let view = Size(width: 800, height: 560)

    @Test func zoomingKeepsThePointUnderThePointerFixed() throws {
        var zoom = try BookZoom(viewSize: Self.view)
        // Zooming in about points of the viewport, one after another: never clamped.
        let steps: [(Double, Point)] = [(1.25, Point(x: 310, y: 200)), (2, Point(x: 700, y: 90)), (1.5, Point(x: 15, y: 540)),
                                        (1.1, Point(x: 400, y: 280))]
        for (factor, p) in steps {
            let under = zoom.viewPoint(fromPlaced: p)
            zoom.zoom(by: factor, about: p)
            let after = zoom.placedPoint(fromView: under)
            #expect(after.distance(to: p) < 1e-9, "×\(factor) about \(p): the point moved to \(after)")
        }
        #expect(abs(zoom.scale - 1.25 * 2 * 1.5 * 1.1) < 1e-12)
    }

    @Test func theViewAlwaysCoversTheViewportAndTheScaleStaysInRange() throws {
        var zoom = try BookZoom(viewSize: Self.view, maximumScale: 4)
        zoom.zoom(by: 100, about: Point(x: 800, y: 560))
        #expect(zoom.scale == 4)
        for delta in [Point(x: 5000, y: 0), Point(x: -9000, y: 3000), Point(x: 0, y: -7000), Point(x: 123, y: 45)] {
            zoom.pan(by: delta)
            let v = zoom.visibleRect
            #expect(v.minX >= -1e-9 && v.minY >= -1e-9 && v.maxX <= 800 + 1e-9 && v.maxY <= 560 + 1e-9, "\(v)")
        }
        // Zooming out from a corner pulls the view back over the viewport; at 1 it is exactly the view.
        zoom.pan(by: Point(x: -9000, y: -9000))
        zoom.zoom(by: 0.5, about: Point(x: 0, y: 0))
        #expect(zoom.scale == 2)
        #expect(zoom.offset.x >= zoom.offsetRange.x.lowerBound && zoom.offset.y >= zoom.offsetRange.y.lowerBound)
        zoom.zoom(by: 0.01, about: Point(x: 0, y: 0))
        #expect(zoom.scale == 1 && zoom.offset == Point(x: 0, y: 0) && !zoom.isZoomed)
    }

    @Test func panningReturnsWhatTheEdgeStopped() throws {
        var zoom = try BookZoom(viewSize: Self.view)
        zoom.setScale(2, about: Point(x: 400, y: 280)) // offset (−400, −280), range −800…0 × −560…0
        #expect(zoom.offset == Point(x: -400, y: -280))
        let left = zoom.pan(by: Point(x: 300, y: 0))
        #expect(left == Point(x: 0, y: 0) && zoom.offset.x == -100)
        let stopped = zoom.pan(by: Point(x: 250, y: -10))
        #expect(stopped == Point(x: 150, y: 0) && zoom.offset == Point(x: 0, y: -290))
    }

    @Test func badParametersAreRefusedByName() {
        #expect(throws: BookError.invalidZoom(parameter: "view width", value: 0)) { try BookZoom(viewSize: Size(width: 0, height: 5)) }
        #expect(throws: BookError.invalidZoom(parameter: "view height", value: .infinity)) { try BookZoom(viewSize: Size(width: 5, height: .infinity)) }
        #expect(throws: BookError.invalidZoom(parameter: "maximum scale", value: 0.5)) { try BookZoom(viewSize: Self.view, maximumScale: 0.5) }
    }

    @Test func nonFiniteInputChangesNothing() throws {
        var zoom = try BookZoom(viewSize: Self.view)
        zoom.setScale(3, about: Point(x: 100, y: 100))
        let before = zoom
        zoom.zoom(by: .nan, about: Point(x: 1, y: 1))
        zoom.zoom(by: 2, about: Point(x: .infinity, y: 1))
        zoom.pan(by: Point(x: .nan, y: 0))
        #expect(zoom == before)
    }

    @Test func doubleClickZoomsToTheColumnUnderThePointer() throws {
        var zoom = try BookZoom(viewSize: Self.view)
        // The right-hand page of a spread, two columns: the right column is 200 pt wide → 4×.
        let page = Rect(x: 400, y: 0, width: 400, height: 560)
        zoom.zoom(toColumnAt: Point(x: 700, y: 140), of: page, columns: 2)
        #expect(zoom.scale == 4)
        let v = zoom.visibleRect
        #expect(abs(v.minX - 600) < 1e-9 && abs(v.width - 200) < 1e-9, "the column fills the width: \(v)")
        #expect(abs(zoom.placedPoint(fromView: Point(x: 700, y: 140)).y - 140) < 1e-9, "the pointer's line keeps its height")
        // A point outside the page does nothing.
        var other = try BookZoom(viewSize: Self.view)
        other.zoom(toColumnAt: Point(x: 100, y: 100), of: page, columns: 2)
        #expect(!other.isZoomed)
    }

    @Test func atScaleOneEveryDragTurns() throws {
        let zoom = try BookZoom(viewSize: Self.view)
        for start in [Point(x: 400, y: 280), Point(x: 5, y: 5), Point(x: 790, y: 300)] {
            #expect(zoom.gesture(startingAt: start, direction: .leftToRight) == .turn)
        }
    }

    @Test func zoomedADragFromTheEdgeBandTurnsAndOneFromTheMiddlePans() throws {
        var zoom = try BookZoom(viewSize: Self.view)
        zoom.setScale(2, about: Point(x: 400, y: 280)) // room to pan every way
        // The band: the outer 12% of 800 pt = 96 pt at each side.
        #expect(zoom.gesture(startingAt: Point(x: 95, y: 280), direction: .leftToRight) == .turn)
        #expect(zoom.gesture(startingAt: Point(x: 706, y: 280), direction: .leftToRight) == .turn)
        // Inside it: undecided until the slop, then a pan either way.
        #expect(zoom.gesture(startingAt: Point(x: 97, y: 280), direction: .leftToRight) == nil)
        #expect(zoom.gesture(startingAt: Point(x: 400, y: 280), movingBy: Point(x: -3, y: 0), direction: .leftToRight) == nil)
        #expect(zoom.gesture(startingAt: Point(x: 400, y: 280), movingBy: Point(x: -10, y: 0), direction: .leftToRight) == .pan)
        #expect(zoom.gesture(startingAt: Point(x: 400, y: 280), movingBy: Point(x: 10, y: 2), direction: .leftToRight) == .pan)
        // A top-bound book turns along y: its band is at the top and bottom.
        #expect(zoom.gesture(startingAt: Point(x: 20, y: 280), movingBy: Point(x: 10, y: 0), direction: .topToBottom) == .pan)
        #expect(zoom.gesture(startingAt: Point(x: 400, y: 20), direction: .topToBottom) == .turn)
    }

    @Test func zoomedADragTowardAnEdgeAlreadyReachedTurns() throws {
        var zoom = try BookZoom(viewSize: Self.view)
        zoom.setScale(2, about: Point(x: 400, y: 280))
        zoom.pan(by: Point(x: -10_000, y: 0)) // panned to the page's right edge
        let middle = Point(x: 400, y: 280)
        // Leftward (the page would move left, revealing more to the right: nothing left) turns.
        #expect(zoom.gesture(startingAt: middle, movingBy: Point(x: -10, y: 1), direction: .leftToRight) == .turn)
        // Rightward still pans; so does a drag mostly across the turning axis.
        #expect(zoom.gesture(startingAt: middle, movingBy: Point(x: 10, y: 1), direction: .leftToRight) == .pan)
        #expect(zoom.gesture(startingAt: middle, movingBy: Point(x: -3, y: 10), direction: .leftToRight) == .pan)
        zoom.pan(by: Point(x: 10_000, y: 0)) // the left edge
        #expect(zoom.gesture(startingAt: middle, movingBy: Point(x: 10, y: 0), direction: .rightToLeft) == .turn)
    }

    /// The zoom applied to a book's root: hit testing and the pointer mapping see the same
    /// view point the zoom says is under the pointer.
    @Test func theZoomAppliedToTheRootMapsPointerInputThroughIt() throws {
        let book = try Book(pageCount: 8, configuration: BookConfiguration(viewSize: Self.view, layout: .spread))
        let plain = try Book(pageCount: 8, configuration: BookConfiguration(viewSize: Self.view, layout: .spread))
        var zoom = try BookZoom(viewSize: Self.view)
        zoom.zoom(by: 2.5, about: Point(x: 620, y: 333))
        zoom.pan(by: Point(x: 37, y: -21))
        zoom.apply(to: book)
        for p in [Point(x: 620, y: 333), Point(x: 100, y: 50), Point(x: 790, y: 550)] {
            let expected = zoom.viewPoint(fromPlaced: p)
            let mapped = try #require(book.viewPoint(fromPlaced: p))
            #expect(mapped.distance(to: expected) < 1e-9, "\(p): \(mapped) vs \(expected)")
            #expect(book.hitTest(p) == plain.hitTest(expected))
        }
        zoom.reset()
        zoom.apply(to: book)
        #expect(book.viewPoint(fromPlaced: Point(x: 12, y: 34)) == Point(x: 12, y: 34))
    }
    /// Issue 42, item 11: a framed book (its view at the framing's origin in the window) keeps
    /// that origin when zoomed. Unzoomed, applying the zoom leaves the root where the framing
    /// put it (view point (0, 0) at the origin); zoomed 2× about a window point, the view point
    /// under it stays under it and every window point maps to `(p − origin − offset) / scale`,
    /// worked out here from the framing's numbers, not the zoom's own mapping.
    @Test func zoomAndFramingComposeTheFramedOriginSurvivesTheZoom() throws {
        var configuration = BookConfiguration(viewSize: Self.view, layout: .spread, effect: CurlLeafEffect())
        let framing = try BookFraming.fit(pageSize: Size(width: 400, height: 560), in: Size(width: 1100, height: 700),
                                          configuration: configuration, margin: 12)
        #expect(framing.origin.x > 12 && framing.origin.y > 12, "the framing moves the view off the window's corner")
        configuration.viewSize = framing.viewSize
        let book = try Book(pageCount: 8, configuration: configuration)
        // The guide's place(): the root's position plus the origin.
        let root = book.root
        root.position = Point(x: root.bounds.origin.x + framing.origin.x, y: root.bounds.origin.y + framing.origin.y)
        let framed = root.position

        var zoom = try BookZoom(framing: framing)
        zoom.apply(to: book)
        #expect(root.position == framed, "unzoomed, the zoom places the root where the framing did")
        let corner = try #require(book.viewPoint(fromPlaced: framing.origin))
        #expect(corner.distance(to: Point(x: 0, y: 0)) < 1e-9, "the view's corner sits at the framing origin: \(corner)")

        // 2× about the middle of the view, in window points: no clamp is needed (about a point
        // of the viewport), so the view point under it stays put.
        let v = framing.viewSize
        let pointer = Point(x: framing.origin.x + v.width / 2, y: framing.origin.y + v.height / 2)
        let under = try #require(book.viewPoint(fromPlaced: pointer))
        zoom.zoom(by: 2, about: pointer)
        zoom.apply(to: book)
        let after = try #require(book.viewPoint(fromPlaced: pointer))
        #expect(after.distance(to: under) < 1e-9, "the point under the pointer stays: \(under) → \(after)")
        // Offset about the middle at 2×: −v/2 on each axis (from the origin).
        let offset = Point(x: -v.width / 2, y: -v.height / 2)
        #expect(zoom.offset.distance(to: offset) < 1e-9)
        for p in [Point(x: 0, y: 0), Point(x: 300, y: 200), Point(x: 1099, y: 699)] {
            let expected = Point(x: (p.x - framing.origin.x - offset.x) / 2, y: (p.y - framing.origin.y - offset.y) / 2)
            let mapped = try #require(book.viewPoint(fromPlaced: p))
            #expect(mapped.distance(to: expected) < 1e-9, "\(p): \(mapped) vs \(expected)")
        }
        // The edge band and the viewport are measured in the window too: 12% in from the view's
        // left edge at the origin.
        let band = BookZoom.edgeBand * v.width
        #expect(zoom.gesture(startingAt: Point(x: framing.origin.x + band - 1, y: pointer.y), direction: .leftToRight) == .turn)
        #expect(zoom.gesture(startingAt: Point(x: framing.origin.x + band + 1, y: pointer.y), direction: .leftToRight) == nil)
        #expect(zoom.viewport == Rect(origin: framing.origin, size: v))
        // Back to no zoom: back at the origin, not at the window's corner.
        zoom.reset()
        zoom.apply(to: book)
        #expect(root.position == framed)
        // A non-finite origin is ignored, like every other non-finite input.
        zoom.origin = Point(x: .nan, y: 3)
        #expect(zoom.origin == framing.origin)
    }
}
