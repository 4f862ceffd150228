import CGL
import FolioGeometry
import FolioLayers
import FolioSurface
import FolioTessellation

/// Damage-driven drawing (issue 29): the region of a retained target that this frame must
/// redraw, from the prepared draw list compared with the last frame's (`FrameDamage`).
extension QuadRenderer {
    /// Records this frame's batches and returns what must be redrawn of `viewport`, given that
    /// the target still holds the pixels of the last frame drawn through this method with the
    /// same `background` (straight alpha, cleared under the redrawn region).
    ///
    /// A full redraw is forced by what the batch records cannot see:
    /// - a change of viewport, scale, background, light, antialiasing, debug views, cast
    ///   shadows or opaque-draw replacement (the frame-wide key);
    /// - any texture upload, replacement or removal since the last frame (the rasterization
    ///   caches' texture generation: a re-upload under the same handle changes pixels that no
    ///   vertex or uniform shows);
    /// - compositing groups (offscreen pictures, drawn without a scissor), rasterized layers
    ///   (their cached pictures), rounded masks (uniforms read from other
    ///   layers), a group picture, a rasterized layer's or a border item's batch, a vertex
    ///   behind the eye (no finite box), and a shader error.
    /// A cast-shadow pass is a record of its own, boxed like a batch (its triangles, skirts
    /// included, widened by a pixel): a moving shadow redraws where it was and where it is, a
    /// still one nothing. The frame after a forced full redraw is full as well (its records
    /// describe nothing comparable).
    func damageRegion(_ frame: Frame, viewport: Viewport, background: Color) -> FrameDamage.Region {
        var key = Hasher()
        key.combine(viewport); key.combine(list.scale); key.combine(background); key.combine(light)
        key.combine(antialiasing); key.combine(wireframe); key.combine(showsLayerBorders); key.combine(castsShadows); key.combine(castsUnlitShadows)
        key.combine(replacesOpaqueDraws); key.combine(rasterization.textureGeneration)
        var forced = wireframe || showsLayerBorders || !frame.pictures.isEmpty || !groups.passes.isEmpty
            || !frame.masks.isEmpty || drawError != nil
        let whole = FrameDamage.PixelBox(x0: viewport.x, y0: viewport.y, x1: viewport.x + viewport.width, y1: viewport.y + viewport.height)
        var itemPrint = 0, printedItem = -1
        var shadow = 0
        for (index, batch) in list.batches.enumerated() where !forced {
            // Cast shadows in the order `submit` draws them, each a record of its own.
            while shadow < list.castShadow.passes.count && list.castShadow.passes[shadow].beforeBatch <= index {
                if !recordCastShadow(list.castShadow.passes[shadow], viewport: viewport) { forced = true }
                shadow += 1
            }
            let item = list.items[batch.item]
            if item.composite >= 0 || item.raster >= 0 || item.border >= 0 { forced = true; break }
            if batch.item != printedItem {
                itemPrint = materialFingerprint(item, frame)
                printedItem = batch.item
            }
            var h = Hasher()
            h.combine(itemPrint)
            h.combine(batch.coverage)
            guard let box = hashVertices(batch.vertices, viewport: viewport, into: &h) else { forced = true; break }
            damage.current.append(FrameDamage.Record(fingerprint: h.finalize(), box: box))
        }
        while !forced && shadow < list.castShadow.passes.count {
            if !recordCastShadow(list.castShadow.passes[shadow], viewport: viewport) { forced = true }
            shadow += 1
        }
        return damage.finish(key: key.finalize(), forcedFull: forced, viewport: whole)
    }

    /// Records a cast-shadow pass: its vertices, slot split and shadow terms, and the pixels
    /// its draws can touch. False when a vertex has no finite position.
    ///
    /// The box is that of the pass's vertices, widened by a pixel as for a batch: the triangles
    /// are already clipped to their receivers on the CPU and carry the penumbra's skirts, and
    /// the vertex shader places every variant at `aClip` unchanged, so no fragment of the pass
    /// lies outside it. `drawCastShadow` draws those vertices twice — the darkness into
    /// destination alpha (`MIN`), then the colour multiplied by it and alpha put back to 1 —
    /// and the second draw is the same range, `pass.vertices`, not a receiver or a full-screen
    /// quad: it touches exactly the first draw's pixels. (Without writable alpha the pass is
    /// one draw of the same triangles.) So the destination alpha the restore reads is written
    /// inside this box, after the box was cleared and redrawn in order, exactly as in a full
    /// redraw; outside it the pass changes nothing in either frame. A receiver's pass
    /// (`casterSlots > 0`) is one multiplying draw of its vertices, its casters' terms hashed
    /// with them.
    func recordCastShadow(_ pass: CastShadowList.Pass, viewport: Viewport) -> Bool {
        var h = Hasher()
        h.combine(pass.slotRanges.none.count); h.combine(pass.slotRanges.four.count); h.combine(pass.slotRanges.eight.count)
        h.combine(pass.terms.0); h.combine(pass.terms.1); h.combine(pass.terms.2); h.combine(pass.terms.3)
        // A receiver's pass: its casters' terms (one draw of the receiver, blended once).
        h.combine(pass.casterSlots); h.combine(pass.receiverSurface)
        for k in pass.casters { h.combine(list.castShadow.receiverCasters[k]) }
        guard let box = hashVertices(pass.vertices, viewport: viewport, into: &h) else { return false }
        damage.current.append(FrameDamage.Record(fingerprint: h.finalize(), box: box))
        return true
    }

    /// Everything of `item`'s material that `setMaterial` and `material(of:)` send to GL: the
    /// shader variant, opacity, bounds, shown contents and its texture, fade, background,
    /// gradient and overlay stops, border and corner radius. (Read from the quad's layer as
    /// `setMaterial` reads it today; when the renderer reads a self-contained frame, this reads
    /// the same fields there.)
    func materialFingerprint(_ item: DrawItem, _ frame: Frame) -> Int {
        let quad = frame.polygons[item.quadIndex]
        let layer = frame.record(of: quad)
        var h = Hasher()
        h.combine(material(of: item, quad, frame))
        h.combine(Float(quad.opacity * groups.opacityScale))
        h.combine(layer.bounds.origin.x); h.combine(layer.bounds.origin.y)
        h.combine(layer.bounds.size.width); h.combine(layer.bounds.size.height)
        let shown = Self.shownContents(quad, frame)
        h.combine(shown.handle)
        h.combine(shown.rect.origin.x); h.combine(shown.rect.origin.y)
        h.combine(shown.rect.size.width); h.combine(shown.rect.size.height)
        if let t = shown.handle.flatMap({ textures[$0] }) {
            h.combine(t.id); h.combine(t.width); h.combine(t.height); h.combine(t.premultiplied); h.combine(t.isOpaque)
            // The resting raster a draw may bind in its place (QuadRenderer+RestingRaster.swift).
            h.combine(t.restingRaster?.id)
        }
        h.combine(Self.contentsFade(quad, frame))
        h.combine(layer.paint.backgroundColor)
        h.combine(layer.paint.effectiveCornerRadius); h.combine(layer.paint.borderWidth); h.combine(layer.paint.borderColor)
        h.combine(Self.paintsOpaque(quad, frame, textures: textures))
        if let g = layer.paint.gradient {
            h.combine(g.colors); h.combine(g.locations)
            h.combine(g.startPoint.x); h.combine(g.startPoint.y); h.combine(g.endPoint.x); h.combine(g.endPoint.y)
        }
        if let index = item.overlayQuadIndex {
            let overlay = frame.polygons[index]
            let o = frame.record(of: overlay)
            h.combine(overlay.opacity)
            h.combine(o.paint.backgroundColor)
            if let g = o.paint.gradient {
                h.combine(g.colors); h.combine(g.locations)
                h.combine(g.startPoint.x); h.combine(g.startPoint.y); h.combine(g.endPoint.x); h.combine(g.endPoint.y)
            }
        }
        return h.finalize()
    }

    /// Feeds the floats of `vertices` (vertex indices in `list.vertices`) to `h` and returns
    /// the framebuffer pixels their triangles can touch: the box of their projected positions
    /// widened by one pixel (rasterization, analytic coverage and multisampling never reach
    /// past the pixel a vertex is in), or nil when a vertex is behind the eye or not finite.
    func hashVertices(_ vertices: Range<Int>, viewport: Viewport, into h: inout Hasher) -> FrameDamage.PixelBox? {
        let n = DrawList.floatsPerVertex
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        let halfW = Double(viewport.width) / 2, halfH = Double(viewport.height) / 2
        return list.vertices.withUnsafeBufferPointer { v -> FrameDamage.PixelBox? in
            for k in vertices {
                let base = k * n
                for f in base..<(base + n) { h.combine(v[f].bitPattern) }
                let w = Double(v[base + 3])
                guard w > 0, w.isFinite else { return nil }
                let x = Double(viewport.x) + (Double(v[base]) / w + 1) * halfW
                let y = Double(viewport.y) + (Double(v[base + 1]) / w + 1) * halfH
                guard x.isFinite, y.isFinite else { return nil }
                minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y)
            }
            guard minX <= maxX else { return FrameDamage.PixelBox() }
            // Clamped before converting: a vertex far off screen must not overflow Int.
            func pixel(_ p: Double) -> Int { Int(max(-1e9, min(1e9, p))) }
            return FrameDamage.PixelBox(x0: pixel(minX.rounded(.down)) - 1, y0: pixel(minY.rounded(.down)) - 1,
                                        x1: pixel(maxX.rounded(.up)) + 1, y1: pixel(maxY.rounded(.up)) + 1)
        }
    }
}

extension QuadRenderer {
    /// Draws the last evaluation of `evaluator` into `viewport` of `framebuffer`, a target that
    /// still holds what the last call drew there, redrawing only what changed: the damaged box
    /// is cleared to `background` (straight alpha) and everything intersecting it drawn again
    /// in order under a scissor; pixels outside it are not touched. A frame with nothing
    /// changed does no pixel work. `lastFrame.damagedFraction` is the share of the viewport
    /// redrawn. The app's scissor state is put back.
    ///
    /// The caller owns the contract: nothing else draws into the target between calls (or it
    /// calls ``invalidateDamage()`` first), and each call uses the same target.
    ///
    /// - Returns: what was redrawn.
    @discardableResult
    func drawDamaged(_ evaluator: LayerEvaluator, scale: Double, viewport: Viewport, framebuffer: UInt32,
                     background: Color) -> FrameDamage.Region {
        record(evaluator)
        return drawDamaged(frame, scale: scale, viewport: viewport, framebuffer: framebuffer, background: background)
    }

    /// `drawDamaged` of a frame already written.
    @discardableResult
    func drawDamaged(_ frame: Frame, scale: Double, viewport: Viewport, framebuffer: UInt32,
                     background: Color) -> FrameDamage.Region {
        guard beginFrame(frame, scale: scale, viewport: viewport) else { return .none }
        let region = damageRegion(frame, viewport: viewport, background: background)
        switch region {
        case .none:
            lastFrame.damagedFraction = 0
        case .full:
            clear(background, viewport: viewport, framebuffer: framebuffer)
            drawPrepared(frame, scale: scale, viewport: viewport, framebuffer: framebuffer)
            lastFrame.damagedFraction = 1
        case .box(let b):
            let box = Viewport(x: b.x0, y: b.y0, width: b.x1 - b.x0, height: b.y1 - b.y0)
            clear(background, viewport: box, framebuffer: framebuffer)
            let saved = GLStateSnapshot(capturing: .scissor)
            glEnable(GLenum(GL_SCISSOR_TEST))
            glScissor(GLint(box.x), GLint(box.y), GLsizei(box.width), GLsizei(box.height))
            drawPrepared(frame, scale: scale, viewport: viewport, framebuffer: framebuffer)
            saved.restore()
            lastFrame.damagedFraction = Double(b.area) / Double(viewport.width * viewport.height)
        }
        return region
    }

    /// Forgets the last damage-driven frame: the next ``drawDamaged`` redraws everything (call
    /// when the target was resized, replaced, or drawn into by anything else).
    func invalidateDamage() { damage.invalidate() }
}
