import FolioGeometry
import FolioMotion

// The presentation tree (Core Animation's `presentation()`): the values on screen at a time.
//
// Folio keeps one tree. `withPresentation(at:_:)` writes each animated property's presentation
// value into its layer, runs the body — evaluate, draw, record a frame, hit-test — and writes
// the model values back. Why swap rather than keep a second tree: the evaluator, both renderers
// and the frame recorder read layer properties directly (`paint`, transforms, the change
// counters), so everything downstream sees the presentation with no second code path, and a
// tree without animations runs exactly the code it ran before (one load of the root's
// `animatedLayerCount`). Only subtrees that contain animated layers are walked, through the
// unretained sibling links, and the model values are saved into storage reserved when the
// animations were added: presenting a frame allocates nothing.
//
// The writes go through the setters, so change tracking (`version`, `contentVersion`) and the
// damage built on it see every presentation change. Both the swap in and the swap back count as
// changes: an animated layer is "changed" in every frame it is presented, which is what damage
// tracking needs while it moves.
//
// A root with many animated layers below it keeps them in a `PresentationList` and applies and
// restores down that list rather than by the walk: the same layers in the same order, without
// the chain of sibling links through memory; for the layers whose animations are all number
// tracks it keeps copies of their rows and springs and the model numbers it saved, so that
// neither pass reads their storage objects (PresentationList.swift). Whichever presents a
// layer sets its `isPresented`, which a nested presentation leaves alone.

extension Layer {
    /// Runs `body` with every animation in this subtree applied at tree time `time`: inside it,
    /// the animated properties read as their presentation values; afterwards they are the model
    /// values again, bit for bit.
    ///
    /// Pure in `time` (nothing is removed; see `removeFinishedAnimations(at:)`). Do not set
    /// animated properties inside `body`: the model values are restored over them. A NaN or
    /// infinite `time`, or a subtree without animations, runs `body` as it is. Nested calls
    /// apply nothing more.
    public final func withPresentation<Result>(at time: Double, _ body: () throws -> Result) rethrows -> Result {
        guard animatedLayerCount > 0, time.isFinite else { return try body() }
        var memo = SpringResponseMemo()
        let root = Unmanaged.passUnretained(self)
        if animatedLayerCount >= PresentationList.minimumLayers {
            // Many animated layers: down the list, rebuilt only when the tree's animated layers
            // changed; restored by the walk if the body changed them (PresentationList.swift).
            let list: PresentationList
            if let kept = presentationList { list = kept } else { list = PresentationList(); presentationList = list }
            list.refresh(from: root)
            list.apply(at: time, memo: &memo)
            defer { if list.isCurrent { list.restore() } else { list.restoreAfterTreeChange(under: root) } }
            return try body()
        }
        root.applyPresentation(at: time, memo: &memo)
        defer { root.restoreModel() }
        return try body()
    }

    /// The farthest descendant (or self) containing `point` in the presentation at `time`:
    /// what `presentation()?.hitTest(_:)` gives in Core Animation, so a moving layer is caught
    /// where it is seen. `hitTest(_:)` stays the model's.
    public final func hitTest(_ point: Point, at time: Double) -> Layer? {
        withPresentation(at: time) { hitTest(point) }
    }

    /// The presentation value of `keyPath` at `time` (the model value when nothing animates it).
    public final func presentationValue(forKeyPath keyPath: AnimationKeyPath, at time: Double) -> AnimationValue {
        guard let storage = animationStorage, !storage.entries.isEmpty, !isPresented else {
            return value(forKeyPath: keyPath)
        }
        let layer = Unmanaged.passUnretained(self)
        var memo = SpringResponseMemo()
        storage.present(layer, at: time, memo: &memo)
        defer { storage.restore(layer) }
        return value(forKeyPath: keyPath)
    }
}

extension Unmanaged where Instance == Layer {
    /// Applies the presentation in this subtree (layers with `animatedLayerCount > 0` only);
    /// `memo` carries the last spring response from layer to layer.
    func applyPresentation(at time: Double, memo: inout SpringResponseMemo) {
        withLayer { layer in
            if let storage = layer.animationStorageLink {
                // `usesTracks` first: it implies animations, and reading `entries.isEmpty` loads
                // the array's buffer (a cache line more per layer).
                storage._withUnsafeGuaranteedRef {
                    if $0.usesTracks || !$0.entries.isEmpty { $0.present(self, at: time, memo: &memo) }
                }
            }
            var child = layer.firstSublayer
            while let c = child {
                child = c.withLayer { sub in
                    if sub.animatedLayerCount > 0 { c.applyPresentation(at: time, memo: &memo) }
                    return sub.nextSibling
                }
            }
        }
    }

    /// Writes back the model values `applyPresentation` saved.
    func restoreModel() {
        withLayer { layer in
            var child = layer.firstSublayer
            while let c = child {
                child = c.withLayer { sub in
                    if sub.animatedLayerCount > 0 { c.restoreModel() }
                    return sub.nextSibling
                }
            }
            if let storage = layer.animationStorageLink {
                storage._withUnsafeGuaranteedRef { if $0.isPresenting { $0.restore(self) } }
            }
        }
    }
}

extension LayerAnimationStorage {
    /// Saves the model values the animations touch and writes their presentation values at
    /// `time` (`memo`: the walk's last spring response, for the track path).
    /// Nothing when the layer is presented already (`Layer.isPresented`: by this storage, or
    /// by a kept list).
    func present(_ layer: Unmanaged<Layer>, at time: Double, memo: inout SpringResponseMemo) {
        guard !isPresenting, !layer.withLayer({ $0.isPresented }) else { return }
        isPresenting = true
        layer.withLayer { $0.isPresented = true }
        // Tree time to the layer's local time, while any layer has a timing (Layer+Timing.swift).
        let time = memo.layersAreTimed ? layer.withLayer { $0.localTime(fromTreeTime: time) } : time
        if usesTracks {
            layer.withLayer { presentTracks($0, at: time, memo: &memo) }
            return
        }
        presentsGeneral = true
        // Emptied only when not empty: `removeAll(keepingCapacity:)` of an empty array still
        // went through the general replace (about 100 instructions each, per layer per frame).
        if !saved.isEmpty { saved.removeAll(keepingCapacity: true) }
        if !savedTransforms.isEmpty { savedTransforms.removeAll(keepingCapacity: true) }
        if !savedValues.isEmpty { savedValues.removeAll(keepingCapacity: true) }
        parts.isLoaded = false
        layer.withLayer { layer in
            entries.withUnsafeBufferPointer { list in
                for i in 0..<list.count { apply(list[i].animation, at: time, to: layer) }
            }
            flushParts(into: layer)
        }
    }

    /// Writes the saved model values back, last saved first.
    func restore(_ layer: Unmanaged<Layer>) {
        guard isPresenting else { return }
        isPresenting = false
        layer.withLayer { $0.isPresented = false; restoreNumbers($0) }
        // The track path saved numbers only: `saved` (whose count is in its buffer) is not read.
        guard presentsGeneral else { return }
        presentsGeneral = false
        layer.withLayer { layer in
            var i = saved.count - 1
            while i >= 0 {
                let s = saved[i]
                switch s.property {
                case .position: layer.position = Point(x: s.a, y: s.b)
                case .bounds: layer.bounds = Rect(x: s.a, y: s.b, width: s.c, height: s.d)
                case .anchorPoint: layer.anchorPoint = Point(x: s.a, y: s.b)
                case .anchorPointZ: layer.anchorPointZ = s.a
                case .zPosition: layer.zPosition = s.a
                case .opacity: layer.opacity = s.a
                case .cornerRadius: layer.cornerRadius = s.a
                case .borderWidth: layer.borderWidth = s.a
                case .backgroundColor:
                    layer.backgroundColor = s.isPresent ? Color(red: s.a, green: s.b, blue: s.c, alpha: s.d) : nil
                case .borderColor: layer.borderColor = Color(red: s.a, green: s.b, blue: s.c, alpha: s.d)
                case .contentsRect: layer.contentsRect = Rect(x: s.a, y: s.b, width: s.c, height: s.d)
                case .transform: layer.transform = savedTransforms[s.transform]
                case .sublayerTransform: layer.sublayerTransform = savedTransforms[s.transform]
                case .startPoint, .endPoint:
                    layer.setValue(.point(Point(x: s.a, y: s.b)), forKeyPath: s.property)
                case .rasterizationScale, .paperTranslucency, .hidden, .doubleSided, .masksToBounds:
                    layer.setNumber(s.a, forKeyPath: s.property)
                case .contents, .colors, .locations, .backContentsRect:
                    layer.restoreModelValue(savedValues[s.transform], forKeyPath: s.property)
                default:
                    break   // sub-paths are saved as their stored property
                }
                i -= 1
            }
        }
        if !saved.isEmpty { saved.removeAll(keepingCapacity: true) }
        if !savedTransforms.isEmpty { savedTransforms.removeAll(keepingCapacity: true) }
        if !savedValues.isEmpty { savedValues.removeAll(keepingCapacity: true) }
    }

    /// The track path: every animation is a `NumberTrack`, applied in order, each model number
    /// saved the first time it is touched (in `savedNumbers`; restored by `restoreNumbers`).
    private func presentTracks(_ layer: Layer, at time: Double, memo: inout SpringResponseMemo) {
        let list = tracks.rows, springs = tracks.springs
        guard let timings = tracks.timings.baseAddress else { return }
        for i in 0..<list.count {
            let slot = Int(list[i].slot)
            let base = layer.number(inSlot: slot)
            let bit: UInt8 = 1 << UInt8(truncatingIfNeeded: slot)
            guard let v = list[i].value(at: time, base: base, timing: timings + i, springs: springs, memo: &memo), v.isFinite else { continue }
            if savedNumbers.mask & bit == 0 { savedNumbers[slot] = base; savedNumbers.mask |= bit }
            layer.setNumber(v, inSlot: slot)
        }
    }

    /// Writes back the model numbers the track path saved (a value that did not change is not
    /// written, so its layer's change counters and cached transform are left alone).
    private func restoreNumbers(_ layer: Layer) {
        guard savedNumbers.mask != 0 else { return }
        savedNumbers.restore(into: layer)
        savedNumbers.mask = 0
    }

    /// Applies one animation (a group: its children on its local time) at parent time `time`.
    private func apply(_ animation: borrowing LayerAnimation, at time: Double, to layer: Layer) {
        guard let sample = animation.timing.sample(at: time) else { return }
        if case let .group(children) = animation.kind {
            let local = animation.timingFunction == .linear ? sample.localTime
                : animation.timingFunction.value(at: sample.progress) * animation.timing.resolvedDuration
            children.withUnsafeBufferPointer { list in
                for i in 0..<list.count { apply(list[i], at: local, to: layer) }
            }
            return
        }
        guard let path = animation.keyPath else { return }
        if path.isTransformPart {
            if !parts.isLoaded {
                save(.transform, of: layer)
                parts.load(layer.transform)
            }
            let v = animation.leafNumber(sample, base: parts.value(path))
            if v.isFinite { parts.set(path, v) }
            return
        }
        // A property that overlaps the transform parts: write them first, in order.
        if path == .transform { flushParts(into: layer) }
        save(path.storedProperty, of: layer)
        if path.valueKind == .number {
            // Numbers (opacity, a coordinate, a radius) without the general value's copies.
            let v = animation.leafNumber(sample, base: layer.number(forKeyPath: path))
            if v.isFinite { layer.setNumber(v, forKeyPath: path) }
            return
        }
        if path == .colors || path == .locations, layer.kind == .gradient,
           presentList(animation, sample, path, of: unsafeDowncast(layer, to: GradientLayer.self)) { return }
        let base = layer.value(forKeyPath: path)
        let value = animation.leafValue(sample, base: base).value
        if value.isFinite { layer.setValue(value, forKeyPath: path) }
    }

    /// Writes transform parts being animated into the layer's transform.
    private func flushParts(into layer: Layer) {
        guard parts.isLoaded else { return }
        let m = parts.recomposed
        if m.isFinite { layer.transform = m }
        parts.isLoaded = false
    }

    /// Saves the model value of `property` the first time this presentation touches it.
    private func save(_ property: AnimationKeyPath, of layer: Layer) {
        // By index: iterating `saved` would hold a second reference to its buffer, and the
        // append below would then copy it (an allocation per frame in a debug build).
        var i = 0
        while i < saved.count {
            if saved[i].property == property { return }
            i += 1
        }
        var s = Saved(property: property, isPresent: true, a: 0, b: 0, c: 0, d: 0, transform: 0)
        switch property {
        case .position: (s.a, s.b) = (layer.position.x, layer.position.y)
        case .bounds, .contentsRect:
            let r = property == .bounds ? layer.bounds : layer.contentsRect
            (s.a, s.b, s.c, s.d) = (r.origin.x, r.origin.y, r.size.width, r.size.height)
        case .anchorPoint: (s.a, s.b) = (layer.anchorPoint.x, layer.anchorPoint.y)
        case .backgroundColor, .borderColor:
            if let c = property == .backgroundColor ? layer.backgroundColor : layer.borderColor {
                (s.a, s.b, s.c, s.d) = (c.red, c.green, c.blue, c.alpha)
            } else {
                s.isPresent = false
            }
        case .transform, .sublayerTransform:
            s.transform = savedTransforms.count
            savedTransforms.append(property == .transform ? layer.transform : layer.sublayerTransform)
        case .startPoint, .endPoint:
            if case let .point(p) = layer.value(forKeyPath: property) { (s.a, s.b) = (p.x, p.y) }
        case .contents, .colors, .locations, .backContentsRect:
            s.transform = savedValues.count
            savedValues.append(layer.value(forKeyPath: property))
        default:
            s.a = layer.number(forKeyPath: property)
        }
        saved.append(s)
    }
}
