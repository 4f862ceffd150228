import ArgumentParser
import FolioGeometry
import FolioSurface
import FolioTransitions

/// `--light` and `--light-direction`: the paper light of every effect.
extension RenderCommand {
    /// The paper light asked for, or nil for the unlit (default) look.
    ///
    /// - Throws: a usage error naming `--light-direction` when it is not three finite numbers
    ///   with z > 0, or is given without `--light`.
    func parsedLight() throws -> PaperLight? {
        guard light else {
            if lightDirection != nil { throw ValidationError("--light-direction applies with --light") }
            return nil
        }
        guard let text = lightDirection else { return .standard }
        return try Self.parseLight(text)
    }

    /// Puts an effect in its lit look when the frame is lit with cast shadows: a flip's leaf
    /// then casts its shadow on the pages beneath in place of its uniform covered-page tints
    /// (`FlipTransition.isLit`). The fold keeps its tints: they shade its folded panels, and
    /// nothing of a fold rises off the page toward the light to cast a shadow.
    static func setLitLook(of transition: any Transition, _ lit: Bool) {
        if let flip = transition as? FlipTransition { flip.isLit = lit }
    }

    /// Parses `X,Y,Z` into a paper light from that direction.
    static func parseLight(_ text: String) throws -> PaperLight {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        let values = parts.compactMap { Double($0.trimmingCharacters(in: .whitespaces)) }
        guard parts.count == 3, values.count == 3, values.allSatisfy(\.isFinite) else {
            throw ValidationError("--light-direction '\(text)' must be three numbers X,Y,Z, like -0.35,-0.5,1")
        }
        do {
            return try PaperLight(direction: Vector3(x: values[0], y: values[1], z: values[2]))
        } catch {
            throw ValidationError("--light-direction '\(text)': \(error)")
        }
    }
}
