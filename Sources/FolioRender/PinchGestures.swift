import CFolioGLX

/// Touchpad pinch gestures of a GLFW window on X11, which GLFW does not deliver: a second
/// connection to the window's X display selects its XInput 2.4 pinch events (CFolioGLX), and
/// ``poll(_:)`` turns each into a zoom step. A reader zooms by ``Step/factor`` about
/// ``Step/x``, ``Step/y``, as it zooms by a Ctrl+wheel notch about the pointer.
///
/// Nil where there is none to have: a window that is not an X11 window (Wayland, EGL on no
/// display) or an X server older than XInput 2.4 (X.Org 21.1). Events are read only by
/// ``poll(_:)``, never waited for, so call it once per pass of the event loop.
@MainActor public final class PinchGestures {
    /// One step of a pinch.
    public struct Step: Sendable, Equatable {
        /// The zoom since the gesture's previous step: the fingers' distance now over their
        /// distance then (above 1: apart, zoom in). 1 for the step that begins a gesture and for
        /// one that ends it cancelled.
        public var factor: Double
        /// The gesture's focus in window coordinates: pixels from the window's top-left corner,
        /// as GLFW reports the cursor position on X11.
        public var x: Double, y: Double
        /// Whether the gesture ends with this step.
        public var ends: Bool

        /// A step of `factor` about (`x`, `y`).
        public init(factor: Double, x: Double, y: Double, ends: Bool) {
            self.factor = factor; self.x = x; self.y = y; self.ends = ends
        }
    }

    /// The connection (CFolioGLX's `FolioPinchSource`), closed with the object.
    private let source: OpaquePointer
    /// Events read per `folio_x11_pinch_poll` call, kept so that polling allocates nothing.
    private var events = [FolioPinchEvent](repeating: FolioPinchEvent(), count: 32)
    private var tracker = PinchTracker()

    /// Selects the pinch gestures of `window` (a `GLFWwindow *`); nil where they cannot be had.
    public init?(window: OpaquePointer) {
        guard let source = folio_x11_pinch_open(UnsafeMutableRawPointer(window)) else { return nil }
        self.source = source
    }

    isolated deinit { folio_x11_pinch_close(source) }

    /// Calls `body` with each pinch step that has arrived since the last call, oldest first.
    public func poll(_ body: (Step) -> Void) {
        while true {
            let count = Int(events.withUnsafeMutableBufferPointer { folio_x11_pinch_poll(source, $0.baseAddress, Int32($0.count)) })
            for e in events[..<count] {
                let factor = tracker.step(phase: Int(e.phase), cancelled: e.cancelled != 0, scale: e.scale)
                body(Step(factor: factor, x: e.x, y: e.y, ends: e.phase == 2))
            }
            if count < events.count { return }
        }
    }
}

/// Turns the scales of a pinch (each the fingers' distance over their distance when it began)
/// into zoom factors from one event to the next.
struct PinchTracker {
    /// The last scale of the gesture under way (nil: none).
    private var last: Double?

    /// The factor of one event: `phase` 0 begins (factor 1), 1 updates, 2 ends; a scale that is
    /// not finite and positive, an update or end with no gesture begun, or a cancelled end
    /// gives 1.
    mutating func step(phase: Int, cancelled: Bool, scale: Double) -> Double {
        let valid = scale.isFinite && scale > 0
        switch phase {
        case 0:
            last = valid ? scale : 1
            return 1
        default:
            defer { if phase == 2 { last = nil } }
            guard let previous = last, valid, !(phase == 2 && cancelled) else { return 1 }
            last = scale
            return scale / previous
        }
    }
}
