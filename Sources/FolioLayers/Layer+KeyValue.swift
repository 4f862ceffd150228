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
        case .anchorPoint: return .point(anchorPoint)
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
        switch (keyPath, value) {
        case let (.position, .point(p)): position = p
        case let (.positionX, .number(v)): position.x = v
        case let (.positionY, .number(v)): position.y = v
        case let (.bounds, .rect(r)): bounds = r
        case let (.boundsOrigin, .point(p)): bounds.origin = p
        case let (.boundsSize, .size(s)): bounds.size = s
        case let (.anchorPoint, .point(p)): anchorPoint = p
        case let (.anchorPointZ, .number(v)): anchorPointZ = v
        case let (.zPosition, .number(v)): zPosition = v
        case let (.opacity, .number(v)): opacity = v
        case let (.cornerRadius, .number(v)): cornerRadius = v
        case let (.borderWidth, .number(v)): borderWidth = v
        case let (.backgroundColor, .color(c)): backgroundColor = c.clampedToUnit
        case let (.borderColor, .color(c)): borderColor = c.clampedToUnit
        case let (.contentsRect, .rect(r)): contentsRect = r
        case let (.transform, .transform(m)): transform = m
        case let (.sublayerTransform, .transform(m)): sublayerTransform = m
        case let (.startPoint, .point(p)): if kind == .gradient { unsafeDowncast(self, to: GradientLayer.self).startPoint = p }
        case let (.endPoint, .point(p)): if kind == .gradient { unsafeDowncast(self, to: GradientLayer.self).endPoint = p }
        case let (path, .number(v)) where path.isTransformPart:
            var parts = TransformParts()
            parts.load(transform)
            parts.set(path, v)
            transform = parts.recomposed
        default: break
        }
    }

    /// Whether this layer has the property `keyPath` names (gradient keys need a `GradientLayer`).
    final func hasProperty(_ keyPath: AnimationKeyPath) -> Bool {
        switch keyPath {
        case .startPoint, .endPoint: kind == .gradient
        default: true
        }
    }
}
