/// What lies across an edge of a mesh patch: whether a renderer fades it (antialiasing) or
/// keeps it watertight.
public enum SurfaceEdgeKind: Hashable, Sendable {
    /// Shared with the neighbouring patch of the same facing: never faded, bit-identical ends.
    case interior
    /// On the leaf's attached spine, which meets the neighbouring page: never faded.
    case seam
    /// A free edge of the leaf (including its edges across the bend): a true silhouette, faded.
    case boundary
    /// Shared with a neighbouring patch of the other facing: the surface turns away from the
    /// viewer here, so it is a true silhouette of the nearer (back-facing) sheet.
    case contour

    /// Whether the edge is a true silhouette (a renderer fades it).
    @inlinable public var isSilhouette: Bool { self == .boundary || self == .contour }
}
