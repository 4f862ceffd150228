import CGL
import FolioGeometry
import FolioLayers
import FolioSurface
import FolioTessellation

/// Drawing surface layers' cast shadows (docs/curl.md §8): prepared with the draw list
/// (`DrawList+CastShadow.swift`), drawn in `submit` just before the leaf's first lifted patch.
extension QuadRenderer {
    /// Adds this frame's cast shadows to the list, when shadows are cast: under the light,
    /// those of curled leaves and of opaque flat leaves lifted off the page; unlit, with
    /// `castsUnlitShadows`, the same passes from the standard light's direction for curled
    /// leaves, and for flat leaves (a hard cover's board) over curled leaves, which take no
    /// tint — so a frame without a curled leaf prepares nothing (docs/curl.md §8).
    func prepareCastShadows(_ frame: Frame) {
        guard let shadowLight = settings.shadowLight else { return }
        let flatCasters: CastShadowList.FlatCasterReach = light != nil ? .everyReceiver : .onCurledLeaves
        // Unlit, a shadow needs a curled leaf: a frame with none (every flip, fold and book at
        // rest) stops at this scan, its list exactly what it was without unlit shadows
        // (`build` cleared the last frame's passes).
        if light == nil && !frame.records.contains(where: { $0.surface?.curl != nil }) { return }
        let textures = self.textures
        list.appendCastShadows(frame, light: shadowLight.direction, ambient: shadowLight.ambient, flatCasters: flatCasters, isReceiver: { quad in
            // A receiver: an opaque page lying on the leaf's plane (z = 0 in the view).
            for v in frame.corners(of: quad) where abs(v.depth) > 1e-6 { return false }
            return Self.isOpaque(quad, frame, textures: textures)
        }, isOpaque: { quad in
            // A caster: opaque (a translucent overlay, such as a leaf's crease tint, casts nothing).
            Self.isOpaque(quad, frame, textures: textures)
        })
    }

    /// Draws the passes `run` of this frame's list in the bound framebuffer as one shadow:
    /// every pass's darkness into destination alpha (as the light left, `MIN` blending), then
    /// the colour times that alpha with alpha put back to 1, under each pass's triangles. Both
    /// steps give the same pixels however often a pixel is covered, so overlapping sheets — and
    /// the passes of several casters over one receiver — keep the darkest and nothing is
    /// darkened twice (the first multiplying draw over a pixel puts its alpha back to 1).
    /// Without a writable alpha channel (a window with no alpha bits, or an app's colour mask)
    /// the shadow is multiplied in at once, and overlaps darken twice.
    ///
    /// Leaves the program unbound from the caller's point of view: the caller sets its own again.
    func drawCastShadow(passes run: Range<Int>) {
        let passes = list.castShadow.passes[run]
        guard passes.contains(where: { $0.casterSlots == 0 }) else { return }
        let restore: ShaderPrograms.Program
        do { restore = try programs.program(for: ShaderVariant(background: true)) } catch {
            if drawError == nil { drawError = error }
            return
        }
        var mask: (GLboolean, GLboolean, GLboolean, GLboolean) = (0, 0, 0, 0)
        withUnsafeMutableBytes(of: &mask) { glGetBooleanv(GLenum(GL_COLOR_WRITEMASK), $0.baseAddress!.assumingMemoryBound(to: GLboolean.self)) }
        if mask.3 != 0 && drawFramebufferHasAlpha() {
            glColorMask(GLboolean(GL_FALSE), GLboolean(GL_FALSE), GLboolean(GL_FALSE), GLboolean(GL_TRUE))
            glBlendEquationSeparate(GLenum(GL_FUNC_ADD), GLenum(GL_MIN))
            for pass in passes where pass.casterSlots == 0 { drawShadowTriangles(pass) }
            glColorMask(mask.0, mask.1, mask.2, mask.3)
            glBlendEquation(GLenum(GL_FUNC_ADD))
            // rgb · (light left); alpha: 1·(1 − a) + a = 1.
            glBlendFuncSeparate(GLenum(GL_ZERO), GLenum(GL_DST_ALPHA), GLenum(GL_ONE_MINUS_DST_ALPHA), GLenum(GL_ONE))
            glUseProgram(restore.shader.id)
            glUniform4f(restore.bounds, 0, 0, 1, 1)
            glUniform1f(restore.opacity, 1)
            glUniform4f(restore.background, 0, 0, 0, 1)
            for pass in passes where pass.casterSlots == 0 {
                lastFrame.drawCalls += 1
                glDrawArrays(GLenum(GL_TRIANGLES), GLint(pass.vertices.lowerBound), GLsizei(pass.vertices.count))
            }
        } else {
            glBlendFuncSeparate(GLenum(GL_ZERO), GLenum(GL_SRC_ALPHA), GLenum(GL_ZERO), GLenum(GL_ONE))
            for pass in passes where pass.casterSlots == 0 { drawShadowTriangles(pass) }
        }
        glBlendFunc(GLenum(GL_ONE), GLenum(GL_ONE_MINUS_SRC_ALPHA))
    }

    /// Draws the receivers' passes among `run` (`DrawList+RaisedShadow.swift`): each is one
    /// draw of its receiver that evaluates all its casters and multiplies the colour by the
    /// light left (`ZERO, SRC_COLOR`; alpha kept), so it needs no alpha channel and darkens
    /// each pixel once, by the darkest caster. Two passes over one receiver (more casters than
    /// one evaluates) multiply where they overlap. A region of a curved receiver's pass
    /// (`pass.band`) is drawn with its band as the scissor, within the scissor already set.
    func drawReceiverShadows(passes run: Range<Int>) {
        var scissor: (enabled: Bool, box: (GLint, GLint, GLint, GLint))? = nil
        defer {
            if let scissor {
                glScissor(scissor.box.0, scissor.box.1, scissor.box.2, scissor.box.3)
                if !scissor.enabled { glDisable(GLenum(GL_SCISSOR_TEST)) }
            }
        }
        for pass in list.castShadow.passes[run] where pass.casterSlots > 0 {
            if let band = pass.band {
                if scissor == nil {
                    var box: (GLint, GLint, GLint, GLint) = (0, 0, 0, 0)
                    withUnsafeMutableBytes(of: &box) { glGetIntegerv(GLenum(GL_SCISSOR_BOX), $0.baseAddress!.assumingMemoryBound(to: GLint.self)) }
                    scissor = (glIsEnabled(GLenum(GL_SCISSOR_TEST)) != 0, box)
                    glEnable(GLenum(GL_SCISSOR_TEST))
                }
                guard let rect = Self.scissor(band, origin: list.origin, within: scissor!) else { continue }
                glScissor(rect.0, rect.1, rect.2, rect.3)
            } else if let scissor {
                glScissor(scissor.box.0, scissor.box.1, scissor.box.2, scissor.box.3)
                if !scissor.enabled { glDisable(GLenum(GL_SCISSOR_TEST)) } else { glEnable(GLenum(GL_SCISSOR_TEST)) }
            }
            let program: ShaderPrograms.Program
            do { program = try programs.program(for: ShaderVariant(receiverCasters: pass.casterSlots, receiverSurface: pass.receiverSurface)) } catch {
                if drawError == nil { drawError = error }
                continue
            }
            glUseProgram(program.shader.id)
            glBlendFuncSeparate(GLenum(GL_ZERO), GLenum(GL_SRC_COLOR), GLenum(GL_ZERO), GLenum(GL_ONE))
            glUniform4f(program.shadowTerms, pass.terms.0, pass.terms.1, pass.terms.2, pass.terms.3)
            glUniform4f(program.bounds, 0, 0, 1, 1)
            list.castShadow.receiverCasters.withUnsafeBufferPointer { terms in
                guard let base = terms.baseAddress, pass.casters.upperBound <= terms.count else { return }
                glUniform4fv(program.casters, GLsizei(pass.casters.count / 4), base + pass.casters.lowerBound)
            }
            lastFrame.drawCalls += 1
            glDrawArrays(GLenum(GL_TRIANGLES), GLint(pass.vertices.lowerBound), GLsizei(pass.vertices.count))
        }
        glBlendFunc(GLenum(GL_ONE), GLenum(GL_ONE_MINUS_SRC_ALPHA))
    }

    /// The scissor box (framebuffer pixels: x, y, width, height) of a region's `band` (viewport
    /// pixels along x or y, from the viewport's corner at framebuffer pixel `origin`) inside
    /// the scissor `outer` the frame set (its box, when enabled); nil when they do not meet.
    static func scissor(_ band: (axis: Int, lower: Double, upper: Double), origin: (x: Double, y: Double),
                        within outer: (enabled: Bool, box: (GLint, GLint, GLint, GLint))) -> (GLint, GLint, GLint, GLint)? {
        let big = Double(Int32.max / 4)
        var x0 = -big, y0 = -big, x1 = big, y1 = big
        if outer.enabled {
            (x0, y0) = (Double(outer.box.0), Double(outer.box.1))
            (x1, y1) = (x0 + Double(outer.box.2), y0 + Double(outer.box.3))
        }
        // The band's ends lie on whole framebuffer pixels; rounding only absorbs float error.
        let shift = band.axis == 0 ? origin.x : origin.y
        let lower = band.lower.isFinite ? (band.lower + shift).rounded() : -big
        let upper = band.upper.isFinite ? (band.upper + shift).rounded() : big
        if band.axis == 0 { (x0, x1) = (max(x0, lower), min(x1, upper)) } else { (y0, y1) = (max(y0, lower), min(y1, upper)) }
        guard x1 > x0, y1 > y0 else { return nil }
        return (GLint(x0), GLint(y0), GLint(x1 - x0), GLint(y1 - y0))
    }

    /// The light left after `pass`'s shadow, in three draws: triangles no edge reaches (no
    /// edge work at all), then those carrying at most 4 and at most 8 edges.
    func drawShadowTriangles(_ pass: CastShadowList.Pass) {
        for k in 0..<3 {
            let (slots, range) = k == 0 ? (0, pass.slotRanges.none) : (k == 1 ? (4, pass.slotRanges.four) : (8, pass.slotRanges.eight))
            guard !range.isEmpty else { continue }
            let variant = ShaderVariant(coverage: slots == 0 ? .full : .edges(slots), shadowBlur: true)
            let program: ShaderPrograms.Program
            do { program = try programs.program(for: variant) } catch {
                if drawError == nil { drawError = error }
                continue
            }
            glUseProgram(program.shader.id)
            glUniform4f(program.shadowTerms, pass.terms.0, pass.terms.1, pass.terms.2, pass.terms.3)
            glUniform4f(program.bounds, 0, 0, 1, 1)
            lastFrame.drawCalls += 1
            glDrawArrays(GLenum(GL_TRIANGLES), GLint(range.lowerBound), GLsizei(range.count))
        }
    }

    /// Whether the bound draw framebuffer's colour buffer has alpha bits.
    func drawFramebufferHasAlpha() -> Bool {
        var bound: GLint = 0
        glGetIntegerv(GLenum(GL_DRAW_FRAMEBUFFER_BINDING), &bound)
        var buffer: GLint = 0
        // GL_DRAW_BUFFER0 in both APIs (ES 3.0 has no GL_DRAW_BUFFER); the same buffer in core.
        glGetIntegerv(GLenum(GL_DRAW_BUFFER0), &buffer)
        var attachment = GLenum(buffer)
        // ES names the default framebuffer's colour buffer GL_BACK (it has no sides).
        if bound == 0 && profile == .core33 {
            // The default framebuffer names its buffers by side; the query wants the left one.
            if attachment == GLenum(GL_BACK) { attachment = GLenum(GL_BACK_LEFT) }
            if attachment == GLenum(GL_FRONT) { attachment = GLenum(GL_FRONT_LEFT) }
        }
        guard attachment != GLenum(GL_NONE) else { return false }
        var bits: GLint = 0
        glGetFramebufferAttachmentParameteriv(GLenum(GL_DRAW_FRAMEBUFFER), attachment, GLenum(GL_FRAMEBUFFER_ATTACHMENT_ALPHA_SIZE), &bits)
        return bits > 0
    }
}
