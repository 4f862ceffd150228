import FolioGeometry

extension Homography {
    /// The determinant of the map's (x, y, w) columns: its sign is the sign of the projected
    /// winding of every part of the plane in front of the eye.
    ///
    /// The Jacobian of `(X/W, Y/W)` with respect to the local point is `determinant / W³`, so
    /// wherever `W > 0` the plane is seen with this sign: positive for the front (an unrotated
    /// layer, y down), negative for the back, zero edge-on. It depends on the plane alone —
    /// not on any corner, so it holds for a layer of zero size and for one whose corners lie
    /// behind the eye while part of its plane (its sublayers) is in front.
    public var orientationDeterminant: Double {
        x.x * (y.y * origin.w - y.w * origin.y) - x.y * (y.x * origin.w - y.w * origin.x)
            + x.w * (y.x * origin.y - y.y * origin.x)
    }

    /// Whether the plane is seen from its back wherever it is in front of the eye
    /// (`orientationDeterminant < 0`; false edge-on and when not finite).
    public var showsBack: Bool { orientationDeterminant < 0 }
}
