import FolioGeometry

// Interpolation of FolioGeometry's values. The vectors interpolate linearly (Core Animation's
// rule for points, sizes and rects); a matrix interpolates by decomposition, never entry by
// entry (a rotation by entries would shrink through the middle).

extension Point: Interpolatable {
    /// Linear interpolation of both coordinates, exact at both ends.
    @inlinable public func interpolated(to other: Point, by t: Double) -> Point {
        t == 1 ? other : Point(x: x.interpolated(to: other.x, by: t), y: y.interpolated(to: other.y, by: t))
    }
}

extension Size: Interpolatable {
    /// Linear interpolation of both extents, exact at both ends.
    @inlinable public func interpolated(to other: Size, by t: Double) -> Size {
        t == 1 ? other : Size(width: width.interpolated(to: other.width, by: t), height: height.interpolated(to: other.height, by: t))
    }
}

extension Rect: Interpolatable {
    /// Origin and size interpolated linearly, exact at both ends.
    @inlinable public func interpolated(to other: Rect, by t: Double) -> Rect {
        t == 1 ? other : Rect(origin: origin.interpolated(to: other.origin, by: t), size: size.interpolated(to: other.size, by: t))
    }
}

extension Vector3: Interpolatable {
    /// Linear interpolation of the three components, exact at both ends.
    @inlinable public func interpolated(to other: Vector3, by t: Double) -> Vector3 {
        t == 1 ? other : Vector3(x: x.interpolated(to: other.x, by: t), y: y.interpolated(to: other.y, by: t),
                                 z: z.interpolated(to: other.z, by: t))
    }
}

extension Transform3D: Interpolatable {
    /// Interpolation by decomposition (`blended(to:by:)`: CSS Transforms Level 2), exact at both
    /// ends; discrete at 0.5 when either matrix cannot be decomposed.
    public func interpolated(to other: Transform3D, by t: Double) -> Transform3D { blended(to: other, by: t) }
}
