import Testing
import FolioGeometry
import FolioLayers
import FolioSurface
@testable import FolioTransitions

/// The curl as a spread transition: layout, perspective, ends of the turn, timing, dragging.
@Suite struct CurlTransitionTests {
    @Test func leafIsTheTurningHalfOfTheFlipLayout() throws {
        let cases: [(FlipStyle, Rect, SpineEdge)] = [
            ([], Rect(x: 50, y: 0, width: 49, height: 80), .left),
            (.backward, Rect(x: 0, y: 0, width: 50, height: 80), .right),
            (.vertical, Rect(x: 0, y: 40, width: 99, height: 40), .top),
            ([.vertical, .backward], Rect(x: 0, y: 0, width: 99, height: 40), .bottom),
        ]
        for (style, frame, spine) in cases {
            let curl = try CurlTransition(size: Size(width: 99, height: 80), style: style)
            #expect(curl.leafFrame == frame && curl.curl.spine == spine, "\(style)")
            let panels = curl.panels()
            #expect(panels.map(\.name) == ["facing", "reveal"])
            let reveal = panels[1]
            #expect(reveal.corners == [Point(x: frame.minX, y: frame.minY), Point(x: frame.maxX, y: frame.minY),
                                       Point(x: frame.maxX, y: frame.maxY), Point(x: frame.minX, y: frame.maxY)], "\(style)")
            #expect(reveal.depth == [0, 0, 0, 0] && reveal.visible)
        }
    }

    @Test func perspectiveIsTheFlipsAndTheEyeStaysAbove() throws {
        let curl = try CurlTransition(size: Size(width: 320, height: 480))
        let flip = try FlipTransition(size: Size(width: 320, height: 480))
        #expect(curl.m34 == flip.m34)
        #expect(throws: TransitionError.self) { try CurlTransition(size: Size(width: 320, height: 480), style: .reverse) }
        #expect(throws: TransitionError.self) { try CurlTransition(size: Size(width: 320, height: 480), m34: 0.001) }
        // The roll may reach 2R = 100 pt: an eye at 90 pt is inside it.
        #expect(throws: TransitionError.self) { try CurlTransition(size: Size(width: 320, height: 480), radius: 50, m34: -1.0 / 90) }
        #expect(throws: TransitionError.invalidCurl(.invalidRadius(-1))) { try CurlTransition(size: Size(width: 320, height: 480), radius: -1) }
        #expect(throws: TransitionError.invalidCurl(.invalidAngle(89))) { try CurlTransition(size: Size(width: 320, height: 480), startAngle: 89) }
        #expect(throws: TransitionError.progressOutOfRange(2)) { try curl.setProgress(2) }
        // The spine's pivot: a point on the spine in the page plane projects to itself.
        try curl.setProgress(0.6)
        for v in curl.mesh.vertices where v.local.x == 0 {
            #expect(v.point == Point(x: 160 + v.local.x, y: v.local.y), "spine vertices stay on the spine")
        }
    }

    @Test func turnStartsFlatAndEndsMirroredOntoTheFacingHalf() throws {
        for style: FlipStyle in [[], .backward, .vertical, [.vertical, .backward]] {
            let curl = try CurlTransition(size: Size(width: 300, height: 200), scale: 2, style: style)
            try curl.setProgress(0)
            #expect(curl.mesh.triangles.count == 2 && curl.mesh.patches.allSatisfy { !$0.isBackFacing })
            for v in curl.mesh.vertices {
                #expect(v.point == Point(x: curl.leafFrame.minX + v.local.x, y: curl.leafFrame.minY + v.local.y))
            }
            try curl.setProgress(1)
            #expect(curl.mesh.patches.allSatisfy { $0.isBackFacing }, "turned over: only the back shows")
            for v in curl.mesh.vertices {
                let flat = Point(x: curl.leafFrame.minX + v.local.x, y: curl.leafFrame.minY + v.local.y)
                let mirrored = curl.backViewPoint(ofLocal: v.local)
                #expect(v.point.distance(to: mirrored) < 1e-9, "\(style): \(flat) lands on \(mirrored)")
            }
        }
    }

    @Test func timeUsesEaseInEaseOut() throws {
        let curl = try CurlTransition(size: Size(width: 320, height: 480))
        #expect(try curl.progress(atTime: 0.5) == 0.5)
        #expect(abs(try curl.progress(atTime: 0.25) - 0.129) < 1e-3)
        #expect(throws: TransitionError.timeOutOfRange(-1)) { try curl.progress(atTime: -1) }
    }

    @Test func draggingACornerKeepsItUnderThePointerAndTheSpringCarriesOn() throws {
        let curl = try CurlTransition(size: Size(width: 320, height: 480), scale: 2)
        let corner = Point(x: 160, y: 480) // the leaf's bottom-right corner, local
        #expect(curl.leafPoint(under: Point(x: 319, y: 479)).map { $0.distance(to: Point(x: 159, y: 479)) < 1e-9 } == true)
        let pointer = Point(x: 200, y: 380)
        try curl.drag(grab: corner, to: pointer)
        #expect(curl.progress > 0 && curl.progress < 1)
        // Its footprint is under the pointer; on screen it is off by its parallax only.
        let footprint = curl.curl.footprint(ofLocal: corner)
        #expect(Point(x: footprint.x + 160, y: footprint.y).distance(to: pointer) < 1e-9)
        let z = curl.curl.point(atLocal: corner).position.z
        let seen = try #require(curl.viewPoint(ofLocal: corner))
        let w = 1 + curl.m34 * z
        #expect(abs(seen.x - (160 + (pointer.x - 160) / w)) < 1e-9 && abs(seen.y - (240 + (pointer.y - 240) / w)) < 1e-9)
        // Near the grabbed corner, the leaf point found under its image is itself (the mesh is
        // within a quarter pixel of the surface).
        let near = Point(x: 150, y: 470)
        let image = try #require(curl.viewPoint(ofLocal: near))
        let found = try #require(curl.leafPoint(under: image))
        #expect(found.distance(to: near) < 0.5, "\(found)")
        // A spring from here follows the path through the drag's pose.
        let pose = curl.curl.pose
        try curl.setProgress(curl.progress)
        #expect(abs(curl.curl.pose.angle - pose.angle) < 1e-9 && abs(curl.curl.pose.axisFraction - pose.axisFraction) < 1e-9)
        try curl.setProgress(1)
        #expect(curl.curl.pose == .turned)
        try curl.setProgress(0.5)
        #expect(curl.curl.pose == (try CurlPath(startAngle: CurlTransition.defaultStartAngle).pose(at: 0.5)), "back on the default path")
        #expect(throws: TransitionError.invalidCurl(.grabOutsideLeaf(x: -5, y: 0))) { try curl.drag(grab: Point(x: -5, y: 0), to: pointer) }
    }

    @Test func leafPointUnderThePointerFindsTheTopmostSheet() throws {
        let curl = try CurlTransition(size: Size(width: 320, height: 480), scale: 1, startAngle: 0, radius: 20)
        try curl.setProgress(0.6)
        // Over the turned part, the topmost leaf point is past the half turn.
        let turned = try #require(curl.mesh.patches.first { $0.region == .turned })
        let corners = curl.mesh.corners(of: turned).map { curl.mesh.vertices[$0].point }
        let centre = Point(x: corners.map(\.x).reduce(0, +) / Double(corners.count), y: corners.map(\.y).reduce(0, +) / Double(corners.count))
        let local = try #require(curl.leafPoint(under: centre))
        #expect(curl.curl.point(atLocal: local).region == .turned)
        let seen = try #require(curl.viewPoint(ofLocal: local))
        #expect(seen.distance(to: centre) < 1e-6)
        #expect(curl.leafPoint(under: Point(x: 50, y: 50)) == nil, "the facing page is not the leaf")
    }

    @Test func steadyFramesReuseTheMeshBuffers() throws {
        let curl = try CurlTransition(size: Size(width: 1280, height: 800), scale: 2)
        try curl.setProgress(0.5)
        let capacity = curl.mesh.vertices.capacity
        for i in 0..<50 { try curl.setProgress(0.3 + Double(i) * 0.004) }
        #expect(curl.mesh.vertices.capacity == capacity)
    }
}
