import CGL
import FolioGeometry
import FolioLayers

/// Draws an evaluated layer tree with OpenGL: textured, premultiplied, back to front, with the
/// chosen edge antialiasing. Page images upload once and are reused across frames; per-frame
/// work reuses its buffers, so steady-state frames allocate nothing.
///
/// ## Drawing into an app's own context
///
/// A renderer lives in the GL 3.3 core context that was current when it was created (its
/// vertex array is a container object, which contexts do not share) and must be used with that
/// context current, on the main thread. It draws wherever it is told:
///
/// - ``draw(_:scale:)``: into the framebuffer and viewport the app has bound — the default
///   framebuffer or an app FBO, at any origin and size;
/// - ``draw(_:scale:viewport:framebuffer:)``: into a viewport the app names, in the bound
///   framebuffer or one it names;
/// - ``draw(_:scale:into:)``: into a ``RenderTarget``.
///
/// The view (points, origin top-left) fills the viewport at `scale` pixels per point.
///
/// ## The GL-state contract
///
/// With ``restoresGLState`` on (the default) every call leaves the GL state exactly as it found
/// it. `draw` changes, and puts back: the program, vertex array, `GL_ARRAY_BUFFER` binding,
/// active texture unit, unit 0's `GL_TEXTURE_2D` and sampler bindings, blending (enable,
/// functions, equations), depth test, face culling, polygon mode, the draw and read
/// framebuffer bindings and the viewport. Texture uploads also put back the pixel-unpack state
/// (`GL_PIXEL_UNPACK_BUFFER` binding, alignment, row length, skips). `clear` puts back the clear
/// colour, and with a viewport the scissor test and box.
///
/// What `draw` needs and does not touch: the scissor test, stencil test, colour write mask and
/// `GL_FRAMEBUFFER_SRGB` apply to its output as the app left them (so an app can scissor or
/// stencil Folio's drawing); rasterizer discard and logic ops must be off. It never reads or
/// writes depth or stencil buffers and never clears unless asked.
///
/// With ``restoresGLState`` off, `draw` skips the snapshot and leaves what it changed as it set
/// it (its own program, vertex array and buffer, blending `ONE, ONE_MINUS_SRC_ALPHA` with
/// `FUNC_ADD`, depth test and culling off, polygon mode `FILL`, texture unit 0 active, the
/// viewport it drew into).
@MainActor
public final class QuadRenderer {
    /// The edge antialiasing mode.
    public var antialiasing: AntialiasingMode = .analytic
    /// Debug view: draw only the triangle edges of every polygon, in `debugColor`.
    public var wireframe = false
    /// Debug view: outline every drawn polygon (layer quads after clipping and BSP splits).
    public var showsLayerBorders = false
    /// The colour of the debug outlines.
    public var debugColor = Color(red: 1, green: 0.45, blue: 0, alpha: 1)
    /// Whether each call saves the GL state it changes and restores it before returning (see
    /// the type's GL-state contract). Turn it off only when nothing else draws in the context.
    public var restoresGLState = true

    let program: ShaderProgram
    var vertexArray: GLuint = 0
    var buffer: GLuint = 0
    var bufferCapacity = 0
    var textures: [ContentHandle: Texture] = [:]
    var list = DrawList()
    /// The benchmark floor's program and quad, made on first use (`drawFloor`).
    var floor: FloorQuad?
    var edgeData = [Float](repeating: 0, count: 4 * QuadRenderer.maxEdges)
    var stopColors = [Float](repeating: 0, count: 4 * QuadRenderer.maxStops)
    var stopLocations = [Float](repeating: 0, count: QuadRenderer.maxStops)
    let locations: Locations
    /// The framebuffer pixel of the viewport's bottom-left corner during a submission:
    /// `gl_FragCoord` counts from the framebuffer's corner, the draw list from the viewport's.
    var viewportOrigin = (x: 0.0, y: 0.0)

    static let maxEdges = 12
    static let maxStops = 8

    /// A texture the renderer samples for a content handle.
    struct Texture {
        var id: GLuint
        var width: Int, height: Int
        /// False for an app texture holding straight alpha: the shader premultiplies.
        var premultiplied: Bool
        var origin: TextureOrigin
        /// Whether the renderer created it (and deletes it); app textures are only borrowed.
        var owned: Bool
    }

    struct Locations {
        let mode, edgeCount, edges, bounds, texelsPerPoint, opacity, background, hasTexture, texture, contentsRect: GLint
        let textureStraightAlpha, textureFlipped: GLint
        let gradientCount, gradientColors, gradientLocations, gradientAxis: GLint
        let overlayCount, overlayColors, overlayLocations, overlayAxis, overlayOpacity: GLint
    }

    /// Compiles the shaders and sets up buffers in the current context (leaving its bindings as
    /// they were).
    ///
    /// - Throws: `RenderError.shaderCompile` or `.shaderLink` with the driver's log.
    public init() throws(RenderError) {
        var saved: GLint = 0
        glGetIntegerv(GLenum(GL_VERTEX_ARRAY_BINDING), &saved)
        var savedBuffer: GLint = 0
        glGetIntegerv(GLenum(GL_ARRAY_BUFFER_BINDING), &savedBuffer)
        program = try ShaderProgram(vertex: ShaderSource.quadVert, fragment: ShaderSource.quadFrag,
                                    names: ("Shaders/quad.vert", "Shaders/quad.frag"))
        let p = program
        locations = Locations(
            mode: p.uniform("uMode"), edgeCount: p.uniform("uEdgeCount"), edges: p.uniform("uEdges"),
            bounds: p.uniform("uBounds"), texelsPerPoint: p.uniform("uTexelsPerPoint"), opacity: p.uniform("uOpacity"),
            background: p.uniform("uBackground"), hasTexture: p.uniform("uHasTexture"), texture: p.uniform("uTexture"),
            contentsRect: p.uniform("uContentsRect"), textureStraightAlpha: p.uniform("uTextureStraightAlpha"),
            textureFlipped: p.uniform("uTextureFlipped"), gradientCount: p.uniform("uGradientCount"),
            gradientColors: p.uniform("uGradientColors"), gradientLocations: p.uniform("uGradientLocations"),
            gradientAxis: p.uniform("uGradientAxis"), overlayCount: p.uniform("uOverlayCount"),
            overlayColors: p.uniform("uOverlayColors"), overlayLocations: p.uniform("uOverlayLocations"),
            overlayAxis: p.uniform("uOverlayAxis"), overlayOpacity: p.uniform("uOverlayOpacity"))
        glGenVertexArrays(1, &vertexArray)
        glGenBuffers(1, &buffer)
        glBindVertexArray(vertexArray)
        glBindBuffer(GLenum(GL_ARRAY_BUFFER), buffer)
        let stride = GLsizei(DrawList.floatsPerVertex * MemoryLayout<Float>.size)
        glEnableVertexAttribArray(0)
        glVertexAttribPointer(0, 4, GLenum(GL_FLOAT), GLboolean(GL_FALSE), stride, nil)
        glEnableVertexAttribArray(1)
        glVertexAttribPointer(1, 2, GLenum(GL_FLOAT), GLboolean(GL_FALSE), stride, UnsafeRawPointer(bitPattern: 4 * MemoryLayout<Float>.size))
        glBindVertexArray(GLuint(saved))
        glBindBuffer(GLenum(GL_ARRAY_BUFFER), GLuint(savedBuffer))
    }

    isolated deinit {
        for t in textures.values where t.owned { var id = t.id; glDeleteTextures(1, &id) }
        glDeleteBuffers(1, &buffer)
        glDeleteVertexArrays(1, &vertexArray)
    }

    // MARK: Clearing

    /// Clears the bound framebuffer to `color` (straight alpha) — all of it, or what the app's
    /// scissor box leaves. The app's clear colour is put back.
    public func clear(_ color: Color) {
        let saved = restoresGLState ? GLStateSnapshot(capturing: .clearColor) : nil
        glClearColor(Float(color.red * color.alpha), Float(color.green * color.alpha), Float(color.blue * color.alpha), Float(color.alpha))
        glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
        saved?.restore()
    }

    /// Clears only `viewport` of `framebuffer` (nil: the bound one) to `color` (straight alpha),
    /// through a scissor box; restores the scissor state and framebuffer binding.
    public func clear(_ color: Color, viewport: Viewport, framebuffer: UInt32? = nil) {
        let saved = restoresGLState ? GLStateSnapshot(capturing: [.scissor, .framebuffer]) : nil
        if let framebuffer { glBindFramebuffer(GLenum(GL_DRAW_FRAMEBUFFER), framebuffer) }
        glEnable(GLenum(GL_SCISSOR_TEST))
        glScissor(GLint(viewport.x), GLint(viewport.y), GLsizei(max(0, viewport.width)), GLsizei(max(0, viewport.height)))
        clear(color)
        saved?.restore()
    }

    // MARK: Drawing

    /// Draws the last evaluation of `evaluator` into the framebuffer and viewport the app has
    /// bound, at `scale` pixels per view point (the view's top-left corner on the viewport's).
    /// Nothing is drawn when the bound viewport is empty.
    public func draw(_ evaluator: LayerEvaluator, scale: Double) {
        var box: (GLint, GLint, GLint, GLint) = (0, 0, 0, 0)
        withUnsafeMutableBytes(of: &box) { glGetIntegerv(GLenum(GL_VIEWPORT), $0.baseAddress!.assumingMemoryBound(to: GLint.self)) }
        let viewport = Viewport(x: Int(box.0), y: Int(box.1), width: Int(box.2), height: Int(box.3))
        draw(evaluator, scale: scale, viewport: viewport, framebuffer: nil)
    }

    /// Draws the last evaluation of `evaluator` into `viewport` of `framebuffer` (nil: the bound
    /// draw framebuffer; 0: the default framebuffer), at `scale` pixels per view point.
    /// Nothing is drawn into an empty viewport.
    public func draw(_ evaluator: LayerEvaluator, scale: Double, viewport: Viewport, framebuffer: UInt32? = nil) {
        guard !viewport.isEmpty, scale > 0, scale.isFinite else { return }
        prepare(evaluator, scale: scale, pixelWidth: viewport.width, pixelHeight: viewport.height)
        guard !list.items.isEmpty else { return }
        let saved = restoresGLState ? GLStateSnapshot(capturing: [.drawing, .framebuffer]) : nil
        if let framebuffer { glBindFramebuffer(GLenum(GL_DRAW_FRAMEBUFFER), framebuffer) }
        glViewport(GLint(viewport.x), GLint(viewport.y), GLsizei(viewport.width), GLsizei(viewport.height))
        viewportOrigin = (Double(viewport.x), Double(viewport.y))
        submit(evaluator, scale: scale)
        saved?.restore()
    }

    /// Draws the last evaluation of `evaluator` over the whole of `target`, at `scale` pixels
    /// per view point (the app's framebuffer binding and viewport are restored afterwards).
    public func draw(_ evaluator: LayerEvaluator, scale: Double, into target: RenderTarget) {
        draw(evaluator, scale: scale, viewport: Viewport(width: target.width, height: target.height),
             framebuffer: target.drawFramebuffer)
    }

    /// Draws the last evaluation of `evaluator` into the bound framebuffer's
    /// `pixelWidth × pixelHeight` viewport at the origin, at `scale` pixels per view point.
    public func draw(_ evaluator: LayerEvaluator, scale: Double, pixelWidth: Int, pixelHeight: Int) {
        draw(evaluator, scale: scale, viewport: Viewport(width: pixelWidth, height: pixelHeight), framebuffer: nil)
    }

    /// Builds the draw list (clipping, shared edges, AA expansion) for the last evaluation of
    /// `evaluator` in a `pixelWidth × pixelHeight` viewport without touching GL; `draw` is
    /// `prepare` then the GL submission.
    public func prepare(_ evaluator: LayerEvaluator, scale: Double, pixelWidth: Int, pixelHeight: Int) {
        let textures = self.textures
        list.build(evaluator, scale: scale, pixelWidth: pixelWidth, pixelHeight: pixelHeight, mode: antialiasing) { quad in
            let b = quad.layer.bounds
            if let handle = quad.layer.contents, let t = textures[handle], b.width > 0, b.height > 0 {
                return (Double(t.width) * quad.layer.contentsRect.width / b.width, Double(t.height) * quad.layer.contentsRect.height / b.height)
            }
            return (scale, scale)
        }
    }

    /// Sends the prepared draw list to GL, in the bound framebuffer and viewport.
    func submit(_ evaluator: LayerEvaluator, scale: Double) {
        guard !list.items.isEmpty else { return }
        glUseProgram(program.id)
        glBindVertexArray(vertexArray)
        glBindBuffer(GLenum(GL_ARRAY_BUFFER), buffer)
        let bytes = list.vertices.count * MemoryLayout<Float>.size
        list.vertices.withUnsafeBytes { raw in
            if bytes > bufferCapacity {
                bufferCapacity = max(bytes, bufferCapacity * 2)
                glBufferData(GLenum(GL_ARRAY_BUFFER), bufferCapacity, nil, GLenum(GL_STREAM_DRAW))
            }
            glBufferSubData(GLenum(GL_ARRAY_BUFFER), 0, bytes, raw.baseAddress)
        }
        glEnable(GLenum(GL_BLEND))
        glBlendFunc(GLenum(GL_ONE), GLenum(GL_ONE_MINUS_SRC_ALPHA))
        glBlendEquation(GLenum(GL_FUNC_ADD))
        glDisable(GLenum(GL_DEPTH_TEST))
        glDisable(GLenum(GL_CULL_FACE))
        glPolygonMode(GLenum(GL_FRONT_AND_BACK), GLenum(GL_FILL))
        let modeValue: GLint = switch antialiasing { case .none: 0; case .analytic: 1; case .msaa: 2; case .border: 3 }
        glUniform1i(locations.mode, modeValue)
        glUniform1i(locations.texture, 0)
        glActiveTexture(GLenum(GL_TEXTURE0))
        // An app's sampler object on unit 0 would override the textures' own filtering.
        glBindSampler(0, 0)
        if wireframe {
            drawOutlines(GLenum(GL_TRIANGLE_FAN))
        } else {
            for item in list.items {
                drawItem(item, evaluator, scale: scale)
            }
            if showsLayerBorders { drawOutlines(GLenum(GL_LINE_LOOP)) }
        }
        glBindVertexArray(0)
    }

    func drawItem(_ item: DrawItem, _ e: LayerEvaluator, scale: Double) {
        let quad = e.quads[item.quadIndex]
        let layer = quad.layer
        let gradient = (layer as? GradientLayer)
        let texture = layer.contents.flatMap { textures[$0] }
        let hasTexture = texture != nil
        let overlay = item.overlayQuadIndex.map { e.quads[$0] }
        guard hasTexture || layer.backgroundColor != nil || gradient != nil || overlay != nil else { return }
        guard quad.opacity > 0 else { return }

        // Edges of the unexpanded outline: distance = n·p + c, positive inside.
        let r = item.corners
        var area = 0.0
        for k in r {
            let a = list.corners[k], b = list.corners[k + 1 == r.upperBound ? r.lowerBound : k + 1]
            area += a.x * b.y - b.x * a.y
        }
        let sign = area > 0 ? 1.0 : -1.0
        var count = 0
        for k in r where count < Self.maxEdges {
            let a = list.corners[k], b = list.corners[k + 1 == r.upperBound ? r.lowerBound : k + 1]
            let dx = b.x - a.x, dy = b.y - a.y
            let length = (dx * dx + dy * dy).squareRoot()
            guard length > 0 else { continue }
            // Inward normal of a counter-clockwise outline is (−dy, dx).
            let nx = -sign * dy / length, ny = sign * dx / length
            edgeData[4 * count] = Float(nx)
            edgeData[4 * count + 1] = Float(ny)
            // In framebuffer pixels, where gl_FragCoord counts from.
            let (ax, ay) = (a.x + viewportOrigin.x, a.y + viewportOrigin.y)
            edgeData[4 * count + 2] = Float(-(nx * ax + ny * ay))
            edgeData[4 * count + 3] = a.fades ? 1 : 0
            count += 1
        }
        glUniform1i(locations.edgeCount, GLint(count))
        edgeData.withUnsafeBufferPointer { glUniform4fv(locations.edges, GLsizei(count), $0.baseAddress) }

        let b = layer.bounds
        glUniform4f(locations.bounds, Float(b.minX), Float(b.minY), Float(b.width), Float(b.height))
        var texels = (scale, scale)
        if let t = texture {
            glBindTexture(GLenum(GL_TEXTURE_2D), t.id)
            glUniform1i(locations.textureStraightAlpha, t.premultiplied ? 0 : 1)
            glUniform1i(locations.textureFlipped, t.origin == .bottomLeft ? 1 : 0)
            let cr = layer.contentsRect
            glUniform4f(locations.contentsRect, Float(cr.origin.x), Float(cr.origin.y), Float(cr.size.width), Float(cr.size.height))
            texels = (Double(t.width) * cr.width / max(b.width, 1e-9), Double(t.height) * cr.height / max(b.height, 1e-9))
        }
        glUniform1i(locations.hasTexture, hasTexture ? 1 : 0)
        glUniform2f(locations.texelsPerPoint, Float(texels.0), Float(texels.1))
        glUniform1f(locations.opacity, Float(quad.opacity))
        let bg = layer.backgroundColor ?? .clear
        glUniform4f(locations.background, Float(bg.red * bg.alpha), Float(bg.green * bg.alpha), Float(bg.blue * bg.alpha), Float(bg.alpha))

        if let g = gradient {
            setStops(g.colors, g.locations, axis: (g.startPoint, g.endPoint), count: locations.gradientCount,
                     colors: locations.gradientColors, locs: locations.gradientLocations, axisLocation: locations.gradientAxis)
        } else {
            glUniform1i(locations.gradientCount, 0)
        }
        if let overlay, quad.opacity > 0 {
            let o = overlay.layer
            if let g = o as? GradientLayer {
                setStops(g.colors, g.locations, axis: (g.startPoint, g.endPoint), count: locations.overlayCount,
                         colors: locations.overlayColors, locs: locations.overlayLocations, axisLocation: locations.overlayAxis)
            } else {
                setStops(CollectionOfOne(o.backgroundColor ?? .clear), nil, axis: (Point(x: 0, y: 0), Point(x: 0, y: 1)),
                         count: locations.overlayCount, colors: locations.overlayColors, locs: locations.overlayLocations,
                         axisLocation: locations.overlayAxis)
            }
            glUniform1f(locations.overlayOpacity, Float(overlay.opacity / quad.opacity))
        } else {
            glUniform1i(locations.overlayCount, 0)
        }
        glDrawArrays(GLenum(GL_TRIANGLE_FAN), GLint(item.vertices.lowerBound), GLsizei(item.vertices.count))
    }

    /// Draws every item's polygon as lines in `debugColor`: its outline (`GL_LINE_LOOP`) or
    /// its triangles (`GL_TRIANGLE_FAN` in line polygon mode).
    func drawOutlines(_ primitive: GLenum) {
        let c = debugColor
        glUniform1i(locations.mode, 0)
        glUniform1i(locations.edgeCount, 0)
        glUniform1i(locations.hasTexture, 0)
        glUniform1i(locations.gradientCount, 0)
        glUniform1i(locations.overlayCount, 0)
        glUniform1f(locations.opacity, 1)
        glUniform4f(locations.background, Float(c.red * c.alpha), Float(c.green * c.alpha), Float(c.blue * c.alpha), Float(c.alpha))
        if primitive == GLenum(GL_TRIANGLE_FAN) { glPolygonMode(GLenum(GL_FRONT_AND_BACK), GLenum(GL_LINE)) }
        for item in list.items where item.vertices.count >= 4 {
            if primitive == GLenum(GL_LINE_LOOP) {
                // The fan's centre comes first and its outline repeats the first corner last.
                glDrawArrays(primitive, GLint(item.vertices.lowerBound + 1), GLsizei(item.vertices.count - 2))
            } else {
                glDrawArrays(primitive, GLint(item.vertices.lowerBound), GLsizei(item.vertices.count))
            }
        }
        glPolygonMode(GLenum(GL_FRONT_AND_BACK), GLenum(GL_FILL))
    }

    func setStops(_ colors: some Collection<Color>, _ stops: [Double]?, axis: (Point, Point),
                  count: GLint, colors colorsLocation: GLint, locs: GLint, axisLocation: GLint) {
        let n = min(colors.count, Self.maxStops)
        for (i, c) in colors.prefix(n).enumerated() {
            stopColors[4 * i] = Float(c.red * c.alpha); stopColors[4 * i + 1] = Float(c.green * c.alpha)
            stopColors[4 * i + 2] = Float(c.blue * c.alpha); stopColors[4 * i + 3] = Float(c.alpha)
            stopLocations[i] = Float(stops.flatMap { i < $0.count ? $0[i] : nil } ?? (n > 1 ? Double(i) / Double(n - 1) : 0))
        }
        glUniform1i(count, GLint(n))
        stopColors.withUnsafeBufferPointer { glUniform4fv(colorsLocation, GLsizei(max(n, 1)), $0.baseAddress) }
        stopLocations.withUnsafeBufferPointer { glUniform1fv(locs, GLsizei(max(n, 1)), $0.baseAddress) }
        glUniform4f(axisLocation, Float(axis.0.x), Float(axis.0.y), Float(axis.1.x), Float(axis.1.y))
    }
}
