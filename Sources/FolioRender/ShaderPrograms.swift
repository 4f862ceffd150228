import CGL

/// The renderer's programs, one per `ShaderVariant`, each compiled the first time a draw needs
/// it and kept for the renderer's lifetime (a few dozen at most: the variants a scene uses).
///
/// Looking a program up is a dictionary read: no allocation once every variant in use has been
/// built. A variant that fails to build is remembered, so a broken driver costs one attempt
/// per variant, not one per frame.
@MainActor
final class ShaderPrograms {
    /// A linked program and where its uniforms are (−1: not used by that variant).
    final class Program {
        let shader: ShaderProgram
        let bounds, opacity, background, texture, contentsRect, texelsPerPoint: GLint
        let gradientColors, gradientLocations, gradientAxis: GLint
        let overlayColors, overlayLocations, overlayAxis, overlayOpacity: GLint
        let cornerRadius, borderWidth, borderColor, maskMap, maskRect, maskRadius: GLint
        let lightDirection, lightHalf, lightTerms: GLint
        let shadowTerms, casters: GLint
        let contentsFade: GLint
        /// The contents' level-of-detail bias, added in the shader (OpenGL ES only: −1 under desktop GL,
        /// where it is a texture parameter).
        let levelOfDetailBias: GLint

        init(_ variant: ShaderVariant, profile: GLProfile) throws(RenderError) {
            shader = try ShaderProgram(vertex: variant.specialize(ShaderSource.quadVert),
                                       fragment: variant.specialize(ShaderSource.quadFrag),
                                       names: ("Shaders/quad.vert [\(variant.name)]", "Shaders/quad.frag [\(variant.name)]"),
                                       profile: profile)
            let p = shader
            bounds = p.uniform("uBounds"); opacity = p.uniform("uOpacity"); background = p.uniform("uBackground")
            texture = p.uniform("uTexture"); contentsRect = p.uniform("uContentsRect"); texelsPerPoint = p.uniform("uTexelsPerPoint")
            gradientColors = p.uniform("uGradientColors"); gradientLocations = p.uniform("uGradientLocations")
            gradientAxis = p.uniform("uGradientAxis")
            overlayColors = p.uniform("uOverlayColors"); overlayLocations = p.uniform("uOverlayLocations")
            overlayAxis = p.uniform("uOverlayAxis"); overlayOpacity = p.uniform("uOverlayOpacity")
            cornerRadius = p.uniform("uCornerRadius"); borderWidth = p.uniform("uBorderWidth"); borderColor = p.uniform("uBorderColor")
            maskMap = p.uniform("uMaskMap"); maskRect = p.uniform("uMaskRect"); maskRadius = p.uniform("uMaskRadius")
            lightDirection = p.uniform("uLightDirection"); lightHalf = p.uniform("uLightHalf"); lightTerms = p.uniform("uLightTerms")
            shadowTerms = p.uniform("uShadowTerms"); casters = p.uniform("uCasters")
            contentsFade = p.uniform("uContentsFade")
            levelOfDetailBias = p.uniform("uLevelOfDetailBias")
            // The sampler reads texture unit 0 in every variant.
            if texture >= 0 {
                var saved: GLint = 0
                glGetIntegerv(GLenum(GL_CURRENT_PROGRAM), &saved)
                glUseProgram(p.id)
                glUniform1i(texture, 0)
                glUseProgram(GLuint(saved))
            }
        }
    }

    /// The API the programs are compiled for (their GLSL version and precision header).
    let profile: GLProfile
    private var built: [ShaderVariant: Program] = [:]
    private var failed: [ShaderVariant: RenderError] = [:]

    init(profile: GLProfile = .ofCurrentContext()) { self.profile = profile }

    /// The program for `variant`, built now if it is the first use.
    ///
    /// - Throws: the compile or link error (again on later calls, without rebuilding).
    func program(for variant: ShaderVariant) throws(RenderError) -> Program {
        if let program = built[variant] { return program }
        if let error = failed[variant] { throw error }
        do {
            let program = try Program(variant, profile: profile)
            built[variant] = program
            return program
        } catch {
            failed[variant] = error
            throw error
        }
    }

    /// How many programs have been built.
    var count: Int { built.count }
}
