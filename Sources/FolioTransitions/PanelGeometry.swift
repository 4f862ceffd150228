import FolioGeometry

/// One panel or page of a transition at the current progress: its own rectangle
/// `(0,0), (w,0), (w,h), (0,h)` projected to view points, unclipped.
public struct PanelGeometry: Sendable, Equatable {
    /// "A"…"D" for the fold; "facing", "front", "back", "reveal" for the flip.
    public var name: String
    /// The panel's size in points (its unrotated pose).
    public var size: Size
    /// The projected corners, in view points.
    public var corners: [Point]
    /// Pre-projection z of each corner, in points (+z toward the viewer).
    public var depth: [Double]
    /// The opacity of the shadow drawn over the panel.
    public var shadowOpacity: Double
    /// Whether the panel draws at this progress.
    public var visible: Bool

    /// Creates a panel's geometry (usually through `Transition.geometry(of:shadowOpacity:)`).
    ///
    /// - Parameters:
    ///   - name: the panel's name, as reported.
    ///   - size: its size in points.
    ///   - corners: its rectangle's corners `(0,0), (w,0), (w,h), (0,h)` in view points.
    ///   - depth: each corner's pre-projection z, in points.
    ///   - shadowOpacity: the opacity of its shadow, 0…1.
    ///   - visible: whether it draws.
    public init(name: String, size: Size, corners: [Point], depth: [Double], shadowOpacity: Double, visible: Bool) {
        self.name = name; self.size = size; self.corners = corners; self.depth = depth
        self.shadowOpacity = shadowOpacity; self.visible = visible
    }
}
