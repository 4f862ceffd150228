import FolioGeometry

/// The shadow a lifted leaf casts on the page beneath: it falls away from the light, and its
/// penumbra widens and lightens with the caster's height, from the geometry alone.
///
/// For a caster point at height `h` above the receiving plane `z = 0`, lit from the unit
/// direction `L` by a round light of angular radius `β`:
///
/// - its shadow lands at `(x, y) − h · (L_x, L_y) / L_z` (straight along the light);
/// - the penumbra's full width is `w(h) = w₀ + 2h · tan β` (`w₀` = the contact softness);
/// - the umbra's opacity is `o(h) = o₀ / (1 + h/h₀)`: light from the sides reaches further
///   under a higher sheet (`o₀` at contact, half at the fade height `h₀`).
///
/// Across a shadow edge the darkness follows the exact fraction of the disc-shaped light
/// hidden by a straight edge (`coverage(inside:width:)`), scaled by `o(h)`.
public struct CastShadow: Hashable, Sendable {
    /// The unit direction toward the light (`z > 0`), in the leaf's 3D space.
    public let light: Vector3
    /// The light's angular radius `β`, in degrees (0 = a point light, hard shadows).
    public let angularRadius: Double
    /// The penumbra width at contact `w₀`, in points.
    public let contactWidth: Double
    /// The umbra's opacity at contact `o₀`, 0…1.
    public let contactOpacity: Double
    /// The height `h₀` at which the opacity has halved, in points.
    public let fadeHeight: Double
    /// `tan β`.
    @usableFromInline let spread: Double

    /// Creates a shadow model.
    ///
    /// - Throws: `.invalidLight` naming the parameter out of range.
    public init(light: Vector3 = PaperLight.standard.direction, angularRadius: Double = 6, contactWidth: Double = 1,
                contactOpacity: Double = 1.0 / 3, fadeHeight: Double) throws(SurfaceError) {
        let length = light.length
        guard length > 0, length.isFinite else { throw .invalidLight(name: "light length", value: length) }
        guard light.z / length >= 0.05 else { throw .invalidLight(name: "light z (must be at least 3° above the page)", value: light.z) }
        guard angularRadius >= 0, angularRadius <= 45 else { throw .invalidLight(name: "angularRadius", value: angularRadius) }
        guard contactWidth >= 0, contactWidth <= PageCurl.maximumSide else { throw .invalidLight(name: "contactWidth", value: contactWidth) }
        guard contactOpacity >= 0, contactOpacity <= 1 else { throw .invalidLight(name: "contactOpacity", value: contactOpacity) }
        guard fadeHeight > 0, fadeHeight <= PageCurl.maximumSide else { throw .invalidLight(name: "fadeHeight", value: fadeHeight) }
        self.light = light * (1 / length)
        self.angularRadius = angularRadius
        self.contactWidth = contactWidth
        self.contactOpacity = contactOpacity
        self.fadeHeight = fadeHeight
        let (s, c) = Angle.sinCos(degrees: angularRadius)
        spread = s / c
    }

    /// The standard shadow for a page whose extent across the spine is `extent` points: the
    /// standard light, a 6° light, 1 pt contact softness, ⅓ opacity halving at `extent/2`.
    public static func standard(extent: Double) throws(SurfaceError) -> CastShadow {
        try CastShadow(fadeHeight: extent / 2)
    }

    /// How far the shadow of a point at `height` lands from under it, in points.
    @inlinable
    public func offset(height: Double) -> (dx: Double, dy: Double) {
        (-height * light.x / light.z, -height * light.y / light.z)
    }

    /// The penumbra's full width `w(h)` under a point at `height`, in points.
    @inlinable
    public func width(height: Double) -> Double { contactWidth + 2 * max(0, height) * spread }

    /// The umbra's opacity `o(h)` under a point at `height`.
    @inlinable
    public func opacity(height: Double) -> Double { contactOpacity / (1 + max(0, height) / fadeHeight) }

    /// The shadow of the caster point `position` (leaf space) on the plane `z = 0`.
    @inlinable
    public func shadow(of position: Vector3) -> ShadowVertex {
        let h = max(0, position.z)
        let (dx, dy) = offset(height: h)
        return ShadowVertex(point: Point(x: position.x + dx, y: position.y + dy), height: h,
                            width: width(height: h), opacity: opacity(height: h))
    }

    /// The fraction of a round light hidden at a receiver `inside` points inside a straight
    /// shadow edge (negative outside), for a penumbra `width` points wide: with
    /// `u = 2·inside/width` clamped to ±1, `1 − (acos u − u·√(1 − u²))/π`. Rises from 0 to 1
    /// across the penumbra; `coverage(d) + coverage(−d) = 1`; a step when `width` is 0.
    @inlinable
    public static func coverage(inside: Double, width: Double) -> Double {
        guard width > 0 else { return inside > 0 ? 1 : (inside < 0 ? 0 : 0.5) }
        let u = min(1, max(-1, 2 * inside / width))
        return 1 - (libmAcos(u) - u * (1 - u * u).squareRoot()) / .pi
    }
}
