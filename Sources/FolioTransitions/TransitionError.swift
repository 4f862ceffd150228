import FolioSurface

/// Why a transition parameter was refused; each case names the bad value.
public enum TransitionError: Error, Equatable, CustomStringConvertible {
    /// A view size that is not finite, under one pixel, or beyond `TransitionLimits.maximumSide`.
    case invalidSize(width: Double, height: Double)
    /// A view size within the limits that is under one pixel on a side at `scale` pixels per point.
    case sizeUnderOnePixel(width: Double, height: Double, scale: Double)
    /// A scale (pixels per point) outside `TransitionLimits.scales`.
    case invalidScale(Double)
    /// Progress outside 0…1 or not finite (never clamped silently).
    case progressOutOfRange(Double)
    /// Normalised time outside 0…1 or not finite.
    case timeOutOfRange(Double)
    /// A perspective that is not finite or puts the eye at or inside the page.
    case invalidPerspective(m34: Double, reason: String)
    /// A viewpoint outside `TransitionLimits.viewpoints`.
    case invalidViewpoint(Double)
    /// A duration that is not finite and positive.
    case invalidDuration(Double)
    /// A curl parameter (radius, angle, grab point, pointer) refused by the curl geometry.
    case invalidCurl(SurfaceError)
    /// Accordion panel widths that are too few or too many, not finite and positive, or that
    /// leave a panel under one pixel; the text names the values.
    case invalidPanels(String)
    /// Accordion panel angles of the wrong count or not finite (degrees).
    case invalidPanelAngles([Double])

    /// One line naming the value at fault; a value that is not finite reads `not-a-number` or
    /// `infinity`, never `nan` or `inf`.
    public var description: String {
        switch self {
        case let .invalidSize(w, h):
            return "view size \(Self.size(w, h)) must be finite, at least one pixel and at most \(TransitionLimits.maximumSide) points per side"
        case let .sizeUnderOnePixel(w, h, s):
            func pixels(_ v: Double) -> String { "\((v * s * 1000).rounded() / 1000)" }
            return "view size \(Self.size(w, h)) at scale \(number: s) pixels per point is \(pixels(w))x\(pixels(h)) pixels; each side must be at least one pixel"
        case let .invalidScale(s): return "scale \(number: s) must be in 0.001...1000 (pixels per point)"
        case let .progressOutOfRange(p): return "progress \(number: p) must be a number in 0...1"
        case let .timeOutOfRange(t): return "time \(number: t) must be a number in 0...1 (normalised)"
        case let .invalidPerspective(m34, reason): return "m34 \(number: m34) is invalid: \(reason)"
        case let .invalidViewpoint(v): return "viewpoint \(number: v) must be a number in -1000...1000 (spine lengths)"
        case let .invalidDuration(d): return "duration \(number: d) must be finite and positive (seconds)"
        case let .invalidCurl(error): return error.description
        case let .invalidPanels(reason): return reason
        case let .invalidPanelAngles(angles): return "panel angles \(numbers: angles) must be one finite number of degrees per panel, each within -180...180"
        }
    }

    /// A size as `WxH`; with a side that is not finite, `W × H` in words (`not-a-number × 10.0`).
    static func size(_ w: Double, _ h: Double) -> String {
        w.isFinite && h.isFinite ? "\(w)x\(h)" : "\(number: w) × \(number: h)"
    }
}
