/// One segment of an outline or contour polyline: two vertex indices and what the edge is.
public struct SilhouetteSegment: Hashable, Sendable {
    /// Index of the segment's first vertex in `SurfaceMesh.vertices`.
    public var from: Int
    /// Index of its second vertex.
    public var to: Int
    /// Whether it is a silhouette (faded) or a seam (never faded).
    public var kind: SurfaceEdgeKind

    /// Creates a segment.
    public init(from: Int, to: Int, kind: SurfaceEdgeKind) { self.from = from; self.to = to; self.kind = kind }
}
