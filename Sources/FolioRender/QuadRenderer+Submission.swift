import CGL
import FolioGeometry
import FolioLayers
import FolioTessellation

/// Sending a prepared draw list to GL: one vertex upload, then per batch the program of its
/// shader variant, the item's material uniforms and one `glDrawArrays` of triangles.
extension QuadRenderer {
    /// Sends the prepared draw list to GL, in the bound framebuffer and viewport.
    func submit(_ frame: Frame) {
        guard !list.batches.isEmpty else { return }
        if drawProfile.isOn { drawProfile.timings.removeAll(keepingCapacity: true) }
        vertexStream.upload(list.vertices)
        setDrawingState()
        if wireframe {
            drawDebugLines(frame, outlines: false)
        } else {
            drawBatches(frame)
            if showsLayerBorders { drawDebugLines(frame, outlines: true) }
        }
        glBindVertexArray(0)
    }

    /// What the batch loop of `submit` carries from one batch to the next, so that GL state
    /// changes only where it must: the program in use, whose uniforms are set, which polygon
    /// was last counted, the next cast-shadow pass and whether blending is on.
    struct BatchCursor {
        /// The program in use (nil: unknown, after a cast shadow drew with its own).
        var program: ShaderPrograms.Program?
        /// The item whose uniforms `program` holds (−1: none).
        var shadedItem = -1
        /// The item last counted in `lastFrame.polygons` (a polygon may span several batches).
        var countedItem = -1
        /// The index of the next pass in `list.castShadow.passes`.
        var shadow = 0
        /// Whether `GL_BLEND` is on (`setDrawingState` leaves it on).
        var blending = true
        /// The sampler object bound to unit 0 for `shadedItem`'s texture: 0 (the texture's own
        /// sampling), `unmipmappedSampler` or one of `restingLevelSamplers`.
        var sampler: GLuint = 0
        /// Whether `shadedItem`'s texture is its page's resting raster, bound in place of the
        /// finer one (QuadRenderer+RestingRaster.swift).
        var restingRaster = false
    }

    /// Draws every batch in order, each surface's cast shadow before the batch it must precede,
    /// and leaves blending on.
    func drawBatches(_ frame: Frame) {
        var cursor = BatchCursor()
        for (index, batch) in list.batches.enumerated() {
            drawCastShadows(before: index, &cursor)
            drawBatch(batch, at: index, frame, &cursor)
        }
        if !cursor.blending { glEnable(GLenum(GL_BLEND)); cursor.blending = true }
        if cursor.sampler != 0 { glBindSampler(0, 0); cursor.sampler = 0 }
        // A shadow on a receiver drawn last.
        drawCastShadows(before: Int.max, &cursor)
    }

    /// Draws the cast-shadow passes due before batch `index` (QuadRenderer+CastShadow.swift):
    /// blended, with their own program, so the next batch sets its program and uniforms again.
    /// Passes due before the same batch (several casters over one receiver) are drawn as one
    /// shadow: the darkest of them wins, as within a pass.
    func drawCastShadows(before index: Int, _ cursor: inout BatchCursor) {
        let passes = list.castShadow.passes
        while cursor.shadow < passes.count && passes[cursor.shadow].beforeBatch <= index {
            if !cursor.blending { glEnable(GLenum(GL_BLEND)); cursor.blending = true }
            var end = cursor.shadow + 1
            while end < passes.count && passes[end].beforeBatch == passes[cursor.shadow].beforeBatch { end += 1 }
            let run = cursor.shadow..<end
            // The run's vertices (for the profile: the casters over one receiver are written
            // one after the other), shadow triangles and receivers' passes apart.
            var low = Int.max, high = 0, receivers = 0
            for k in run where passes[k].casterSlots == 0 {
                low = min(low, passes[k].vertices.lowerBound); high = max(high, passes[k].vertices.upperBound)
            }
            for k in run where passes[k].casterSlots > 0 { receivers += passes[k].vertices.count }
            if high > 0 {
                let vertices = low..<max(low, high)
                drawProfile.measure(layer: "cast shadow", features: "SHADOW_BLUR", opaque: false, triangles: vertices.count / 3,
                                    pixels: list.rasterizedArea(of: vertices)) {
                    drawCastShadow(passes: run)
                }
            }
            if receivers > 0 {
                var pixels = 0.0
                if drawProfile.isOn { for k in run where passes[k].casterSlots > 0 { pixels += list.rasterizedArea(of: passes[k]) } }
                drawProfile.measure(layer: "cast shadow", features: "RECEIVER_CASTERS", opaque: false, triangles: receivers / 3,
                                    pixels: pixels) {
                    drawReceiverShadows(passes: run)
                }
            }
            cursor.shadow = end
            cursor.program = nil
            cursor.shadedItem = -1
        }
    }

    /// Draws one batch: its item's program and uniforms (set only when they change), blending
    /// off where the draw replaces what is beneath it, and one `glDrawArrays`; counted in
    /// `lastFrame`. A batch that paints nothing, or whose program failed to build, is skipped.
    func drawBatch(_ batch: DrawList.Batch, at index: Int, _ frame: Frame, _ cursor: inout BatchCursor) {
        let item = list.items[batch.item]
        let quad = frame.polygons[item.quadIndex]
        // A compositing group's picture (QuadRenderer+Groups.swift), or a layer's polygon.
        let composite = item.composite >= 0
        let raster = item.raster >= 0
        guard var variant = composite || raster ? Self.compositeVariant : material(of: item, quad, frame) else { return }
        variant.coverage = batch.coverage
        let program: ShaderPrograms.Program
        do { program = try programs.program(for: variant) } catch {
            if drawError == nil { drawError = error }
            return
        }
        if program !== cursor.program {
            glUseProgram(program.shader.id)
            cursor.program = program
            cursor.shadedItem = -1
        }
        // Uniforms belong to the program: set again when either changes.
        if cursor.shadedItem != batch.item {
            var sampler: GLuint = 0
            cursor.restingRaster = false
            if composite { setCompositeMaterial(item, program) }
            else if raster { setRasterMaterial(item, quad, frame, program) }
            else { sampler = setMaterial(item, batch: index, quad, frame, program, showsRestingRaster: &cursor.restingRaster) }
            if sampler != cursor.sampler {
                glBindSampler(0, sampler)
                cursor.sampler = sampler
            }
            cursor.shadedItem = batch.item
        }
        let opaque = !composite && !raster && replacesBeneath(item, quad, variant, frame)
        if opaque == cursor.blending {
            if opaque { glDisable(GLenum(GL_BLEND)) } else { glEnable(GLenum(GL_BLEND)) }
            cursor.blending = !opaque
        }
        if batch.item != cursor.countedItem {
            lastFrame.polygons += 1
            cursor.countedItem = batch.item
        }
        lastFrame.drawCalls += 1
        if opaque { lastFrame.opaqueDrawCalls += 1 }
        let unmipmapped = cursor.sampler != 0 && cursor.sampler == unmipmappedSampler
        let restingLevel = cursor.sampler != 0 && !unmipmapped
        if unmipmapped { lastFrame.unmipmappedDrawCalls += 1 }
        if restingLevel { lastFrame.restingLevelDrawCalls += 1 }
        if cursor.restingRaster { lastFrame.restingRasterDrawCalls += 1 }
        drawProfile.measure(layer: frame.record(of: quad).name,
                            features: (unmipmapped ? variant.name + " UNMIPMAPPED" : restingLevel ? variant.name + " RESTING_LEVEL" : variant.name)
                                + (cursor.restingRaster ? " RESTING_RASTER" : ""), opaque: opaque, triangles: batch.vertices.count / 3,
                            pixels: list.rasterizedArea(of: batch.vertices)) {
            glDrawArrays(GLenum(GL_TRIANGLES), GLint(batch.vertices.lowerBound), GLsizei(batch.vertices.count))
        }
    }

    /// Whether a layer polygon's draw (`item` drawn with `variant`) replaces what is beneath it.
    /// An opaque draw with no coverage ramp does: "over" with source alpha 1 gives the source
    /// exactly, so blending (a read of the target per pixel, per sample when multisampled) is
    /// switched off for it. Always false with `replacesOpaqueDraws` off.
    func replacesBeneath(_ item: DrawItem, _ quad: Frame.Polygon, _ variant: ShaderVariant, _ frame: Frame) -> Bool {
        replacesOpaqueDraws && item.border < 0
            && variant.coverage == .full && variant.layerBorder != .only
            && Float(quad.opacity * groups.opacityScale) == 1 && Self.paintsOpaque(quad, frame, textures: textures)
    }

    /// The fixed state every draw uses: premultiplied "over" blending, no depth test or
    /// culling, filled polygons, texture unit 0 with no sampler object.
    func setDrawingState() {
        glEnable(GLenum(GL_BLEND))
        glBlendFunc(GLenum(GL_ONE), GLenum(GL_ONE_MINUS_SRC_ALPHA))
        glBlendEquation(GLenum(GL_FUNC_ADD))
        glDisable(GLenum(GL_DEPTH_TEST))
        glDisable(GLenum(GL_CULL_FACE))
        // OpenGL ES has no polygon mode: it always fills.
        if profile == .core33 { glPolygonMode(GLenum(GL_FRONT_AND_BACK), GLenum(GL_FILL)) }
        glActiveTexture(GLenum(GL_TEXTURE0))
        // An app's sampler object on unit 0 would override the textures' own filtering.
        glBindSampler(0, 0)
    }

    /// The shader features `item` needs, coverage aside; nil when it paints nothing (no
    /// contents, background, gradient or overlay, or zero opacity).
    func material(of item: DrawItem, _ quad: Frame.Polygon, _ frame: Frame) -> ShaderVariant? {
        let layer = frame.record(of: quad)
        guard quad.opacity > 0 else { return nil }
        // Corners, borders and rounded masks (QuadRenderer+Shapes.swift).
        if item.border >= 0 { return borderVariant(quad, frame) }
        let gradient = layer.paint.gradient
        let texture = Self.shownContents(quad, frame).handle.flatMap { textures[$0] }
        let leafBorder = layer.paint.drawsBorder && !layer.hasSublayers
        guard texture != nil || layer.paint.backgroundColor != nil || gradient != nil || item.overlayQuadIndex != nil || leafBorder
        else { return nil }
        var variant = ShaderVariant()
        variant.light = light != nil && Self.needsLight(quad, frame)
        addShape(to: &variant, quad, frame, leafBorder: leafBorder)
        if let texture {
            variant.texture = texture.premultiplied ? .premultiplied : .straight
            variant.textureFlipped = texture.origin == .bottomLeft
            variant.contentsFade = Self.contentsFade(quad, frame) != nil
        }
        variant.background = (layer.paint.backgroundColor?.alpha ?? 0) > 0
        if let gradient {
            guard let slots = ShaderVariant.slots(forStops: gradient.colors.count) else {
                if drawError == nil {
                    drawError = .tooManyGradientStops(count: gradient.colors.count, limit: ShaderVariant.maximumGradientStops)
                }
                return nil
            }
            variant.gradientStops = slots
        }
        if let overlay = item.overlayQuadIndex.map({ frame.record(of: frame.polygons[$0]) }) {
            variant.overlayStops = overlay.paint.gradient.map { min($0.colors.count, ShaderVariant.maximumStops) } ?? 1
        }
        return variant
    }

    /// Sets `program`'s uniforms for `item` (whose batches include `batch`) and binds its
    /// texture on unit 0; returns the sampler object that texture is to be sampled through
    /// (`sampler(for:batch:_:texelsPerPoint:)`; 0: its own sampling). `showsRestingRaster`
    /// says whether the texture bound is a page's resting raster in place of its finer one.
    func setMaterial(_ item: DrawItem, batch: Int, _ quad: Frame.Polygon, _ frame: Frame, _ program: ShaderPrograms.Program,
                     showsRestingRaster: inout Bool) -> GLuint {
        showsRestingRaster = false
        let layer = frame.record(of: quad)
        let b = layer.bounds
        glUniform4f(program.bounds, Float(b.minX), Float(b.minY), Float(b.width), Float(b.height))
        var texels = (list.scale, list.scale)
        var sampler: GLuint = 0
        let shown = Self.shownContents(quad, frame)
        if let handleTexture = shown.handle.flatMap({ textures[$0] }) {
            let cr = shown.rect
            // A page in flight's resting raster where nothing in this draw magnifies it
            // (QuadRenderer+RestingRaster.swift), else the handle's texture.
            let bound = boundTexture(item, batch: batch, handleTexture, contentsRect: cr, bounds: b)
            let t = bound.texture
            texels = bound.texels
            showsRestingRaster = bound.resting
            glBindTexture(GLenum(GL_TEXTURE_2D), t.id)
            glUniform4f(program.contentsRect, Float(cr.origin.x), Float(cr.origin.y), Float(cr.size.width), Float(cr.size.height))
            if program.contentsFade >= 0 { glUniform1f(program.contentsFade, Self.contentsFade(quad, frame) ?? 1) }
            sampler = self.sampler(for: item, batch: batch, t, texelsPerPoint: texels)
            // Under ES the upload's bias, as desktop GL applies it: only Folio's own uploads carry
            // one, and a sampler object replaces it.
            if program.levelOfDetailBias >= 0 { glUniform1f(program.levelOfDetailBias, t.owned && sampler == 0 ? t.levelOfDetailBias : 0) }
        }
        if let light { setLight(light, program) }
        glUniform2f(program.texelsPerPoint, Float(texels.0), Float(texels.1))
        glUniform1f(program.opacity, Float(quad.opacity * groups.opacityScale))
        setShape(quad, frame, program)
        let bg = layer.paint.backgroundColor ?? .clear
        glUniform4f(program.background, Float(bg.red * bg.alpha), Float(bg.green * bg.alpha), Float(bg.blue * bg.alpha), Float(bg.alpha))
        if let g = layer.paint.gradient {
            gradientStops.upload(g.colors, g.locations, axis: (g.startPoint, g.endPoint), slots: ShaderVariant.slots(forStops: g.colors.count) ?? 0,
                                 colors: program.gradientColors, locations: program.gradientLocations, axisLocation: program.gradientAxis)
        }
        if let overlay = item.overlayQuadIndex.map({ frame.polygons[$0] }) {
            let o = frame.record(of: overlay)
            if let g = o.paint.gradient {
                // On a page detail the face's shadow is merged into, its axis in the detail's
                // unit coordinates (DrawList+DetailOverlays.swift); the merge checked it exists.
                let axis = DrawList.overlayAxis(of: overlay, frame, on: quad) ?? (g.startPoint, g.endPoint)
                gradientStops.upload(g.colors, g.locations, axis: axis, slots: g.colors.count,
                                     colors: program.overlayColors, locations: program.overlayLocations, axisLocation: program.overlayAxis)
            } else {
                gradientStops.upload(CollectionOfOne(o.paint.backgroundColor ?? .clear), nil, axis: (Point(x: 0, y: 0), Point(x: 0, y: 1)), slots: 1,
                                     colors: program.overlayColors, locations: program.overlayLocations, axisLocation: program.overlayAxis)
            }
            glUniform1f(program.overlayOpacity, Float(overlay.opacity / quad.opacity))
        }
        return sampler
    }

    /// Debug views in `debugColor`: every triangle's edges (wireframe) or each item's outline
    /// loop (layer borders).
    func drawDebugLines(_ frame: Frame, outlines: Bool) {
        let program: ShaderPrograms.Program
        do { program = try programs.program(for: ShaderVariant(background: true)) } catch {
            if drawError == nil { drawError = error }
            return
        }
        glUseProgram(program.shader.id)
        let c = debugColor
        glUniform4f(program.bounds, 0, 0, 1, 1)
        glUniform1f(program.opacity, 1)
        glUniform4f(program.background, Float(c.red * c.alpha), Float(c.green * c.alpha), Float(c.blue * c.alpha), Float(c.alpha))
        if outlines {
            for item in list.items where item.outline.count >= 2 {
                glDrawArrays(GLenum(GL_LINE_LOOP), GLint(item.outline.lowerBound), GLsizei(item.outline.count))
            }
        } else if profile == .core33 {
            glPolygonMode(GLenum(GL_FRONT_AND_BACK), GLenum(GL_LINE))
            for batch in list.batches {
                glDrawArrays(GLenum(GL_TRIANGLES), GLint(batch.vertices.lowerBound), GLsizei(batch.vertices.count))
            }
            glPolygonMode(GLenum(GL_FRONT_AND_BACK), GLenum(GL_FILL))
        } else {
            // OpenGL ES has no line polygon mode: each triangle's three edges as a line loop
            // (a debug view, so one draw call per triangle is fine).
            for batch in list.batches {
                for first in stride(from: batch.vertices.lowerBound, to: batch.vertices.upperBound - 2, by: 3) {
                    glDrawArrays(GLenum(GL_LINE_LOOP), GLint(first), 3)
                }
            }
        }
    }
}
