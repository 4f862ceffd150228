import FolioLayers
import FolioSurface
import FolioTessellation

/// What the app chose for a `QuadRenderer`'s drawing: the look (antialiasing, light, cast
/// shadows), the GL-state contract, the group-picture budget and the debug views.
///
/// One value, so that the renderer holds its settings apart from the GL objects and per-frame
/// scratch it owns; the renderer's public properties of the same names read and write it (their
/// documentation is the reference). Only the app changes it (and rasterization, which swaps
/// `antialiasing` for the length of an offscreen draw); every frame reads it.
struct RenderSettings {
    // MARK: The look

    /// `QuadRenderer.antialiasing`: the edge antialiasing mode.
    var antialiasing: AntialiasingMode = .analytic
    /// `QuadRenderer.light`: paper light on every layer; nil draws the unlit look.
    var light: PaperLight?
    /// `QuadRenderer.castsShadows`: whether layers cast their shadow (under a light, or unlit
    /// with `castsUnlitShadows`).
    var castsShadows = true
    /// `QuadRenderer.castsUnlitShadows`: whether, with no light, curled leaves cast the lit
    /// look's shadow all the same (from `PaperLight.standard`'s direction, no paper light).
    var castsUnlitShadows = false

    // MARK: The contract and limits

    /// `QuadRenderer.restoresGLState`: whether each call puts back the GL state it changes.
    var restoresGLState = true
    /// `QuadRenderer.groupPictureBudget`: the most bytes one frame's group pictures may hold.
    var groupPictureBudget = RenderLimits.maximumGroupPictureBytes

    // MARK: Debug views and measurement switches

    /// `QuadRenderer.wireframe`: draw only triangle edges, in `debugColor`.
    var wireframe = false
    /// `QuadRenderer.showsLayerBorders`: outline every drawn polygon, in `debugColor`.
    var showsLayerBorders = false
    /// `QuadRenderer.debugColor`: the colour of the debug views (straight alpha).
    var debugColor = Color(red: 1, green: 0.45, blue: 0, alpha: 1)
    /// Whether opaque draws with no coverage ramp are drawn without blending (off only to
    /// compare pixels and cost; `QuadRenderer.submit`).
    var replacesOpaqueDraws = true
    /// Whether a page texture that a draw does not minify is sampled without its mipmaps (the
    /// same pixels, cheaper; off only to compare pixels and cost; `QuadRenderer+Sampling.swift`).
    var samplesUnminifiedWithoutMipmaps = true
    /// Whether a draw that nothing magnifies shows a page in flight from its resting raster
    /// (off only to compare pixels and cost; `QuadRenderer+RestingRaster.swift`).
    var bindsRestingRasters = true

    /// The light the cast shadows are cast from: the paper light, or without one the standard
    /// light's when curled leaves cast their shadow unlit (docs/curl.md §8, "The unlit curl's
    /// cast shadow"); nil when no shadow is cast.
    var shadowLight: PaperLight? {
        guard castsShadows else { return nil }
        return light ?? (castsUnlitShadows ? .standard : nil)
    }

    /// What a frame must carry for these settings: light inputs under a light, and
    /// cast-shadow inputs when shadows are cast too (unlit shadows read both: a curved
    /// receiver turns the light into its own axes).
    var frameInputs: Frame.Inputs {
        guard shadowLight != nil else { return light == nil ? [] : .light }
        return .all
    }

    /// Whether the draw list carries each item's outline loop: for the layer-border view, which
    /// the wireframe view replaces.
    var listsOutlines: Bool { showsLayerBorders && !wireframe }
}
