/// Which part of a curled leaf a point belongs to.
public enum SurfaceRegion: Hashable, Sendable {
    /// The part between the spine and the axis, still lying on the page (`z = 0`).
    case flat
    /// The part wrapped on the cylinder, `0 < θ < π`.
    case bend
    /// The part past the half turn, lying flat again at height `2r`, face down.
    case turned
}
