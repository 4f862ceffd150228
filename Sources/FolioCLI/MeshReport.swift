import FolioGeometry
import FolioSurface
import FolioTransitions

/// The curled leaf as `folio geometry --effect curl` prints it (docs/command-line.md).
public struct MeshReport: Encodable, Sendable {
    /// One vertex.
    public struct Vertex: Encodable, Sendable {
        /// The leaf point it comes from, `[x, y]` in the leaf's local points (texture coordinates).
        public var local: [Double]
        /// The 3D point in view points before projection, `[x, y, z]` (+z toward the viewer).
        public var position: [Double]
        /// The projected view point, `[x, y]`.
        public var point: [Double]
        /// The unit normal of the leaf's front side, `[x, y, z]`.
        public var normal: [Double]
    }

    /// One polyline segment of the outline or a contour.
    public struct Segment: Encodable, Sendable {
        /// The segment's vertex indices.
        public var vertices: [Int]
        /// `boundary` (a free edge, faded), `seam` (the spine, never faded) or `contour`.
        public var kind: String
    }

    /// Every vertex, each once.
    public var vertices: [Vertex]
    /// Index triples in back-to-front draw order, wound like the leaf's local rectangle.
    public var triangles: [[Int]]
    /// Whether each triangle (same order) shows the leaf's back.
    public var backFacing: [Bool]
    /// The leaf's outline, a closed polyline.
    public var outline: [Segment]
    /// Where the surface turns away from the viewer.
    public var contours: [Segment]
    /// Segments per half turn of the bend (the chord tolerance's choice).
    public var segmentsPerHalfTurn: Int

    /// The report of `curl`'s current mesh.
    public init(_ curl: CurlTransition) {
        let mesh = curl.mesh
        let origin = curl.leafFrame.origin
        vertices = mesh.vertices.map { v in
            Vertex(local: [v.local.x, v.local.y], position: [v.position.x + origin.x, v.position.y + origin.y, v.position.z],
                   point: [v.point.x, v.point.y], normal: [v.normal.x, v.normal.y, v.normal.z])
        }
        var triangles: [[Int]] = [], backFacing: [Bool] = []
        for patch in mesh.paintersOrder {
            for t in mesh.patches[patch].triangles {
                let tri = mesh.triangles[t]
                triangles.append([tri.a, tri.b, tri.c])
                backFacing.append(mesh.patches[patch].isBackFacing)
            }
        }
        self.triangles = triangles
        self.backFacing = backFacing
        func name(_ kind: SurfaceEdgeKind) -> String {
            switch kind {
            case .interior: return "interior"
            case .seam: return "seam"
            case .boundary: return "boundary"
            case .contour: return "contour"
            }
        }
        outline = mesh.outline.map { Segment(vertices: [$0.from, $0.to], kind: name($0.kind)) }
        contours = mesh.contours.map { Segment(vertices: [$0.from, $0.to], kind: name($0.kind)) }
        segmentsPerHalfTurn = mesh.segmentsPerHalfTurn
    }
}

/// The curl's pose as `folio geometry --effect curl` prints it.
public struct CurlReport: Encodable, Sendable {
    /// The axis angle at the start of the turn, degrees.
    public var startAngle: Double
    /// The axis angle now, degrees from the spine.
    public var angle: Double
    /// The axis's distance from the spine as a fraction of its travel (1 flat, 0 on the spine).
    public var axisFraction: Double
    /// The axis's distance beyond the spine's farthest point, in points.
    public var axisDistance: Double
    /// The radius now, in points.
    public var radius: Double
    /// The rest radius, in points.
    public var restRadius: Double
    /// The attached edge of the leaf: left, right, top or bottom.
    public var spine: String
    /// The leaf's flat rectangle in view points, `[x, y, width, height]`.
    public var leaf: [Double]

    /// The report of `curl`'s current pose.
    public init(_ curl: CurlTransition) {
        let c = curl.curl
        startAngle = curl.defaultPath.anchor.angle
        angle = c.pose.angle
        axisFraction = c.pose.axisFraction
        axisDistance = c.axisDistance
        radius = c.radius
        restRadius = c.restRadius
        spine = c.spine.rawValue
        let f = curl.leafFrame
        leaf = [f.origin.x, f.origin.y, f.size.width, f.size.height]
    }
}
