/// Why a curl, mesh, light or shadow parameter was refused; each case names the bad value.
public enum SurfaceError: Error, Equatable, CustomStringConvertible {
    /// A leaf size that is not finite and positive, or beyond `PageCurl.maximumSide` points.
    case invalidSize(width: Double, height: Double)
    /// A rest radius that is not finite, negative, or beyond `PageCurl.maximumSide` points.
    case invalidRadius(Double)
    /// An axis angle that is not finite or beyond ±`PageCurl.maximumAngle` degrees.
    case invalidAngle(Double)
    /// An axis fraction outside 0…1 (1 = flat, 0 = the axis on the spine).
    case invalidAxisFraction(Double)
    /// Progress outside 0…1 or not finite.
    case progressOutOfRange(Double)
    /// A grab point that is not finite or lies outside the leaf (local points).
    case grabOutsideLeaf(x: Double, y: Double)
    /// A pointer position that is not finite.
    case invalidPointer(x: Double, y: Double)
    /// A pixel scale that is not finite and positive.
    case invalidScale(Double)
    /// A chord tolerance (pixels) that is not finite and positive.
    case invalidTolerance(Double)
    /// A view transform that is not finite or puts part of the surface at or behind the eye.
    case invalidTransform(reason: String)
    /// A light or shadow parameter outside its documented range.
    case invalidLight(name: String, value: Double)

    /// A one-line message that names the bad value and the accepted range.
    public var description: String {
        switch self {
        case let .invalidSize(w, h):
            return "leaf size \(w)x\(h) must be finite, positive and at most \(PageCurl.maximumSide) points per side"
        case let .invalidRadius(r):
            return "curl radius \(r) must be finite, at least 0 and at most \(PageCurl.maximumSide) points"
        case let .invalidAngle(a):
            return "curl angle \(a) must be a number of degrees in -\(PageCurl.maximumAngle)...\(PageCurl.maximumAngle)"
        case let .invalidAxisFraction(f):
            return "curl axis fraction \(f) must be a number in 0...1 (1 = flat, 0 = axis on the spine)"
        case let .progressOutOfRange(p): return "progress \(p) must be a number in 0...1"
        case let .grabOutsideLeaf(x, y): return "grab point (\(x), \(y)) must be a finite point of the leaf"
        case let .invalidPointer(x, y): return "pointer (\(x), \(y)) must be finite"
        case let .invalidScale(s): return "scale \(s) must be finite and positive (pixels per point)"
        case let .invalidTolerance(t): return "chord tolerance \(t) must be finite and positive (pixels)"
        case let .invalidTransform(reason): return "view transform is invalid: \(reason)"
        case let .invalidLight(name, value): return "light parameter \(name) = \(value) is out of range"
        }
    }
}
