import FolioGeometry
import FolioSurface

/// A layer whose contents are deformed out of its plane: a page rolled around a cylinder
/// (`PageCurl`), drawn as the planar patches of a mesh it owns.
///
/// The layer's local rectangle `(0, 0)…(width, height)` is the flat leaf; `setCurl(_:toView:scale:tolerance:spineIsSeam:)`
/// rebuilds the mesh (`SurfaceMesh`, fine where the leaf bends, one patch where it is flat)
/// and, for each patch, the affine map from the layer's own point to the patch's plane in the
/// layer's 3D space. The evaluator adds every patch to the enclosing 3D rendering context as a
/// planar polygon of its own, with that map as its homography, so the depth sort orders the
/// patches against each other (a curl wrapped past the half turn covers its own flat part) and
/// against the flat layers around it. A renderer finds which patch a quad draws in
/// `Quad.surfacePatch`.
///
/// The front of the leaf shows `contents`; where the viewer sees the back (a back-facing
/// patch) a renderer shows `backContents`, mirrored across the spine as a turned page shows
/// its back, or, without one, the front's contents seen through the paper.
///
/// Sublayers of a surface layer are not drawn as layers: the leaf is one sheet. The only ones
/// drawn are its **details** (`setDetails(front:back:)`, SurfaceLayer+Details.swift): finer
/// pictures of parts of the leaf's pages (zoom tiles), cut per patch and drawn on the sheet.
public final class SurfaceLayer: Layer {
    /// The mesh of the current curl (empty until `setCurl` is called).
    public let mesh = SurfaceMesh()
    /// The current curl, or nil before the first `setCurl`.
    public private(set) var curl: PageCurl?
    /// Per patch of `mesh`, the exact map from the layer's local point to the patch's plane
    /// in the layer's own 3D space (points, z toward the viewer).
    public private(set) var patchMaps: [Homography] = []
    /// Per patch of `mesh`, whether it has an area to draw: a bend strip of zero width (the
    /// leaf turned fully over, radius 0) has no plane of its own and is left out.
    public private(set) var patchHasArea: [Bool] = []
    /// What the back of the leaf shows, or nil to show the front's contents through the paper.
    public var backContents: ContentHandle? {
        didSet { if backContents != oldValue { contentDidChange() } }
    }
    /// How much of the front's contents shows through the paper on the back where there are no
    /// `backContents`, 0…1: 1 (the default) shows the front's image at full strength, mirrored
    /// as seen through the sheet; 0 shows plain paper (the layer's background colour); between,
    /// the image fades toward the paper — the texture is drawn at this alpha over the
    /// background (without a background colour the back is that much transparent). Values
    /// outside 0…1 are clamped; NaN is taken as 0.
    public var paperTranslucency: Double = 1 {
        didSet {
            let clamped = paperTranslucency >= 0 ? min(paperTranslucency, 1) : 0
            if clamped != paperTranslucency { paperTranslucency = clamped; return }
            if paperTranslucency != oldValue { contentDidChange() }
        }
    }
    /// The part of `backContents` shown, in unit coordinates of the image (default all of it),
    /// as seen with the leaf turned over: the renderer mirrors it across the spine.
    public var backContentsRect = Rect(x: 0, y: 0, width: 1, height: 1) {
        didSet { if backContentsRect != oldValue { contentDidChange() } }
    }

    /// How many of the first sublayers are details of the front (`setDetails(front:back:)`).
    public internal(set) var frontDetailCount = 0
    /// How many sublayers after the front's details are details of the back.
    public internal(set) var backDetailCount = 0

    /// Creates an empty surface layer; give it a curl with `setCurl`.
    public init(name: String = "") { super.init(name: name, kind: .surface) }

    /// Deforms the layer by `curl`: sets the bounds to the leaf `(0, 0, width, height)` and
    /// rebuilds the mesh for a projected chord error of at most `tolerance` pixels.
    ///
    /// - Parameters:
    ///   - curl: the exact surface.
    ///   - toView: this layer's 3D space to homogeneous view points, perspective included (the
    ///     chord tolerance is met in that view).
    ///   - scale: pixels per view point.
    ///   - tolerance: the largest projected chord error, in pixels.
    ///   - spineIsSeam: whether the spine meets a neighbouring page (never faded).
    /// - Throws: the mesh's `SurfaceError` (a scale, tolerance or view out of range).
    public func setCurl(_ curl: PageCurl, toView: Transform3D, scale: Double, tolerance: Double = 0.25,
                        spineIsSeam: Bool = true) throws(SurfaceError) {
        try mesh.tessellate(curl, toView: toView, scale: scale, tolerance: tolerance, spineIsSeam: spineIsSeam)
        self.curl = curl
        let leaf = Rect(x: 0, y: 0, width: curl.size.width, height: curl.size.height)
        if bounds != leaf { bounds = leaf }
        patchMaps.removeAll(keepingCapacity: true)
        patchHasArea.removeAll(keepingCapacity: true)
        for patch in mesh.patches {
            let map = Self.map(of: patch, in: mesh)
            patchMaps.append(map ?? .identity)
            patchHasArea.append(map != nil)
        }
        contentDidChange()
    }

    /// The unit front normal of the leaf at local point `local` (flat: `(0, 0, 1)`).
    public func normal(atLocal local: Point) -> Vector3 {
        curl?.point(atLocal: local).normal ?? Vector3(x: 0, y: 0, z: 1)
    }

    /// The unit front normal at local point `local` as patch `patch` of `mesh` sees it: the
    /// surface's normal with the turning angle kept within the patch's angles, so a point on
    /// a patch's edge (or in a renderer's margin just past it) takes that patch's side of the
    /// edge — the flat part's normal on the axis line, the turned part's past the half turn.
    public func normal(atLocal local: Point, patch: Int) -> Vector3 {
        Self.normal(atLocal: local, patch: patch, of: curl, mesh: mesh)
    }

    /// `normal(atLocal:patch:)` of a surface whose curl is `curl` and mesh `mesh`: what a
    /// recorded frame keeps of the layer.
    public static func normal(atLocal local: Point, patch: Int, of curl: PageCurl?, mesh: SurfaceMesh) -> Vector3 {
        guard let curl else { return Vector3(x: 0, y: 0, z: 1) }
        guard patch >= 0, patch < mesh.patches.count else { return curl.point(atLocal: local).normal }
        let range = mesh.patches[patch].angles
        let r = curl.radius
        let s = curl.distanceBeyondAxis(local)
        let raw = r > 0 ? s / r : (s > 0 ? Double.pi : 0)
        let theta = min(range.upperBound, max(range.lowerBound, raw))
        let n = curl.direction
        let (sinT, cosT) = (Angle.sin(radians: theta), Angle.cos(radians: theta))
        return Vector3(x: -sinT * n.x, y: -sinT * n.y, z: cosT)
    }

    /// Whether the back of the leaf is mirrored across a vertical line (spine on the left or
    /// right) rather than a horizontal one.
    public var mirrorsHorizontally: Bool {
        guard let spine = curl?.spine else { return true }
        return spine == .left || spine == .right
    }

    /// The affine map from local points to the plane of `patch`: exact on its corners; nil
    /// when the patch has no area.
    ///
    /// The flat part is the identity. Otherwise the map is solved from three corners: the
    /// first, the one farthest from it, and the one farthest from the line through those two
    /// (a patch's corners lie on two rulings, so the triangle is well shaped). Every corner of a
    /// planar patch then maps onto its vertex up to rounding.
    static func map(of patch: SurfacePatch, in mesh: SurfaceMesh) -> Homography? {
        let corners = mesh.corners(of: patch)
        guard corners.count >= 3 else { return nil }
        if patch.region == .flat { return .identity }
        let v0 = mesh.vertices[corners[corners.startIndex]]
        var best = v0, far = 0.0
        for i in corners {
            let v = mesh.vertices[i]
            let d = v.local.distance(to: v0.local)
            if d > far { far = d; best = v }
        }
        let v1 = best
        let ax = v1.local.x - v0.local.x, ay = v1.local.y - v0.local.y
        var v2 = v0, area = 0.0
        for i in corners {
            let v = mesh.vertices[i]
            let a = abs(ax * (v.local.y - v0.local.y) - ay * (v.local.x - v0.local.x))
            if a > area { area = a; v2 = v }
        }
        let bx = v2.local.x - v0.local.x, by = v2.local.y - v0.local.y
        let det = ax * by - ay * bx
        // No area: every corner on one line (to rounding of the leaf's size).
        guard abs(det) > 1e-9 * far * far, det.isFinite else { return nil }
        let d1 = v1.position - v0.position, d2 = v2.position - v0.position
        // Solve [ax ay; bx by] · [X; Y] = [d1; d2] for the images X, Y of the local axes.
        let X = (d1 * by - d2 * ay) * (1 / det)
        let Y = (d2 * ax - d1 * bx) * (1 / det)
        let o = v0.position - X * v0.local.x - Y * v0.local.y
        return Homography(x: Vector4(x: X.x, y: X.y, z: X.z, w: 0), y: Vector4(x: Y.x, y: Y.y, z: Y.z, w: 0),
                          origin: Vector4(x: o.x, y: o.y, z: o.z, w: 1))
    }
}
