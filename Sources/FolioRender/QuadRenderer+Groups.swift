import CGL
import FolioGeometry
import FolioLayers
import FolioTessellation

/// Compositing groups (`LayerEvaluator.compositingGroups`): a layer below opacity 1 whose
/// content overlaps itself is drawn into an offscreen texture covering what it draws on
/// screen, at its own opacity 1, and that picture is then drawn once, at the group's opacity,
/// where its quads would have been drawn.
///
/// The picture is screen-aligned, one texel per framebuffer pixel, and the group's members
/// are drawn into it with the same triangulation and analytic coverage as anywhere else, so
/// their silhouettes are antialiased in the picture (against transparency) and the picture is
/// composited as a plain pixel-aligned rectangle, exactly. Nested groups are drawn inner
/// first, each into its own texture. The textures are kept and reused across frames (grown
/// when a group needs more room), so a steady scene makes no GL allocation per frame; all of
/// a frame's together stay within `groupPictureBudget` (`planGroups`).
extension QuadRenderer {
    /// The plan and the kept textures (one per pass) for the current frame's groups.
    struct GroupPasses {
        /// One per group of the evaluation, in its order (an enclosing group first).
        var passes: [Pass] = []
        /// The spans the main list draws as pictures: the groups that no other group holds.
        var topLevel: [CompositeSpan] = []
        /// Offscreen textures, one per pass index, kept between frames (those past the
        /// passes of the last frame drawn are let go: `drawGroupPictures`).
        var targets: [Target] = []
        /// What multiplies each quad's opacity in the list being drawn: 1 on screen, the
        /// reciprocal of the group's opacity inside a group's picture.
        var opacityScale = 1.0
        /// Scratch for `planGroups`.
        var stack: [Int] = []
        /// Whether the last plan left groups without pictures for want of budget (then even a
        /// frame without pictures lets the kept textures go).
        var overBudget = false

        struct Pass {
            var quads: Range<Int> = 0..<0
            var box: (x0: Int, y0: Int, x1: Int, y1: Int)?
            /// The group's opacity relative to the list it is drawn in (its enclosing group's).
            var opacity = 1.0
            /// The group's effective opacity: its members' opacities are divided by it.
            var groupOpacity = 1.0
            /// Whether the texture kept for this pass is larger than the budget allows this
            /// frame: it is made again at the size needed (`planGroups`).
            var remakesTexture = false
            /// The groups directly inside this one, as spans of its list.
            var children: [CompositeSpan] = []
            var list = DrawList()
        }

        /// A texture with a framebuffer drawing into it.
        struct Target {
            var framebuffer: GLuint = 0
            var texture: GLuint = 0
            var width = 0, height = 0
        }

        func release() {
            for t in targets {
                var f = t.framebuffer, x = t.texture
                glDeleteFramebuffers(1, &f)
                glDeleteTextures(1, &x)
            }
        }
    }

    /// Plans this frame's group passes for `e` in a `width × height` viewport: each group's
    /// picture rectangle, nesting and relative opacity. Costs nothing without groups.
    ///
    /// The pictures of a frame all live at once (an enclosing group's is drawn from its inner
    /// groups', the frame from the outermost ones), so together they are held to
    /// `groupPictureBudget`, counting each texture at the size it will have
    /// (a kept texture larger than this frame needs is made again at the needed size when only
    /// that fits). A group past the budget gets no picture: its quads are drawn in the list
    /// that holds it, with its opacity multiplied in (per layer, as for a group the depth sort
    /// interleaves), and `drawError` says so.
    func planGroups(_ frame: Frame, scale: Double, pixelWidth: Int, pixelHeight: Int) {
        let found = frame.groups
        if found.isEmpty && groups.passes.isEmpty { return }
        groups.topLevel.removeAll(keepingCapacity: true)
        // Enclosing groups come first: a stack of the passes holding the current one (reused).
        var stack: [Int] = []
        swap(&stack, &groups.stack)
        if !stack.isEmpty { stack.removeAll(keepingCapacity: true) }
        defer { swap(&stack, &groups.stack) }
        var count = 0
        var bytes = 0, refusedBytes = 0
        for g in found {
            let box = DrawList.pictureBox(frame, g.quads, scale: scale, width: Double(pixelWidth), height: Double(pixelHeight))
            var remakes = false
            if let box {
                let (w, h) = (box.x1 - box.x0, box.y1 - box.y0)
                let needed = RenderLimits.groupPictureBytes(width: w, height: h)
                let kept = count < groups.targets.count ? groups.targets[count] : GroupPasses.Target()
                let grown = RenderLimits.groupPictureBytes(width: max(kept.width, w), height: max(kept.height, h))
                if bytes + grown <= groupPictureBudget {
                    bytes += grown
                } else if bytes + needed <= groupPictureBudget {
                    bytes += needed
                    remakes = true
                } else {
                    refusedBytes += needed
                    continue
                }
            }
            while let top = stack.last, !groups.passes[top].quads.contains(g.quads.lowerBound) { stack.removeLast() }
            let parent = stack.last
            if groups.passes.count <= count { groups.passes.append(GroupPasses.Pass()) }
            let k = count
            count += 1
            groups.passes[k].quads = g.quads
            groups.passes[k].box = box
            groups.passes[k].remakesTexture = remakes
            groups.passes[k].groupOpacity = g.opacity
            groups.passes[k].opacity = parent.map { g.opacity / groups.passes[$0].groupOpacity } ?? g.opacity
            groups.passes[k].children.removeAll(keepingCapacity: true)
            let span = CompositeSpan(quads: g.quads, box: box ?? (0, 0, 0, 0), pass: Int32(k))
            if let parent { groups.passes[parent].children.append(span) } else { groups.topLevel.append(span) }
            stack.append(k)
        }
        if groups.passes.count > count { groups.passes.removeLast(groups.passes.count - count) }
        groups.overBudget = refusedBytes > 0
        if refusedBytes > 0 && drawError == nil {
            drawError = .groupPicturesTooLarge(groups: found.count, width: pixelWidth, height: pixelHeight,
                                               bytes: bytes + refusedBytes, limit: groupPictureBudget)
        }
    }

    /// Draws every planned group's picture into its texture, inner groups first, then binds
    /// `framebuffer` (the app's draw framebuffer) again. The scissor test is off while the
    /// pictures are drawn (the app's scissor box is in its framebuffer's pixels) and the clear
    /// colour is put back.
    func drawGroupPictures(_ frame: Frame, scale: Double, viewport: Viewport, framebuffer: GLuint) {
        guard !groups.passes.isEmpty else { return }
        let scissor = glIsEnabled(GLenum(GL_SCISSOR_TEST)) != 0
        var clearColor: (Float, Float, Float, Float) = (0, 0, 0, 0)
        withUnsafeMutableBytes(of: &clearColor) { glGetFloatv(GLenum(GL_COLOR_CLEAR_VALUE), $0.baseAddress!.assumingMemoryBound(to: Float.self)) }
        glDisable(GLenum(GL_SCISSOR_TEST))
        glActiveTexture(GLenum(GL_TEXTURE0))
        glClearColor(0, 0, 0, 0)
        releaseUnusedGroupTargets()
        for k in groups.passes.indices.reversed() {
            guard let box = groups.passes[k].box else { continue }
            let w = box.x1 - box.x0, h = box.y1 - box.y0
            guard let target = groupTarget(k, width: w, height: h) else { continue }
            glBindFramebuffer(GLenum(GL_DRAW_FRAMEBUFFER), target.framebuffer)
            glViewport(0, 0, GLsizei(w), GLsizei(h))
            glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
            // The whole view's viewport, shifted so that the box's corner is the texture's.
            glViewport(GLint(-box.x0), GLint(-box.y0), GLsizei(viewport.width), GLsizei(viewport.height))
            let textures = self.textures
            groups.passes[k].list.build(frame, scale: scale, pixelWidth: viewport.width, pixelHeight: viewport.height,
                                        origin: (Double(-box.x0), Double(-box.y0)), mode: Self.offscreenMode(antialiasing).triangulation,
                                        range: groups.passes[k].quads, composites: groups.passes[k].children[...]) { quad in
                Self.texelsPerPoint(quad, frame, textures: textures, scale: scale)
            }
            groups.opacityScale = 1 / groups.passes[k].groupOpacity
            swap(&list, &groups.passes[k].list)
            lastFrame.groupPictures += 1
            submit(frame)
            swap(&list, &groups.passes[k].list)
            groups.opacityScale = 1
        }
        glBindFramebuffer(GLenum(GL_DRAW_FRAMEBUFFER), framebuffer)
        glViewport(GLint(viewport.x), GLint(viewport.y), GLsizei(viewport.width), GLsizei(viewport.height))
        glClearColor(clearColor.0, clearColor.1, clearColor.2, clearColor.3)
        if scissor { glEnable(GLenum(GL_SCISSOR_TEST)) }
    }

    /// Lets go of the textures of passes this frame does not have: what is kept stays within
    /// the budget `planGroups` counted.
    func releaseUnusedGroupTargets() {
        while groups.targets.count > groups.passes.count { Rasterization.delete(groups.targets.removeLast()) }
    }

    /// Pass `k`'s texture, at least `width × height` (made or grown in steps of 64 pixels);
    /// nil when the driver cannot make one. Texel centres are sampled exactly (one texel per
    /// pixel): nearest filtering is exact.
    func groupTarget(_ k: Int, width: Int, height: Int) -> GroupPasses.Target? {
        while groups.targets.count <= k { groups.targets.append(GroupPasses.Target()) }
        if groups.passes[k].remakesTexture && (groups.targets[k].width > width || groups.targets[k].height > height) {
            // Kept larger than this frame's budget allows: made again at the size needed.
            Rasterization.delete(groups.targets[k])
            groups.targets[k] = GroupPasses.Target()
        }
        guard let t = texture(width, height, reusing: groups.targets[k], filter: GL_NEAREST) else { return nil }
        groups.targets[k] = t
        return t
    }

    /// The antialiasing of pictures drawn offscreen: their textures are single-sampled, so
    /// multisampling gives way to the analytic coverage there.
    static func offscreenMode(_ mode: AntialiasingMode) -> AntialiasingMode { mode == .msaa ? .analytic : mode }

    /// The shader features of a group's picture: a premultiplied texture stored bottom row first.
    static let compositeVariant = ShaderVariant(texture: .premultiplied, textureFlipped: true)

    /// Sets the uniforms that draw pass `item.composite`'s picture and binds its texture.
    func setCompositeMaterial(_ item: DrawItem, _ program: ShaderPrograms.Program) {
        let k = Int(item.composite)
        guard let box = groups.passes[k].box, k < groups.targets.count else { return }
        let t = groups.targets[k]
        let w = Double(box.x1 - box.x0), h = Double(box.y1 - box.y0)
        glBindTexture(GLenum(GL_TEXTURE_2D), t.texture)
        glUniform4f(program.bounds, 0, 0, Float(w), Float(h))
        // The box fills the texture's bottom-left corner; the shader flips y.
        glUniform4f(program.contentsRect, 0, Float(1 - h / Double(t.height)), Float(w / Double(t.width)), Float(h / Double(t.height)))
        glUniform2f(program.texelsPerPoint, 1, 1)
        if program.levelOfDetailBias >= 0 { glUniform1f(program.levelOfDetailBias, 0) }
        glUniform1f(program.opacity, Float(groups.passes[k].opacity))
    }

    /// Content texels per view point of `quad` (for border-mode antialiasing).
    static func texelsPerPoint(_ quad: Frame.Polygon, _ frame: Frame, textures: TextureStore, scale: Double) -> (Double, Double) {
        let layer = frame.record(of: quad)
        let b = layer.bounds
        if let handle = layer.paint.contents, let t = textures[handle], b.width > 0, b.height > 0 {
            return (Double(t.width) * layer.paint.contentsRect.width / b.width, Double(t.height) * layer.paint.contentsRect.height / b.height)
        }
        return (scale, scale)
    }
}
