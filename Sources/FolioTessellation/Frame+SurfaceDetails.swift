import FolioGeometry
import FolioLayers
import FolioSurface

/// The surface a polygon is drawn on: a patch of a surface layer, or a piece of one of its
/// details (SurfaceLayer+Details.swift), which carries the patch's index under the detail's
/// own record, a sublayer of the surface's.
extension Frame {
    /// The record of the surface layer whose patch `polygon` draws or refines: its own record
    /// for a patch, its superlayer's for a detail's piece; nil for a flat layer's polygon.
    public func surfaceRecordIndex(of polygon: Polygon) -> Int32? {
        guard polygon.surfacePatch >= 0 else { return nil }
        let own = records[Int(polygon.record)]
        if own.surface != nil { return polygon.record }
        let up = own.superRecord
        guard up >= 0, records[Int(up)].surface != nil else { return nil }
        return up
    }

    /// Whether `polygon` is a piece of a surface's detail (not the surface's own patch).
    public func isSurfaceDetail(_ polygon: Polygon) -> Bool {
        polygon.surfacePatch >= 0 && records[Int(polygon.record)].surface == nil
    }
}
