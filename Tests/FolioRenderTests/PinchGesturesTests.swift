import Foundation
import XCTest
@testable import FolioRender

/// Touchpad pinch gestures (XInput 2.4, read beside GLFW): each event's scale becomes a zoom
/// step, and an X window's gestures can be selected under Xvfb. No X server test can make a
/// gesture (XTest has no touchpad), so the path from an event to a step is pinned by the tracker.
final class PinchGesturesTests: XCTestCase {
    func testAPinchZoomsByTheRatioOfSuccessiveScales() {
        var t = PinchTracker()
        XCTAssertEqual(t.step(phase: 0, cancelled: false, scale: 1), 1, "a gesture begins with no zoom")
        XCTAssertEqual(t.step(phase: 1, cancelled: false, scale: 1.25), 1.25)
        XCTAssertEqual(t.step(phase: 1, cancelled: false, scale: 1.5), 1.2, accuracy: 1e-15)
        XCTAssertEqual(t.step(phase: 1, cancelled: false, scale: 0.75), 0.5, "fingers together zoom out")
        XCTAssertEqual(t.step(phase: 2, cancelled: false, scale: 0.9), 1.2, accuracy: 1e-15)
        // The steps of one gesture multiply to its last scale over its first: 0.9.
        XCTAssertEqual(t.step(phase: 1, cancelled: false, scale: 2), 1, "an update after the end belongs to no gesture")
    }

    func testACancelledOrMalformedPinchDoesNotZoom() {
        var t = PinchTracker()
        _ = t.step(phase: 0, cancelled: false, scale: 1)
        XCTAssertEqual(t.step(phase: 1, cancelled: false, scale: 1.5), 1.5)
        XCTAssertEqual(t.step(phase: 2, cancelled: true, scale: 3), 1, "a cancelled end adds nothing")
        for bad in [0.0, -1, .nan, .infinity] {
            _ = t.step(phase: 0, cancelled: false, scale: 1)
            XCTAssertEqual(t.step(phase: 1, cancelled: false, scale: bad), 1, "scale \(bad)")
            // The gesture goes on from its last good scale.
            XCTAssertEqual(t.step(phase: 1, cancelled: false, scale: 2), 2, "after scale \(bad)")
            _ = t.step(phase: 2, cancelled: false, scale: 2)
        }
        // A gesture that begins with a bad scale counts from 1.
        _ = t.step(phase: 0, cancelled: false, scale: .nan)
        XCTAssertEqual(t.step(phase: 1, cancelled: false, scale: 1.5), 1.5)
    }

    func testAnXWindowsPinchGesturesAreSelectedAndNothingArrivesUnasked() throws {
        guard !(ProcessInfo.processInfo.environment["DISPLAY"] ?? "").isEmpty else { throw XCTSkip("needs an X display (xvfb-run)") }
        try MainActor.assumeIsolated {
            let window = try WindowRenderer(width: 160, height: 100, title: "pinch")
            // Xvfb from X.Org 21.1 (Debian 12) speaks XInput 2.4.
            let pinch = try XCTUnwrap(PinchGestures(window: window.window), "no XInput 2.4 pinch gestures on this display")
            var steps: [PinchGestures.Step] = []
            pinch.poll { steps.append($0) }
            XCTAssertEqual(steps, [])
            // A second selection on the same window, from another connection: the server gives
            // a window's gestures to one client and refuses it (BadAccess, answered after the
            // request). The error is caught — Xlib's default handler would end the process —
            // there is no second source, and the first still polls.
            XCTAssertNil(PinchGestures(window: window.window), "a second client was given the window's gestures")
            pinch.poll { steps.append($0) }
            XCTAssertEqual(steps, [])
        }
    }
}
