import CGL
import FolioGeometry
import FolioLayers
import FolioSurface
import FolioTessellation

/// Draws an evaluated layer tree with OpenGL: textured, premultiplied, back to front, with the
/// chosen edge antialiasing. Page images upload once and are reused across frames; per-frame
/// work reuses its buffers, so steady-state frames allocate nothing.
///
/// ## Drawing into an app's own context
///
/// A renderer lives in the GL 3.3 core or OpenGL ES 3.0 context (``profile``) that was current
/// when it was created (its vertex array is a container object, which contexts do not share)
/// and must be used with that context current, on the main thread. It draws wherever it is told:
///
/// - ``draw(_:scale:)``: into the framebuffer and viewport the app has bound — the default
///   framebuffer or an app FBO, at any origin and size;
/// - ``draw(_:scale:viewport:framebuffer:)-(LayerEvaluator,_,_,_)``: into a viewport the app names, in the bound
///   framebuffer or one it names;
/// - ``draw(_:scale:into:)``: into a ``RenderTarget``;
/// - ``draw(_:scale:viewport:framebuffer:)-(Frame,_,_,_)``: a recorded `Frame` (FolioTessellation),
///   whose layer tree may be gone or in another process.
///
/// The view (points, origin top-left) fills the viewport at `scale` pixels per point.
///
/// ## The GL-state contract
///
/// With ``restoresGLState`` on (the default) every call leaves the GL state exactly as it found
/// it. `draw` changes, and puts back: the program, vertex array, `GL_ARRAY_BUFFER` binding,
/// active texture unit, unit 0's `GL_TEXTURE_2D` and sampler bindings, blending (enable,
/// functions, equations), depth test, face culling, polygon mode (desktop GL), the draw and read
/// framebuffer bindings and the viewport. Texture uploads also put back the pixel-unpack state
/// (`GL_PIXEL_UNPACK_BUFFER` binding, alignment, row length, skips). `clear` puts back the clear
/// colour, and with a viewport the scissor test and box.
///
/// What `draw` needs and does not touch: the scissor test, stencil test, colour write mask and
/// `GL_FRAMEBUFFER_SRGB` apply to its output as the app left them (so an app can scissor or
/// stencil Folio's drawing); rasterizer discard and logic ops must be off. It never reads or
/// writes depth or stencil buffers and never clears unless asked. A lit frame's cast shadow
/// (``castsShadows``) reads the app's colour write mask, masks colour writes for one draw into
/// destination alpha and puts the app's mask back; where the app masks alpha, or the
/// framebuffer has no alpha bits, the shadow is multiplied in directly instead.
///
/// With ``restoresGLState`` off, `draw` skips the snapshot and leaves what it changed as it set
/// it (its own program, vertex array and buffer, blending `ONE, ONE_MINUS_SRC_ALPHA` with
/// `FUNC_ADD`, depth test and culling off, polygon mode `FILL`, texture unit 0 active, the
/// viewport it drew into).
@MainActor
public final class QuadRenderer {
    /// The app's settings, read by every frame; the public properties below are views of it.
    var settings = RenderSettings()

    /// The edge antialiasing mode.
    public var antialiasing: AntialiasingMode {
        get { settings.antialiasing }
        set { settings.antialiasing = newValue }
    }
    /// Debug view: draw only the triangle edges of every polygon, in `debugColor`.
    public var wireframe: Bool {
        get { settings.wireframe }
        set { settings.wireframe = newValue }
    }
    /// Debug view: outline every drawn polygon (layer quads after clipping and BSP splits).
    public var showsLayerBorders: Bool {
        get { settings.showsLayerBorders }
        set { settings.showsLayerBorders = newValue }
    }
    /// The colour of the debug outlines.
    public var debugColor: Color {
        get { settings.debugColor }
        set { settings.debugColor = newValue }
    }
    /// Paper light on every layer (flip and fold panels from their `frontNormal`, surfaces from
    /// their exact normals): diffuse shading and a soft sheen (`PaperLight`). Nil, the
    /// default, draws the unlit look (colours as they are).
    public var light: PaperLight? {
        get { settings.light }
        set { settings.light = newValue }
    }
    /// Whether, with ``light`` set, surface layers (the page curl) cast their soft shadow on the
    /// opaque flat pages beneath them (`CastShadow.standard` for the leaf's length across its
    /// spine, from the light's direction): a penumbra that widens and an umbra that lightens
    /// with the leaf's height, drawn before the leaf's lifted part and only on those pages,
    /// never on the background. On by default; without a light it matters only with
    /// ``castsUnlitShadows``.
    public var castsShadows: Bool {
        get { settings.castsShadows }
        set { settings.castsShadows = newValue }
    }
    /// Whether, with no ``light`` (the unlit look), curled leaves still cast the lit look's shadow
    /// — its penumbra that widens and umbra that lightens with the leaf's height — from
    /// `PaperLight.standard`'s direction, ⅓ dark where the leaf touches down and nothing at
    /// rest, on the pages beneath, on the leaf's own flat part and on curled leaves beneath it;
    /// no surface is shaded by the paper light. Flat layers cast nothing here: the flip's
    /// unlit look draws its shadows as tints (`FlipTransition`, `Book`), so a frame without a
    /// curled leaf is drawn exactly as without this. Needs ``castsShadows`` too. Off by
    /// default (the library's unlit look is unchanged); `folio render`, `folio sheet` and the
    /// demo turn it on with their shadows (docs/curl.md §8, "The unlit curl's cast shadow").
    public var castsUnlitShadows: Bool {
        get { settings.castsUnlitShadows }
        set { settings.castsUnlitShadows = newValue }
    }
    /// Whether each call saves the GL state it changes and restores it before returning (see
    /// the type's GL-state contract). Turn it off only when nothing else draws in the context.
    public var restoresGLState: Bool {
        get { settings.restoresGLState }
        set { settings.restoresGLState = newValue }
    }

    /// The API of the context the renderer was created in (desktop GL core or OpenGL ES): its
    /// shaders' GLSL header and the few GL calls that differ (``GLProfile``).
    public let profile: GLProfile
    /// The programs, one per shader variant, built as draws first need them.
    let programs: ShaderPrograms
    /// The vertex array and buffer every frame's list is uploaded into (`submit`).
    var vertexStream: VertexStream
    /// The content textures, by handle (QuadRenderer+Textures.swift).
    var textures = TextureStore()
    /// The draw list of the frame being drawn (or last drawn), rebuilt by `prepare`; kept for
    /// its storage.
    var list = DrawList()
    /// Whether opaque draws with no coverage ramp are drawn without blending (off only to
    /// compare pixels and cost; `submit`).
    var replacesOpaqueDraws: Bool {
        get { settings.replacesOpaqueDraws }
        set { settings.replacesOpaqueDraws = newValue }
    }
    /// Whether a page texture that a draw does not minify is sampled without its mipmaps
    /// (QuadRenderer+Sampling.swift; off only to compare pixels and cost).
    var samplesUnminifiedWithoutMipmaps: Bool {
        get { settings.samplesUnminifiedWithoutMipmaps }
        set { settings.samplesUnminifiedWithoutMipmaps = newValue }
    }
    /// Whether a draw that nothing magnifies shows a page in flight from the resting raster
    /// kept beside its finer one (QuadRenderer+RestingRaster.swift; off only to compare pixels
    /// and cost).
    @_spi(Benchmarks) public var bindsRestingRasters: Bool {
        get { settings.bindsRestingRasters }
        set { settings.bindsRestingRasters = newValue }
    }
    /// The sampler object bound for those draws: bilinear on the base level, clamped.
    var unmipmappedSampler: GLuint = 0
    /// The samplers of draws that need no more than a fine upload's resting size: element
    /// k − 1 samples mipmap level k alone, bilinearly (QuadRenderer+RestingLevel.swift).
    /// Empty where `unmipmappedSampler` is 0.
    var restingLevelSamplers: [GLuint] = []
    /// The benchmark floor's program and quad, made on first use (`drawFloor`).
    var floor: FloorQuad?
    /// Per-draw timing for the benchmarks (`timesDraws`); off, it does nothing.
    var drawProfile = DrawProfile()
    /// Scratch for the gradient uniforms of the draws (`setMaterial`).
    var gradientStops = GradientStopUniforms()
    /// Compositing groups: this frame's passes and their kept textures (QuadRenderer+Groups.swift).
    var groups = GroupPasses()
    /// Rasterization caches and snapshots (QuadRenderer+Rasterization.swift).
    var rasterization = Rasterization()
    /// What the last `draw` call sent to GL: polygons, draw calls, offscreen pictures and
    /// rasterization caches redrawn or reused. Counted for every frame (a few additions).
    public internal(set) var lastFrame = FrameStatistics()
    /// Issue 29 hook: the last damage-driven frame's batch records (QuadRenderer+Damage.swift).
    var damage = FrameDamage()
    /// Writes each evaluation's frame (the only reader of layers on the way to GL), and the
    /// last frame written, kept for its storage.
    let recorder = FrameRecorder()
    var frame = Frame()

    /// The first shader error met while drawing: a shader variant that the driver failed to
    /// build (its draws are skipped). Nil normally; `init` already builds the richest variants,
    /// so a driver that cannot build Folio's shaders fails there.
    public internal(set) var drawError: RenderError?

    /// The most bytes the offscreen pictures of one frame's compositing groups may hold
    /// together (`RenderLimits.maximumGroupPictureBytes` unless changed), counting each texture
    /// at the size it is kept at. A group past it is drawn with its opacity multiplied into
    /// each layer instead, and `drawError` is `.groupPicturesTooLarge` (docs/compositing.md).
    public var groupPictureBudget: Int {
        get { settings.groupPictureBudget }
        set { settings.groupPictureBudget = newValue }
    }

    /// A texture the renderer samples for a content handle (the store's entries).
    typealias Texture = TextureStore.Texture

    /// Compiles the shaders and sets up buffers in the current context (leaving its bindings as
    /// they were).
    ///
    /// - Throws: `RenderError.shaderCompile` or `.shaderLink` with the driver's log.
    public init() throws(RenderError) {
        profile = GLProfile.ofCurrentContext()
        programs = ShaderPrograms(profile: profile)
        // The richest variants, built now so that a driver that cannot compile Folio's shaders
        // fails here rather than while drawing; the rest are built on first use.
        for coverage in [ShaderVariant.Coverage.edges(ShaderVariant.Coverage.maximumEdges), .border] {
            _ = try programs.program(for: ShaderVariant(texture: .straight, textureFlipped: true, background: true,
                                                        gradientStops: ShaderVariant.maximumStops,
                                                        overlayStops: ShaderVariant.maximumStops, coverage: coverage))
        }
        vertexStream = VertexStream()
        // Only where the driver's level of detail is known exactly (QuadRenderer+Sampling.swift).
        unmipmappedSampler = Self.rendersWithLLVMpipe() ? Self.makeUnmipmappedSampler() : 0
        if unmipmappedSampler != 0 { restingLevelSamplers = (1...Self.maximumRestingLevel).map(Self.makeRestingLevelSampler) }
    }

    isolated deinit {
        textures.release()
        groups.release()
        rasterization.release()
        vertexStream.release()
        glDeleteSamplers(1, &unmipmappedSampler)
        glDeleteSamplers(GLsizei(restingLevelSamplers.count), restingLevelSamplers)
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
        record(evaluator)
        draw(frame, scale: scale, viewport: viewport, framebuffer: framebuffer)
    }

    /// Draws `frame` into `viewport` of `framebuffer` (nil: the bound draw framebuffer; 0: the
    /// default framebuffer), at `scale` pixels per view point. The frame need not come from
    /// this renderer, nor its layer tree still exist; its contents handles name this
    /// renderer's textures. Nothing is drawn into an empty viewport.
    public func draw(_ frame: Frame, scale: Double, viewport: Viewport, framebuffer: UInt32? = nil) {
        guard beginFrame(frame, scale: scale, viewport: viewport) else { return }
        drawPrepared(frame, scale: scale, viewport: viewport, framebuffer: framebuffer)
    }

    /// What a frame must carry for this renderer's settings: light inputs under a light, and
    /// cast-shadow inputs when shadows are cast too. A frame recorded without them draws as
    /// if every layer faced the viewer and cast nothing; `Frame.Inputs.all` always suffices.
    public var frameInputs: Frame.Inputs { settings.frameInputs }

    /// Writes the last evaluation of `evaluator` into ``frame``, with ``frameInputs`` — except
    /// that unlit, an evaluation with no surface layer records none: only a curled leaf casts a
    /// shadow there, so such a frame is recorded (and drawn) as it was without
    /// ``castsUnlitShadows``, at the same cost.
    func record(_ evaluator: LayerEvaluator) {
        var inputs = frameInputs
        if light == nil, !inputs.isEmpty, !evaluator.quads.contains(where: { $0.surfacePatch >= 0 }) { inputs = [] }
        recorder.record(evaluator, into: &frame, inputs: inputs)
    }

    /// What every draw of an evaluation does first, full or damage-driven: refuses an empty
    /// viewport or a bad scale (false), resets `lastFrame`, redraws stale rasterized layers'
    /// pictures, and prepares this frame's list.
    func beginFrame(_ frame: Frame, scale: Double, viewport: Viewport) -> Bool {
        guard !viewport.isEmpty, scale > 0, scale.isFinite else { return false }
        lastFrame = FrameStatistics()
        if !frame.pictures.isEmpty {
            // Rasterized layers' pictures, redrawn where stale, before this frame's list.
            let saved = restoresGLState ? GLStateSnapshot(capturing: [.drawing, .framebuffer, .clearColor, .scissor], profile: profile) : nil
            updateRasterizations(frame, depth: 0)
            saved?.restore()
        }
        prepare(frame, scale: scale, pixelWidth: viewport.width, pixelHeight: viewport.height,
                origin: (Double(viewport.x), Double(viewport.y)))
        return true
    }

    /// The GL half of `draw`: group pictures, then the prepared list (`submit`). Also drawn
    /// by the damage-driven path (QuadRenderer+Damage.swift) under its scissor box.
    func drawPrepared(_ frame: Frame, scale: Double, viewport: Viewport, framebuffer: UInt32?) {
        // Over its budget with no picture to draw, the renderer keeps no group texture either.
        if groups.overBudget && groups.passes.isEmpty { releaseUnusedGroupTargets() }
        guard !list.batches.isEmpty else { return }
        let saved = restoresGLState ? GLStateSnapshot(capturing: [.drawing, .framebuffer], profile: profile) : nil
        if !groups.passes.isEmpty {
            // Group pictures first (QuadRenderer+Groups.swift); they leave the app's binding.
            var bound: GLint = 0
            glGetIntegerv(GLenum(GL_DRAW_FRAMEBUFFER_BINDING), &bound)
            drawGroupPictures(frame, scale: scale, viewport: viewport, framebuffer: framebuffer ?? GLuint(bound))
        }
        if let framebuffer { glBindFramebuffer(GLenum(GL_DRAW_FRAMEBUFFER), framebuffer) }
        glViewport(GLint(viewport.x), GLint(viewport.y), GLsizei(viewport.width), GLsizei(viewport.height))
        submit(frame)
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
        record(evaluator)
        prepare(frame, scale: scale, pixelWidth: pixelWidth, pixelHeight: pixelHeight, origin: (0, 0))
    }

    /// `prepare` for a viewport whose bottom-left corner is framebuffer pixel `origin` (the
    /// shader's edge distances count from the framebuffer's corner).
    func prepare(_ frame: Frame, scale: Double, pixelWidth: Int, pixelHeight: Int, origin: (x: Double, y: Double)) {
        let textures = self.textures
        planGroups(frame, scale: scale, pixelWidth: pixelWidth, pixelHeight: pixelHeight)
        list.lighting = light != nil
        list.build(frame, scale: scale, pixelWidth: pixelWidth, pixelHeight: pixelHeight, origin: origin,
                   mode: antialiasing.triangulation, outlines: settings.listsOutlines,
                   composites: groups.topLevel[...], isOpaque: { quad in
            Self.isOpaque(quad, frame, textures: textures)
        }) { quad in
            Self.texelsPerPoint(quad, frame, textures: textures, scale: scale)
        }
        prepareCastShadows(frame)
    }

    /// Whether `quad` is opaque everywhere: fully opaque layer, and an opaque texture or
    /// background under anything else it draws (premultiplied "over" an opaque colour stays
    /// opaque); then what it hides of earlier polygons need not be drawn.
    static func isOpaque(_ quad: Frame.Polygon, _ frame: Frame, textures: TextureStore) -> Bool {
        quad.opacity == 1 && paintsOpaque(quad, frame, textures: textures)
    }

    /// Whether everything `quad` paints is opaque before its opacity applies: no rounded
    /// corners cut from it, and an opaque background or opaque texture under the rest.
    static func paintsOpaque(_ quad: Frame.Polygon, _ frame: Frame, textures: TextureStore) -> Bool {
        let paint = frame.record(of: quad).paint
        // Rounded corners (its own or a mask's) leave its corners uncovered.
        if paint.cornerRadius > 0 && paint.effectiveCornerRadius > 0 { return false }
        if !frame.masks.isEmpty && roundedMask(of: quad.record, in: frame) != nil { return false }
        if (paint.backgroundColor?.alpha ?? 0) == 1 { return true }
        // The front faded through the paper is not opaque, whatever its texture.
        if contentsFade(quad, frame) != nil { return false }
        return shownContents(quad, frame).handle.flatMap { textures[$0] }?.isOpaque ?? false
    }
}
