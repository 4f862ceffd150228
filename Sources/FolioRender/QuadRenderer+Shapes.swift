import CGL
import FolioGeometry
import FolioLayers
import FolioTessellation

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
    func borderVariant(_ quad: Frame.Polygon, _ frame: Frame) -> ShaderVariant? {
        guard frame.record(of: quad).paint.drawsBorder else { return nil }
        var variant = ShaderVariant()
        variant.layerBorder = .only
        variant.roundMask = roundedMask(of: quad.record, frame) != nil
        return variant
    }

    /// Adds the shape features of `quad`'s own draw to `variant`.
    func addShape(to variant: inout ShaderVariant, _ quad: Frame.Polygon, _ frame: Frame, leafBorder: Bool) {
        let layer = frame.record(of: quad)
        if layer.paint.cornerRadius > 0 && layer.paint.effectiveCornerRadius > 0 {
            variant.roundOwn = true
            variant.roundContents = layer.paint.masksToBounds
        }
        if leafBorder { variant.layerBorder = .over }
        if !frame.masks.isEmpty { variant.roundMask = roundedMask(of: quad.record, frame) != nil }
    }

    /// Sets the shape uniforms (corner radius, border, rounded mask) that `program` uses.
    func setShape(_ quad: Frame.Polygon, _ frame: Frame, _ program: ShaderPrograms.Program) {
        let layer = frame.record(of: quad)
        if program.cornerRadius >= 0 { glUniform1f(program.cornerRadius, Float(layer.paint.effectiveCornerRadius)) }
        if program.borderWidth >= 0 {
            glUniform1f(program.borderWidth, Float(layer.paint.borderWidth))
            let c = layer.paint.borderColor
            let a = c.alpha > 0 ? min(c.alpha, 1) : 0
            glUniform4f(program.borderColor, Float(c.red * a), Float(c.green * a), Float(c.blue * a), Float(a))
        }
        if program.maskMap >= 0, let mask = roundedMask(of: quad.record, frame) {
            let masking = frame.records[Int(mask.record)]
            let b = masking.bounds
            glUniform4f(program.maskRect, Float(b.minX), Float(b.minY), Float(b.maxX), Float(b.maxY))
            glUniform1f(program.maskRadius, Float(masking.paint.effectiveCornerRadius))
            setPixelToPlane(mask.localToView, location: program.maskMap)
        }
    }

    /// The nearest masking ancestor of record `record`'s layer with rounded corners, if any.
    func roundedMask(of record: Int32, _ frame: Frame) -> Frame.Mask? {
        Self.roundedMask(of: record, in: frame)
    }

    /// The rounded mask that clips record `record`'s layer: the nearest ancestor that masks
    /// to its bounds and is one of `frame`'s masks; nil when none is.
    nonisolated static func roundedMask(of record: Int32, in frame: Frame) -> Frame.Mask? {
        guard !frame.masks.isEmpty else { return nil }
        var current = frame.records[Int(record)].superRecord
        var steps = 0
        while current >= 0, steps < frame.records.count {
            let l = frame.records[Int(current)]
            if l.paint.masksToBounds, let m = frame.masks.first(where: { $0.record == current }) { return m }
            current = l.superRecord
            steps += 1
        }
        return nil
    }

    func setPixelToPlane(_ h: Homography, location: GLint) {
        // Pixel → view: x = (px − ox)/s, y = (height − (py − oy))/s, as A = [[a, 0, b], [0, −a, c], [0, 0, 1]].
        let s = list.scale, a = 1 / s, b = -list.origin.x / s, c = (list.pixelSize.height + list.origin.y) / s
        // Plane → view, M (rows X, Y, W; columns x, y, origin), and its adjugate: M⁻¹ = adj / det.
        let (m00, m01, m02) = (h.x.x, h.y.x, h.origin.x)
        let (m10, m11, m12) = (h.x.y, h.y.y, h.origin.y)
        let (m20, m21, m22) = (h.x.w, h.y.w, h.origin.w)
        let i00 = m11 * m22 - m12 * m21, i01 = m02 * m21 - m01 * m22, i02 = m01 * m12 - m02 * m11
        let i10 = m12 * m20 - m10 * m22, i11 = m00 * m22 - m02 * m20, i12 = m02 * m10 - m00 * m12
        let i20 = m10 * m21 - m11 * m20, i21 = m01 * m20 - m00 * m21, i22 = m00 * m11 - m01 * m10
        let det = m00 * i00 + m01 * i10 + m02 * i20
        var columns: (Float, Float, Float, Float, Float, Float, Float, Float, Float) = (0, 0, 0, 0, 0, 0, 0, 0, 0)
        if det != 0 && det.isFinite {
            // adj · A (the determinant's scale is divided out with the largest entry).
            let p00 = i00 * a, p01 = -i01 * a, p02 = i00 * b + i01 * c + i02
            let p10 = i10 * a, p11 = -i11 * a, p12 = i10 * b + i11 * c + i12
            let p20 = i20 * a, p21 = -i21 * a, p22 = i20 * b + i21 * c + i22
            let largest = max(abs(p00), abs(p01), abs(p02), abs(p10), abs(p11), abs(p12), abs(p20), abs(p21), abs(p22))
            let k = largest > 0 && largest.isFinite ? 1 / largest : 1
            columns = (Float(p00 * k), Float(p10 * k), Float(p20 * k), Float(p01 * k), Float(p11 * k), Float(p21 * k),
                       Float(p02 * k), Float(p12 * k), Float(p22 * k))
        }
        withUnsafeBytes(of: &columns) { glUniformMatrix3fv(location, 1, GLboolean(GL_FALSE), $0.baseAddress!.assumingMemoryBound(to: Float.self)) }
    }
}
