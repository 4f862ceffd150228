import FolioGeometry
import FolioMotion

// A colour is the 4-vector of its straight (not premultiplied) RGBA components: Core Animation
// interpolates `backgroundColor` and `borderColor` component by component that way, and so do
// springs and additive animations here. Values may leave 0…1 mid-flight (a spring's overshoot);
// the presentation clamps what it writes into a layer.
extension Color: VectorArithmetic {
    /// Transparent black, all components 0.
    public static var zero: Color { .clear }
    /// The component-wise sum.
    @inlinable public static func + (a: Color, b: Color) -> Color {
        Color(red: a.red + b.red, green: a.green + b.green, blue: a.blue + b.blue, alpha: a.alpha + b.alpha)
    }
    /// The component-wise difference.
    @inlinable public static func - (a: Color, b: Color) -> Color {
        Color(red: a.red - b.red, green: a.green - b.green, blue: a.blue - b.blue, alpha: a.alpha - b.alpha)
    }
    /// Every component multiplied by `factor`.
    @inlinable public func scaled(by factor: Double) -> Color {
        Color(red: red * factor, green: green * factor, blue: blue * factor, alpha: alpha * factor)
    }
    /// Every component divided by `divisor`.
    @inlinable public func divided(by divisor: Double) -> Color {
        Color(red: red / divisor, green: green / divisor, blue: blue / divisor, alpha: alpha / divisor)
    }
    /// The inner product of the RGBA 4-vectors.
    @inlinable public func dot(_ other: Color) -> Double {
        red * other.red + green * other.green + blue * other.blue + alpha * other.alpha
    }
    /// Whether every component is finite.
    @inlinable public var isFinite: Bool { red.isFinite && green.isFinite && blue.isFinite && alpha.isFinite }
    /// Every component clamped to 0…1 (NaN to 0).
    @inlinable public var clampedToUnit: Color {
        func unit(_ v: Double) -> Double { v > 0 ? min(v, 1) : 0 }
        return Color(red: unit(red), green: unit(green), blue: unit(blue), alpha: unit(alpha))
    }
}

extension Color: Interpolatable {
    /// Component-wise linear interpolation of the straight RGBA values, exact at both ends.
    @inlinable public func interpolated(to other: Color, by t: Double) -> Color {
        t == 1 ? other : self + (other - self).scaled(by: t)
    }
}
