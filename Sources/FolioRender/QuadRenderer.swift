import CGL
import FolioGeometry
import FolioLayers

/// Draws an evaluated layer tree with OpenGL: textured, premultiplied, back to front, with the
/// chosen edge antialiasing. Page images upload once and are reused across frames; per-frame
/// work reuses its buffers, so steady-state frames allocate nothing.
///
/// The GL context must be current whenever a method is called.
public final class QuadRenderer {
    /// The edge antialiasing mode.
    public var antialiasing: AntialiasingMode = .analytic
    /// Debug view: draw only the triangle edges of every polygon, in `debugColor`.
    public var wireframe = false
    /// Debug view: outline every drawn polygon (layer quads after clipping and BSP splits).
    public var showsLayerBorders = false
    /// The colour of the debug outlines.
    public var debugColor = Color(red: 1, green: 0.45, blue: 0, alpha: 1)

    let program: ShaderProgram
    var vertexArray: GLuint = 0
    var buffer: GLuint = 0
    var bufferCapacity = 0
    var textures: [ContentHandle: (id: GLuint, width: Int, height: Int)] = [:]
    var list = DrawList()
    var edgeData = [Float](repeating: 0, count: 4 * QuadRenderer.maxEdges)
    var stopColors = [Float](repeating: 0, count: 4 * QuadRenderer.maxStops)
    var stopLocations = [Float](repeating: 0, count: QuadRenderer.maxStops)
    let locations: Locations

    static let maxEdges = 12
    static let maxStops = 8

    struct Locations {
        let mode, edgeCount, edges, bounds, texelsPerPoint, opacity, background, hasTexture, texture, contentsRect: GLint
        let gradientCount, gradientColors, gradientLocations, gradientAxis: GLint
        let overlayCount, overlayColors, overlayLocations, overlayAxis, overlayOpacity: GLint
    }

    /// Compiles the shaders and sets up buffers; the context must be current.
    public init() throws(RenderError) {
        program = try ShaderProgram(vertex: ShaderSource.quadVert, fragment: ShaderSource.quadFrag,
                                    names: ("Shaders/quad.vert", "Shaders/quad.frag"))
        let p = program
        locations = Locations(
            mode: p.uniform("uMode"), edgeCount: p.uniform("uEdgeCount"), edges: p.uniform("uEdges"),
            bounds: p.uniform("uBounds"), texelsPerPoint: p.uniform("uTexelsPerPoint"), opacity: p.uniform("uOpacity"),
            background: p.uniform("uBackground"), hasTexture: p.uniform("uHasTexture"), texture: p.uniform("uTexture"),
            contentsRect: p.uniform("uContentsRect"), gradientCount: p.uniform("uGradientCount"),
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
        glBindVertexArray(0)
    }

    deinit {
        for t in textures.values { var id = t.id; glDeleteTextures(1, &id) }
        glDeleteBuffers(1, &buffer)
        glDeleteVertexArrays(1, &vertexArray)
    }

    /// Uploads `image` (straight alpha) as the texture for `handle`, premultiplied and mipmapped;
    /// replaces any earlier image for that handle.
    public func setImage(_ image: Image, for handle: ContentHandle) {
        removeImage(for: handle)
        var premultiplied = image.pixels
        for i in stride(from: 0, to: premultiplied.count, by: 4) {
            let a = UInt32(premultiplied[i + 3])
            if a == 255 { continue }
            for c in 0..<3 { premultiplied[i + c] = UInt8((UInt32(premultiplied[i + c]) * a + 127) / 255) }
        }
        var id: GLuint = 0
        glGenTextures(1, &id)
        glBindTexture(GLenum(GL_TEXTURE_2D), id)
        glPixelStorei(GLenum(GL_UNPACK_ALIGNMENT), 1)
        premultiplied.withUnsafeBytes { raw in
            glTexImage2D(GLenum(GL_TEXTURE_2D), 0, GL_RGBA8, GLsizei(image.width), GLsizei(image.height), 0,
                         GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), raw.baseAddress)
        }
        glGenerateMipmap(GLenum(GL_TEXTURE_2D))
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MIN_FILTER), GL_LINEAR_MIPMAP_LINEAR)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MAG_FILTER), GL_LINEAR)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_WRAP_S), GL_CLAMP_TO_EDGE)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_WRAP_T), GL_CLAMP_TO_EDGE)
        textures[handle] = (id, image.width, image.height)
    }

    /// Deletes the texture for `handle`, if any.
    public func removeImage(for handle: ContentHandle) {
        if let t = textures.removeValue(forKey: handle) { var id = t.id; glDeleteTextures(1, &id) }
    }

    /// Clears the bound framebuffer to `color` (straight alpha).
    public func clear(_ color: Color) {
        glClearColor(Float(color.red * color.alpha), Float(color.green * color.alpha), Float(color.blue * color.alpha), Float(color.alpha))
        glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
    }

    /// Draws the last evaluation of `evaluator` into the bound framebuffer of
    /// `pixelWidth × pixelHeight`, at `scale` pixels per view point.
    public func draw(_ evaluator: LayerEvaluator, scale: Double, pixelWidth: Int, pixelHeight: Int) {
        prepare(evaluator, scale: scale, pixelWidth: pixelWidth, pixelHeight: pixelHeight)
        submit(evaluator, scale: scale)
    }

    /// Builds the draw list (clipping, shared edges, AA expansion) for the last evaluation of
    /// `evaluator` without touching GL; `draw` is `prepare` then the GL submission.
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

    /// Sends the prepared draw list to GL.
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
        glDisable(GLenum(GL_DEPTH_TEST))
        glDisable(GLenum(GL_CULL_FACE))
        let modeValue: GLint = switch antialiasing { case .none: 0; case .analytic: 1; case .msaa: 2; case .border: 3 }
        glUniform1i(locations.mode, modeValue)
        glUniform1i(locations.texture, 0)
        glActiveTexture(GLenum(GL_TEXTURE0))
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
        let hasTexture = layer.contents.flatMap { textures[$0] } != nil
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
            edgeData[4 * count + 2] = Float(-(nx * a.x + ny * a.y))
            edgeData[4 * count + 3] = a.fades ? 1 : 0
            count += 1
        }
        glUniform1i(locations.edgeCount, GLint(count))
        edgeData.withUnsafeBufferPointer { glUniform4fv(locations.edges, GLsizei(count), $0.baseAddress) }

        let b = layer.bounds
        glUniform4f(locations.bounds, Float(b.minX), Float(b.minY), Float(b.width), Float(b.height))
        var texels = (scale, scale)
        if let handle = layer.contents, let t = textures[handle] {
            glBindTexture(GLenum(GL_TEXTURE_2D), t.id)
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
