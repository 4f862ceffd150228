import FolioGeometry

// Reading and writing a layer's animatable properties by key path: what the presentation
// swaps in and out, and what transactions read (`value(forKeyPath:)`). Writes go through the
// properties' setters, so the change tracking sees every presentation change.
//
// Transform parts (`transform.rotation.z`, …) are read and written through the transform's
// decomposition by `TransformParts`; here they are read from a fresh decomposition.

extension Layer {
    /// The current value of `keyPath` (the model value, or the presentation value while a
    /// presentation is applied): a layer without a background colour reads as clear, a
    /// gradient key on another kind of layer as its default.
    public final func value(forKeyPath keyPath: AnimationKeyPath) -> AnimationValue {
        switch keyPath {
        case .position: return .point(position)
        case .positionX: return .number(position.x)
        case .positionY: return .number(position.y)
        case .bounds: return .rect(bounds)
        case .boundsOrigin: return .point(bounds.origin)
        case .boundsSize: return .size(bounds.size)
        case .boundsOriginX: return .number(bounds.origin.x)
        case .boundsOriginY: return .number(bounds.origin.y)
        case .boundsWidth: return .number(bounds.size.width)
        case .boundsHeight: return .number(bounds.size.height)
        case .anchorPoint: return .point(anchorPoint)
        case .anchorPointX: return .number(anchorPoint.x)
        case .anchorPointY: return .number(anchorPoint.y)
        case .rasterizationScale: return .number(rasterizationScale)
        case .hidden: return .flag(isHidden)
        case .doubleSided: return .flag(isDoubleSided)
        case .masksToBounds: return .flag(masksToBounds)
        case .contents: return .contents(contents)
        case .colors: return .colors(kind == .gradient ? unsafeDowncast(self, to: GradientLayer.self).colors : [])
        case .locations: return .numbers(kind == .gradient ? unsafeDowncast(self, to: GradientLayer.self).locations ?? [] : [])
        case .paperTranslucency: return .number(kind == .surface ? unsafeDowncast(self, to: SurfaceLayer.self).paperTranslucency : 1)
        case .backContentsRect:
            return .rect(kind == .surface ? unsafeDowncast(self, to: SurfaceLayer.self).backContentsRect : Rect(x: 0, y: 0, width: 1, height: 1))
        case .anchorPointZ: return .number(anchorPointZ)
        case .zPosition: return .number(zPosition)
        case .opacity: return .number(opacity)
        case .cornerRadius: return .number(cornerRadius)
        case .borderWidth: return .number(borderWidth)
        case .backgroundColor: return .color(backgroundColor ?? .clear)
        case .borderColor: return .color(borderColor)
        case .contentsRect: return .rect(contentsRect)
        case .transform: return .transform(transform)
        case .sublayerTransform: return .transform(sublayerTransform)
        case .startPoint: return .point(kind == .gradient ? unsafeDowncast(self, to: GradientLayer.self).startPoint : Point(x: 0.5, y: 0))
        case .endPoint: return .point(kind == .gradient ? unsafeDowncast(self, to: GradientLayer.self).endPoint : Point(x: 0.5, y: 1))
        case .rotationX, .rotationY, .rotationZ, .scale, .scaleX, .scaleY, .scaleZ, .translationX, .translationY, .translationZ:
            var parts = TransformParts()
            parts.load(transform)
            return .number(parts.value(keyPath))
        }
    }

    /// Writes `value` to `keyPath` through the property's setter (Core Animation's
    /// `setValue(_:forKeyPath:)`): a transform part is written by decomposing the transform,
    /// replacing the part and recomposing. A value of another kind than the key path takes, or
    /// one that is not finite, is ignored; colours are clamped to 0…1.
    public final func setValue(_ value: AnimationValue, forKeyPath keyPath: AnimationKeyPath) {
        guard value.isFinite else { return }
        // By key path, then by the value's case: a switch over the pair would copy the value
        // (as large as a matrix) into a tuple on every write.
        switch keyPath {
        case .position: if case let .point(p) = value { position = p }
        case .positionX: if case let .number(v) = value { position.x = v }
        case .positionY: if case let .number(v) = value { position.y = v }
        case .bounds: if case let .rect(r) = value { bounds = r }
        case .boundsOrigin: if case let .point(p) = value { bounds.origin = p }
        case .boundsSize: if case let .size(v) = value { bounds.size = v }
        case .boundsOriginX: if case let .number(v) = value { bounds.origin.x = v }
        case .boundsOriginY: if case let .number(v) = value { bounds.origin.y = v }
        case .boundsWidth: if case let .number(v) = value { bounds.size.width = v }
        case .boundsHeight: if case let .number(v) = value { bounds.size.height = v }
        case .anchorPoint: if case let .point(p) = value { anchorPoint = p }
        case .anchorPointX: if case let .number(v) = value { anchorPoint.x = v }
        case .anchorPointY: if case let .number(v) = value { anchorPoint.y = v }
        case .rasterizationScale: if case let .number(v) = value { rasterizationScale = v }
        case .hidden: if case let .flag(v) = value { isHidden = v }
        case .doubleSided: if case let .flag(v) = value { isDoubleSided = v }
        case .masksToBounds: if case let .flag(v) = value { masksToBounds = v }
        case .contents: if case let .contents(v) = value { contents = v }
        case .colors:
            if case let .colors(v) = value, kind == .gradient { unsafeDowncast(self, to: GradientLayer.self).colors = v.map(\.clampedToUnit) }
        case .locations:
            if case let .numbers(v) = value, kind == .gradient { unsafeDowncast(self, to: GradientLayer.self).locations = v.isEmpty ? nil : v }
        case .paperTranslucency:
            if case let .number(v) = value, kind == .surface { unsafeDowncast(self, to: SurfaceLayer.self).paperTranslucency = v }
        case .backContentsRect:
            if case let .rect(r) = value, kind == .surface { unsafeDowncast(self, to: SurfaceLayer.self).backContentsRect = r }
        case .anchorPointZ: if case let .number(v) = value { anchorPointZ = v }
        case .zPosition: if case let .number(v) = value { zPosition = v }
        case .opacity: if case let .number(v) = value { opacity = v }
        case .cornerRadius: if case let .number(v) = value { cornerRadius = v }
        case .borderWidth: if case let .number(v) = value { borderWidth = v }
        case .backgroundColor: if case let .color(c) = value { backgroundColor = c.clampedToUnit }
        case .borderColor: if case let .color(c) = value { borderColor = c.clampedToUnit }
        case .contentsRect: if case let .rect(r) = value { contentsRect = r }
        case .transform: if case let .transform(m) = value { transform = m }
        case .sublayerTransform: if case let .transform(m) = value { sublayerTransform = m }
        case .startPoint:
            if case let .point(p) = value, kind == .gradient { unsafeDowncast(self, to: GradientLayer.self).startPoint = p }
        case .endPoint:
            if case let .point(p) = value, kind == .gradient { unsafeDowncast(self, to: GradientLayer.self).endPoint = p }
        case .rotationX, .rotationY, .rotationZ, .scale, .scaleX, .scaleY, .scaleZ, .translationX, .translationY, .translationZ:
            guard case let .number(v) = value else { return }
            var parts = TransformParts()
            parts.load(transform)
            parts.set(keyPath, v)
            transform = parts.recomposed
        }
    }

    /// Writes back a model value the presentation saved, exactly (colour lists unclamped).
    final func restoreModelValue(_ value: AnimationValue, forKeyPath keyPath: AnimationKeyPath) {
        if keyPath == .colors, case let .colors(v) = value, kind == .gradient {
            unsafeDowncast(self, to: GradientLayer.self).colors = v
        } else if keyPath == .locations, case let .numbers(v) = value, kind == .gradient {
            // As `setValue` writes it, without its general switch (which allocates in a debug
            // build: a presented gradient's restore would, every frame).
            unsafeDowncast(self, to: GradientLayer.self).locations = v.isEmpty ? nil : v
        } else {
            setValue(value, forKeyPath: keyPath)
        }
    }

    /// The value of a number-valued key path (0 for any other), as `value(forKeyPath:)`
    /// reads it, without building an `AnimationValue`.
    final func number(forKeyPath keyPath: AnimationKeyPath) -> Double {
        switch keyPath {
        case .positionX: position.x
        case .positionY: position.y
        case .anchorPointZ: anchorPointZ
        case .zPosition: zPosition
        case .opacity: opacity
        case .cornerRadius: cornerRadius
        case .borderWidth: borderWidth
        // Flags as 0 and 1 (how the presentation saves them among the numbers).
        case .hidden: isHidden ? 1 : 0
        case .doubleSided: isDoubleSided ? 1 : 0
        case .masksToBounds: masksToBounds ? 1 : 0
        default: value(forKeyPath: keyPath).number ?? 0
        }
    }

    /// Writes a number-valued key path as `setValue(_:forKeyPath:)` does.
    final func setNumber(_ v: Double, forKeyPath keyPath: AnimationKeyPath) {
        switch keyPath {
        case .positionX: position.x = v
        case .positionY: position.y = v
        case .anchorPointZ: anchorPointZ = v
        case .zPosition: zPosition = v
        case .opacity: opacity = v
        case .cornerRadius: cornerRadius = v
        case .borderWidth: borderWidth = v
        case .hidden: isHidden = v != 0
        case .doubleSided: isDoubleSided = v != 0
        case .masksToBounds: masksToBounds = v != 0
        default: setValue(.number(v), forKeyPath: keyPath)
        }
    }

    /// Whether this layer has the property `keyPath` names (gradient keys need a
    /// `GradientLayer`, `paperTranslucency` and `backContentsRect` a `SurfaceLayer`).
    final func hasProperty(_ keyPath: AnimationKeyPath) -> Bool {
        switch keyPath {
        case .startPoint, .endPoint, .colors, .locations: kind == .gradient
        case .paperTranslucency, .backContentsRect: kind == .surface
        default: true
        }
    }
}

extension Layer {
    /// The number in `slot` (`SavedNumbers.slot(of:)`).
    @inline(__always)
    final func number(inSlot slot: Int) -> Double {
        switch slot {
        case 0: position.x
        case 1: position.y
        case 2: opacity
        case 3: zPosition
        case 4: anchorPointZ
        case 5: cornerRadius
        default: borderWidth
        }
    }

    /// Writes the number in `slot` through its setter (so change tracking sees it).
    @inline(__always)
    final func setNumber(_ v: Double, inSlot slot: Int) {
        switch slot {
        case 0: position.x = v
        case 1: position.y = v
        case 2: opacity = v
        case 3: zPosition = v
        case 4: anchorPointZ = v
        case 5: cornerRadius = v
        default: borderWidth = v
        }
    }
}
