/// The two degrees of freedom of a curl: which way its axis runs and how far it has travelled.
///
/// With the leaf's spine frame `(u, v)` (see `SpineEdge`), the curl direction is
/// `n = (cos α, sin α)` and the cylinder's axis runs along `(−sin α, cos α)`. The axis lies
/// `e = axisFraction · E` points beyond the spine's farthest point along `n`, where
/// `E = across · cos α` is the largest such distance at which the leaf is still flat.
/// Positive angles tilt `n` toward larger `v`, so the far corner at the spine's larger end
/// leads (the bottom corner of a horizontal page).
public struct CurlPose: Hashable, Sendable {
    /// The axis angle `α` from the spine's direction, in degrees (0 = parallel to the spine).
    public var angle: Double
    /// `ε = e / E` in 0…1: 1 when the axis touches the far corner (flat), 0 on the spine.
    public var axisFraction: Double

    /// Creates a pose; `PageCurl.setPose(_:)` validates it.
    public init(angle: Double, axisFraction: Double) {
        self.angle = angle; self.axisFraction = axisFraction
    }

    /// The leaf lying flat with its axis parallel to the spine.
    public static let flat = CurlPose(angle: 0, axisFraction: 1)
    /// The leaf turned over completely: axis on the spine and parallel to it, radius 0.
    public static let turned = CurlPose(angle: 0, axisFraction: 0)

    /// How far the turn has gone: `1 − max(ε, |α|/90°)`.
    ///
    /// 0 exactly when the leaf is flat (`ε = 1`); 1 exactly when it is turned over (`ε = 0`
    /// and `α = 0`). A leaf creased at an angle through the spine's end (`ε = 0`, `α ≠ 0`, a
    /// dog-ear) has not finished turning: its progress is `1 − |α|/90°`.
    public var progress: Double { 1 - max(axisFraction, abs(angle) / 90) }
}
