/// The per-polygon state that every level of the walk reads, one byte each.
struct PolyFlags: OptionSet {
    var rawValue: UInt8
    /// Drawn: not hidden, culled, clipped away or found not finite.
    static let visible = PolyFlags(rawValue: 1)
    /// `WorkPoly.depthRow` is set (by the first context that sorted it).
    static let depthSet = PolyFlags(rawValue: 2)
    /// Already clipped at `w ≥ ε`, and mapped since only by matrices that keep w.
    static let inFront = PolyFlags(rawValue: 4)
    /// Its corners are in `post` (only while a context sorts).
    static let postReady = PolyFlags(rawValue: 8)
    /// Its map includes the root's translation, where that is deferred (`RootShift`).
    static let shifted = PolyFlags(rawValue: 16)
    /// A piece of a surface's front detail: drawn only where its map shows the front
    /// (SurfaceLayer+Details.swift), decided on the map to the view as the output writes it.
    static let frontDetail = PolyFlags(rawValue: 32)
    /// A piece of a surface's back detail: drawn only where its map shows the back.
    static let backDetail = PolyFlags(rawValue: 64)
    /// Either side of a detail.
    static let detailSides: PolyFlags = [.frontDetail, .backDetail]
}
