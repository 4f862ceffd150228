/// Walks of the layer tree through its unretained links (`Layer.firstSublayer`,
/// `Layer.nextSibling`, `Layer.parentLink`).
///
/// The tree holds every layer strongly (`sublayers`, `superlayer`); the links are `Unmanaged`
/// so that a walk does not retain and release each layer it passes, which in the evaluator's
/// walks cost more than the work done per layer. These two members are the one place a link is
/// turned back into a layer without a retain: each lends the layer for the length of a call.
/// That is sound while the tree keeps the layer alive for the call, which holds because a
/// layer is used from one thread at a time (`Layer` is not `Sendable`) and no walk that goes
/// through here adds or removes sublayers.
extension Unmanaged where Instance == Layer {
    /// The next sublayer of this layer's superlayer (nil after the last), read without
    /// retaining this layer.
    var nextSibling: Unmanaged<Layer>? { _withUnsafeGuaranteedRef { $0.nextSibling } }

    /// Runs `body` with the layer, lent (not retained) for the length of the call.
    func withLayer<Result>(_ body: (Layer) -> Result) -> Result { _withUnsafeGuaranteedRef(body) }
}
