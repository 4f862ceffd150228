import CGL
import FolioGeometry
import FolioLayers

/// Rounded corners, borders and rounded masks, drawn with coverage from the distance to the
/// rounded edge (a one-pixel ramp, like the silhouettes' antialiasing) in the shader:
///
/// - a layer's own draw cuts its rounded corners from its background (`ROUND_OWN`) and, when
///   it masks, from its contents, gradient and merged overlay (`ROUND_CONTENTS`); the straight
///   sides are its polygon's, antialiased as silhouettes;
/// - a border is the band between the rounded bounds and the bounds inset by its width (inner
///   radius: the outer less the width), drawn over the layer's own pass when it has no
///   sublayers (`LAYER_BORDER`), else as one more draw of its polygon right after its subtree
///   (`LAYER_BORDER_ONLY`, placed by `LayerEvaluator.borders`);
/// - a layer inside a masking layer with rounded corners (`LayerEvaluator.roundedMasks`, the
///   nearest one) has the mask's corners cut from its pixels (`ROUND_MASK`): the fragment's
///   framebuffer position is mapped back into the mask's plane by the inverse of its
///   homography, so any transform in between, 3D or flattened, is exact.
extension QuadRenderer {
    /// The variant of a border drawn after its layer's sublayers.
    func borderVariant(_ quad: Quad, _ e: LayerEvaluator) -> ShaderVariant? {
        guard quad.layer.drawsBorder else { return nil }
        var variant = ShaderVariant()
        variant.layerBorder = .only
        variant.roundMask = roundedMask(of: quad.layer, e) != nil
        return variant
    }

    /// Adds the shape features of `quad`'s own draw to `variant`.
    func addShape(to variant: inout ShaderVariant, _ quad: Quad, _ e: LayerEvaluator, leafBorder: Bool) {
        let layer = quad.layer
        if layer.cornerRadius > 0 && layer.effectiveCornerRadius > 0 {
            variant.roundOwn = true
            variant.roundContents = layer.masksToBounds
        }
        if leafBorder { variant.layerBorder = .over }
        if !e.roundedMasks.isEmpty { variant.roundMask = roundedMask(of: layer, e) != nil }
    }

    /// Sets the shape uniforms (corner radius, border, rounded mask) that `program` uses.
    func setShape(_ quad: Quad, _ e: LayerEvaluator, _ program: ShaderPrograms.Program) {
        let layer = quad.layer
        if program.cornerRadius >= 0 { glUniform1f(program.cornerRadius, Float(layer.effectiveCornerRadius)) }
        if program.borderWidth >= 0 {
            glUniform1f(program.borderWidth, Float(layer.effectiveBorderWidth))
            let c = layer.borderColor
            let a = c.alpha > 0 ? min(c.alpha, 1) : 0
            glUniform4f(program.borderColor, Float(c.red * a), Float(c.green * a), Float(c.blue * a), Float(a))
        }
        if program.maskMap >= 0, let mask = roundedMask(of: layer, e) {
            let b = mask.layer.bounds
            glUniform4f(program.maskRect, Float(b.minX), Float(b.minY), Float(b.maxX), Float(b.maxY))
            glUniform1f(program.maskRadius, Float(mask.layer.effectiveCornerRadius))
            var m = pixelToPlane(mask.localToView)
            glUniformMatrix3fv(program.maskMap, 1, GLboolean(GL_FALSE), &m)
        }
    }

    /// The nearest masking ancestor of `layer` with rounded corners, if any.
    func roundedMask(of layer: Layer, _ e: LayerEvaluator) -> RoundedMask? {
        Self.roundedMask(of: layer, in: e.roundedMasks)
    }

    /// The nearest masking ancestor of `layer` among `masks`, if any.
    nonisolated static func roundedMask(of layer: Layer, in masks: [RoundedMask]) -> RoundedMask? {
        guard !masks.isEmpty else { return nil }
        var current = layer.superlayer
        var steps = 0
        while let l = current, steps <= Layer.maximumDepth {
            if l.masksToBounds, let m = masks.first(where: { $0.layer === l }) { return m }
            current = l.superlayer
            steps += 1
        }
        return nil
    }

    /// The map from a framebuffer pixel (where `gl_FragCoord` counts from, for the list being
    /// drawn) to the plane that `localToView` maps to the view: homogeneous, column-major for
    /// a GLSL `mat3`. Nine zeros when the plane is seen edge-on (not invertible).
    func pixelToPlane(_ h: Homography) -> [Float] {
        // Pixel → view: x = (px − ox)/s, y = (height − (py − oy))/s.
        let s = list.scale, ox = list.origin.x, oy = list.origin.y, height = list.pixelSize.height
        let a: [[Double]] = [[1 / s, 0, -ox / s], [0, -1 / s, (height + oy) / s], [0, 0, 1]]
        // Plane → view (column vectors): columns x, y, origin, rows X, Y, W.
        let m: [[Double]] = [[h.x.x, h.y.x, h.origin.x], [h.x.y, h.y.y, h.origin.y], [h.x.w, h.y.w, h.origin.w]]
        guard let inverse = Self.inverse3(m) else { return [Float](repeating: 0, count: 9) }
        var product = [[Double]](repeating: [0, 0, 0], count: 3)
        for r in 0..<3 { for c in 0..<3 { product[r][c] = (0..<3).reduce(0) { $0 + inverse[r][$1] * a[$1][c] } } }
        // Scaled to a unit largest entry: homogeneous, so the scale does not matter, and floats
        // keep their precision.
        let largest = product.flatMap { $0 }.map(abs).max() ?? 1
        let k = largest > 0 ? 1 / largest : 1
        return (0..<3).flatMap { c in (0..<3).map { r in Float(product[r][c] * k) } }
    }

    /// The inverse of a 3 × 3 matrix (rows), nil when singular.
    static func inverse3(_ m: [[Double]]) -> [[Double]]? {
        let c00 = m[1][1] * m[2][2] - m[1][2] * m[2][1]
        let c01 = m[1][2] * m[2][0] - m[1][0] * m[2][2]
        let c02 = m[1][0] * m[2][1] - m[1][1] * m[2][0]
        let det = m[0][0] * c00 + m[0][1] * c01 + m[0][2] * c02
        guard det != 0, det.isFinite else { return nil }
        let d = 1 / det
        return [[c00 * d, (m[0][2] * m[2][1] - m[0][1] * m[2][2]) * d, (m[0][1] * m[1][2] - m[0][2] * m[1][1]) * d],
                [c01 * d, (m[0][0] * m[2][2] - m[0][2] * m[2][0]) * d, (m[0][2] * m[1][0] - m[0][0] * m[1][2]) * d],
                [c02 * d, (m[0][1] * m[2][0] - m[0][0] * m[2][1]) * d, (m[0][0] * m[1][1] - m[0][1] * m[1][0]) * d]]
    }
}
