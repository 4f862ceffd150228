import FolioScene
import FolioTessellation

extension QuadReport {
    /// The reports of `frame`'s polygons, in its order: what `reports(_:)` gives for the
    /// evaluator the frame was recorded from, field for field.
    static func reports(_ frame: Frame) -> [QuadReport] {
        frame.polygons.map { p in
            let c = frame.corners(of: p)
            return QuadReport(name: frame.record(of: p).name, corners: c.map { [$0.point.x, $0.point.y] }, depth: c.map(\.depth),
                              opacity: p.opacity, shadowOpacity: nil, visible: p.isVisible)
        }
    }
}
