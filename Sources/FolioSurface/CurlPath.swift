/// A one-parameter family of poses from flat (progress 0) to turned over (progress 1): what
/// `--progress` and `--time` drive, and what a spring animates after a drag.
///
/// A path runs through an *anchor* pose `S` at progress `p_S = S.progress`. Writing
/// `a = α/90°` and `ε` for the anchor's normalised angle and axis fraction:
///
/// - `p ≥ p_S`: both shrink in proportion, `α = α_S·k`, `ε = ε_S·k` with
///   `k = (1 − p)/(1 − p_S)`, so the axis straightens as it reaches the spine and
///   `pose(at: p).progress == p` exactly;
/// - `p < p_S`: the angle stays and the axis moves back linearly,
///   `ε = ε_S + (1 − ε_S)(p_S − p)/p_S`, reaching flat at 0 (exact progress whenever
///   `ε_S ≥ |a_S|`, which holds on every default path).
///
/// The **default path** anchors at the flat pose with start angle `α₀`: `α = α₀(1 − p)`,
/// `ε = 1 − p`.
public struct CurlPath: Hashable, Sendable {
    /// The pose the path passes through.
    public let anchor: CurlPose
    /// The anchor's progress.
    public let anchorProgress: Double

    /// The default path: flat at `startAngle` degrees, the axis straightening linearly as the
    /// turn completes.
    ///
    /// - Throws: `.invalidAngle` beyond ±`PageCurl.maximumAngle`.
    public init(startAngle: Double) throws(SurfaceError) {
        try self.init(through: CurlPose(angle: startAngle, axisFraction: 1))
    }

    /// The path through `pose` (for instance where a drag let go).
    ///
    /// - Throws: `.invalidAngle` or `.invalidAxisFraction` for a pose out of range.
    public init(through pose: CurlPose) throws(SurfaceError) {
        guard abs(pose.angle) <= PageCurl.maximumAngle else { throw .invalidAngle(pose.angle) }
        guard pose.axisFraction >= 0, pose.axisFraction <= 1 else { throw .invalidAxisFraction(pose.axisFraction) }
        anchor = pose
        anchorProgress = pose.progress
    }

    /// The pose at `progress` (0…1).
    ///
    /// - Throws: `.progressOutOfRange` outside 0…1.
    public func pose(at progress: Double) throws(SurfaceError) -> CurlPose {
        guard progress >= 0, progress <= 1 else { throw .progressOutOfRange(progress) }
        let pS = anchorProgress
        if progress >= pS {
            guard pS < 1 else { return anchor }
            let k = (1 - progress) / (1 - pS)
            return CurlPose(angle: anchor.angle * k, axisFraction: anchor.axisFraction * k)
        }
        let back = (pS - progress) / pS
        return CurlPose(angle: anchor.angle, axisFraction: min(1, anchor.axisFraction + (1 - anchor.axisFraction) * back))
    }
}
