import FolioGeometry

/// Details on a surface: finer pictures of parts of the leaf's pages drawn on the sheet.
///
/// A flat face shows a zoom tile as a sublayer lying over the texels it refines. A surface's
/// sublayers are not drawn (the leaf is one sheet, a mesh of planar patches), so its details
/// take the surface's own treatment instead: the evaluator adds, right after each patch, the
/// patch cut to each detail's rectangle, with the patch's map and patch index
/// (LayerEvaluator+Surface.swift). Each piece is then exactly coplanar with its patch (the depth
/// sort keeps it just after the patch, whatever else it orders), a renderer lights it with the
/// surface's normals for that patch, and it is drawn only on the side of the sheet whose page
/// it refines: a front detail where the patch faces the viewer, a back detail where the patch
/// shows its back.
///
/// A detail layer lies in the surface's own coordinates: its `bounds` is the rectangle of the
/// flat leaf it covers (local points of the surface, origin included), and its `contents`
/// through its `contentsRect` are stretched over those bounds exactly as a flat layer's are.
/// Its position, transform, anchor and sublayers are ignored; its `opacity` and `isHidden` are
/// not. A back detail's `contentsRect` is as the back is seen: with the leaf turned over, so
/// a renderer drawing it with the back facing the viewer maps it through the same local point
/// as the surface's mirrored `backContentsRect` (a negative extent runs the image backwards).
extension SurfaceLayer {
    /// Makes `front` and `back` the layers drawn as details over the leaf's front and back
    /// (`front` first; every other sublayer is removed). Each is placed so that its bounds are
    /// its own rectangle of the surface (anchor 0, position at the bounds' origin, no
    /// transform), so hit testing and conversions see it where it is drawn on the flat leaf.
    ///
    /// - Throws: the `LayerError` of `Layer.setSublayers(_:)` (a layer that cannot be a
    ///   sublayer here). The details are then as they were.
    public func setDetails(front: [Layer], back: [Layer]) throws {
        for layer in front { Self.place(layer) }
        for layer in back { Self.place(layer) }
        let current = sublayers
        var same = current.count == front.count + back.count
        var i = 0
        while same && i < front.count { same = current[i] === front[i]; i += 1 }
        i = 0
        while same && i < back.count { same = current[front.count + i] === back[i]; i += 1 }
        if !same { try setSublayers(front + back) }
        if frontDetailCount != front.count || backDetailCount != back.count {
            frontDetailCount = front.count
            backDetailCount = back.count
            contentDidChange()
        }
    }

    /// Puts `layer`'s local coordinates on the surface's: its bounds' origin at the same point.
    private static func place(_ layer: Layer) {
        if layer.anchorPoint != .zero { layer.anchorPoint = .zero }
        if layer.position != layer.bounds.origin { layer.position = layer.bounds.origin }
        if !layer.transformIsIdentity { layer.transform = .identity }
    }
}
