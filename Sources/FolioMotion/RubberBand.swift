import FolioGeometry

/// The resistance `UIScrollView` applies when dragged past its ends: the further past the
/// end, the less the content follows, approaching but never reaching one `dimension`.
public enum RubberBand {
    /// UIKit's coefficient.
    public static let defaultCoefficient = 0.55

    /// How far the content moves for an over-drag of `offset` (≥ 0 or ≤ 0) with `dimension`
    /// the size of the view along the drag: `(1 − 1/(|offset|·c/d + 1))·d`, signed like offset.
    public static func distance(_ offset: Double, dimension: Double, coefficient: Double = defaultCoefficient) -> Double {
        guard offset.isFinite, dimension > 0, dimension.isFinite else {
            return offset.isNaN ? 0 : (offset > 0 ? max(dimension, 0) : -max(dimension, 0))
        }
        let magnitude = (1 - 1 / (abs(offset) * coefficient / dimension + 1)) * dimension
        return offset < 0 ? -magnitude : magnitude
    }

    /// `value` itself inside `range`, and rubber-banded beyond either end.
    public static func clamp(_ value: Double, to range: ClosedRange<Double>, dimension: Double,
                             coefficient: Double = defaultCoefficient) -> Double {
        if value < range.lowerBound {
            return range.lowerBound + distance(value - range.lowerBound, dimension: dimension, coefficient: coefficient)
        }
        if value > range.upperBound {
            return range.upperBound + distance(value - range.upperBound, dimension: dimension, coefficient: coefficient)
        }
        return value.isNaN ? range.lowerBound : value
    }

    /// The rubber band applied radially to a vector over-drag (a `Point` dragged past a
    /// corner): the result points along `offset` with length `distance(|offset|, …)`, so a
    /// drag along one axis gives exactly the scalar result on that axis (to rounding).
    public static func radialDistance<Value: VectorArithmetic>(_ offset: Value, dimension: Double,
                                                               coefficient: Double = defaultCoefficient) -> Value {
        let length = offset.magnitude
        guard length > 0, length.isFinite else { return length == 0 ? offset : .zero }
        return offset.scaled(by: distance(length, dimension: dimension, coefficient: coefficient) / length)
    }
}
