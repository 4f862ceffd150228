import FolioGeometry
import FolioMotion

/// A value of an animatable layer property: what an animation's `fromValue`, `toValue`,
/// `byValue` and keyframe `values` hold (Core Animation's `id`, typed).
///
/// Arithmetic (for `byValue`, additive and cumulative animations, springs) is component-wise
/// for numbers, points, sizes, rects, colours and lists of the same length. Flags and contents
/// are discrete, as in Core Animation: they switch from one value to the next half-way, and
/// do not add (an added or scaled flag is the value as it was). A transform adds by concatenation —
/// `a ⊕ b = b · a`, the added transform acting first, in the layer's own space — and
/// interpolates by decomposition (`Transform3D.blended(to:by:)`).
public enum AnimationValue: Hashable, Sendable {
    /// A number (opacity, a coordinate, an angle in radians, a scale factor, points).
    case number(Double)
    /// A point (`position`, `anchorPoint`), in the property's units.
    case point(Point)
    /// A size (`bounds.size`), in points.
    case size(Size)
    /// A rectangle (`bounds`, `contentsRect`).
    case rect(Rect)
    /// A colour (`backgroundColor`, `borderColor`).
    case color(Color)
    /// A matrix (`transform`, `sublayerTransform`).
    case transform(Transform3D)
    /// A flag (`hidden`, `doubleSided`, `masksToBounds`): discrete.
    case flag(Bool)
    /// A layer's image (`contents`; nil: none): discrete.
    case contents(ContentHandle?)
    /// A list of colours (a gradient's `colors`): element by element when the lengths agree,
    /// otherwise discrete.
    case colors([Color])
    /// A list of numbers (a gradient's `locations`; empty: evenly spaced): element by element
    /// when the lengths agree, otherwise discrete.
    case numbers([Double])

    /// The type of a value.
    public enum Kind: String, Hashable, Sendable {
        /// `number`.
        case number
        /// `point`.
        case point
        /// `size`.
        case size
        /// `rect`.
        case rect
        /// `color`.
        case color
        /// `transform`.
        case transform
        /// `flag`.
        case flag
        /// `contents`.
        case contents
        /// `colors`.
        case colors
        /// `numbers`.
        case numbers

        /// Whether values of this kind switch rather than move (flags and contents): they have
        /// no velocity, and a spring switches them where its response passes half-way.
        public var isDiscrete: Bool { self == .flag || self == .contents }
    }

    /// This value's type.
    @inlinable public var kind: Kind {
        switch self {
        case .number: .number
        case .point: .point
        case .size: .size
        case .rect: .rect
        case .color: .color
        case .transform: .transform
        case .flag: .flag
        case .contents: .contents
        case .colors: .colors
        case .numbers: .numbers
        }
    }

    /// Whether every component is finite.
    public var isFinite: Bool {
        switch self {
        case let .number(v): v.isFinite
        case let .point(v): v.isFinite
        case let .size(v): v.isFinite
        case let .rect(v): v.isFinite
        case let .color(v): v.isFinite
        case let .transform(v): v.isFinite
        case .flag, .contents: true
        case let .colors(v): v.allSatisfy(\.isFinite)
        case let .numbers(v): v.allSatisfy(\.isFinite)
        }
    }

    /// The neutral value of `kind` for addition: 0, the zero vector, clear, the identity.
    public static func zero(_ kind: Kind) -> AnimationValue {
        switch kind {
        case .number: .number(0)
        case .point: .point(.zero)
        case .size: .size(.zero)
        case .rect: .rect(.zero)
        case .color: .color(.zero)
        case .transform: .transform(.identity)
        case .flag: .flag(false)
        case .contents: .contents(nil)
        case .colors: .colors([])
        case .numbers: .numbers([])
        }
    }

    /// The value a fraction `t` of the way to `other` (t may leave 0…1: a spring overshoots).
    /// Values of different kinds (which validation rules out) give `self`.
    public func interpolated(to other: AnimationValue, by t: Double) -> AnimationValue {
        switch (self, other) {
        case let (.number(a), .number(b)): .number(a.interpolated(to: b, by: t))
        case let (.point(a), .point(b)): .point(a.interpolated(to: b, by: t))
        case let (.size(a), .size(b)): .size(a.interpolated(to: b, by: t))
        case let (.rect(a), .rect(b)): .rect(a.interpolated(to: b, by: t))
        case let (.color(a), .color(b)): .color(a.interpolated(to: b, by: t))
        case let (.transform(a), .transform(b)): .transform(a.blended(to: b, by: t))
        case let (.colors(a), .colors(b)) where a.count == b.count:
            .colors(zip(a, b).map { $0.interpolated(to: $1, by: t) })
        case let (.numbers(a), .numbers(b)) where a.count == b.count:
            .numbers(zip(a, b).map { $0.interpolated(to: $1, by: t) })
        case (.flag, .flag), (.contents, .contents), (.colors, .colors), (.numbers, .numbers):
            t < 0.5 ? self : other   // discrete: Core Animation's switch half-way
        default: self
        }
    }

    /// `self ⊕ other`: the component-wise sum; for transforms `other · self` (other acts first).
    public func adding(_ other: AnimationValue) -> AnimationValue {
        switch (self, other) {
        case let (.number(a), .number(b)): .number(a + b)
        case let (.point(a), .point(b)): .point(a + b)
        case let (.size(a), .size(b)): .size(a + b)
        case let (.rect(a), .rect(b)): .rect(a + b)
        case let (.color(a), .color(b)): .color(a + b)
        case let (.transform(a), .transform(b)): .transform(b.concatenating(a))
        case let (.colors(a), .colors(b)) where a.count == b.count: .colors(zip(a, b).map { $0 + $1 })
        case let (.numbers(a), .numbers(b)) where a.count == b.count: .numbers(zip(a, b).map { $0 + $1 })
        default: self
        }
    }

    /// `self ⊖ other`, the inverse of `adding`: for transforms `other⁻¹ · self` (self when
    /// `other` is singular).
    public func subtracting(_ other: AnimationValue) -> AnimationValue {
        switch (self, other) {
        case let (.number(a), .number(b)): .number(a - b)
        case let (.point(a), .point(b)): .point(a - b)
        case let (.size(a), .size(b)): .size(a - b)
        case let (.rect(a), .rect(b)): .rect(a - b)
        case let (.color(a), .color(b)): .color(a - b)
        case let (.transform(a), .transform(b)): .transform(b.inverted().map { $0.concatenating(a) } ?? a)
        case let (.colors(a), .colors(b)) where a.count == b.count: .colors(zip(a, b).map { $0 - $1 })
        case let (.numbers(a), .numbers(b)) where a.count == b.count: .numbers(zip(a, b).map { $0 - $1 })
        default: self
        }
    }

    /// Every component times `factor`; a transform is repeated: `factor` rounded to a whole
    /// number n ≥ 0 gives `selfⁿ` (by squaring, so a large n costs log n products).
    public func scaled(by factor: Double) -> AnimationValue {
        switch self {
        case let .number(v): return .number(v * factor)
        case let .point(v): return .point(v.scaled(by: factor))
        case let .size(v): return .size(v.scaled(by: factor))
        case let .rect(v): return .rect(v.scaled(by: factor))
        case let .color(v): return .color(v.scaled(by: factor))
        case let .transform(m):
            guard factor >= 0.5, factor.isFinite else { return .transform(.identity) }
            var n = UInt64(min(factor.rounded(), 1e18)), base = m, result = Transform3D.identity
            while n > 0 {
                if n & 1 == 1 { result = result.concatenating(base) }
                base = base.concatenating(base)
                n >>= 1
            }
            return .transform(result)
        case .flag, .contents: return self
        case let .colors(v): return .colors(v.map { $0.scaled(by: factor) })
        case let .numbers(v): return .numbers(v.map { $0 * factor })
        }
    }

    /// The distance to `other` for paced keyframes: the Euclidean length of the difference of
    /// the components (for transforms, of the sixteen entries). Different kinds: 0.
    public func distance(to other: AnimationValue) -> Double {
        switch (self, other) {
        case let (.number(a), .number(b)): abs(b - a)
        case let (.point(a), .point(b)): (b - a).magnitude
        case let (.size(a), .size(b)): (b - a).magnitude
        case let (.rect(a), .rect(b)): (b - a).magnitude
        case let (.color(a), .color(b)): (b - a).magnitude
        case let (.transform(a), .transform(b)):
            zip(a.entries, b.entries).reduce(0) { $0 + ($1.1 - $1.0) * ($1.1 - $1.0) }.squareRoot()
        case let (.flag(a), .flag(b)): a == b ? 0 : 1
        case let (.contents(a), .contents(b)): a == b ? 0 : 1
        case let (.colors(a), .colors(b)) where a.count == b.count:
            zip(a, b).reduce(0) { $0 + ($1.1 - $1.0).magnitudeSquared }.squareRoot()
        case let (.numbers(a), .numbers(b)) where a.count == b.count:
            zip(a, b).reduce(0) { $0 + ($1.1 - $1.0) * ($1.1 - $1.0) }.squareRoot()
        default: 0
        }
    }

    /// Whether `self` and `other` can be combined element by element (lists of one length;
    /// always for other kinds of the same kind).
    func isCommensurate(with other: AnimationValue) -> Bool {
        switch (self, other) {
        case let (.colors(a), .colors(b)): a.count == b.count
        case let (.numbers(a), .numbers(b)): a.count == b.count
        default: kind == other.kind
        }
    }

    /// The number inside, or nil for another kind.
    @inlinable public var number: Double? { if case let .number(v) = self { v } else { nil } }
}
