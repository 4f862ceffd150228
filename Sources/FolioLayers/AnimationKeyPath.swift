/// An animatable property of a layer, named as Core Animation's key paths name it
/// (`"position.x"`, `"transform.rotation.z"`).
///
/// Sub-paths of a transform (`transform.rotation.*`, `transform.scale*`, `transform.translation.*`)
/// animate one part of the matrix's decomposition (`Transform3D.decomposed()`): the value is a
/// number — radians, a factor, points — and the angle itself is interpolated, so a turn of 270°
/// stays a turn of 270°. `transform.rotation` is `transform.rotation.z`, as in Core Animation.
public enum AnimationKeyPath: String, Hashable, Sendable, CaseIterable {
    /// `position` (point, superlayer points).
    case position
    /// `position.x`.
    case positionX = "position.x"
    /// `position.y`.
    case positionY = "position.y"
    /// `bounds` (rect, points).
    case bounds
    /// `bounds.origin` (point).
    case boundsOrigin = "bounds.origin"
    /// `bounds.size` (size).
    case boundsSize = "bounds.size"
    /// `bounds.origin.x` (number, points).
    case boundsOriginX = "bounds.origin.x"
    /// `bounds.origin.y` (number, points).
    case boundsOriginY = "bounds.origin.y"
    /// `bounds.size.width` (number, points).
    case boundsWidth = "bounds.size.width"
    /// `bounds.size.height` (number, points).
    case boundsHeight = "bounds.size.height"
    /// `anchorPoint` (point, unit coordinates of the bounds).
    case anchorPoint
    /// `anchorPoint.x` (number, unit coordinates).
    case anchorPointX = "anchorPoint.x"
    /// `anchorPoint.y` (number, unit coordinates).
    case anchorPointY = "anchorPoint.y"
    /// `anchorPointZ` (number, points).
    case anchorPointZ
    /// `zPosition` (number, points).
    case zPosition
    /// `opacity` (number, 0…1).
    case opacity
    /// `cornerRadius` (number, points).
    case cornerRadius
    /// `borderWidth` (number, points).
    case borderWidth
    /// `backgroundColor` (colour; a layer without one animates from clear).
    case backgroundColor
    /// `borderColor` (colour).
    case borderColor
    /// `contentsRect` (rect, unit coordinates of the image).
    case contentsRect
    /// `rasterizationScale` (number, a factor).
    case rasterizationScale
    /// `hidden` (`isHidden`; flag, discrete: it switches half-way, as in Core Animation).
    case hidden
    /// `doubleSided` (`isDoubleSided`; flag, discrete).
    case doubleSided
    /// `masksToBounds` (flag, discrete).
    case masksToBounds
    /// `contents` (an image handle or none; discrete).
    case contents
    /// `transform` (matrix, interpolated by decomposition).
    case transform
    /// `sublayerTransform` (matrix, interpolated by decomposition).
    case sublayerTransform
    /// `transform.rotation.x` (number, radians).
    case rotationX = "transform.rotation.x"
    /// `transform.rotation.y` (number, radians).
    case rotationY = "transform.rotation.y"
    /// `transform.rotation.z` (number, radians; also spelled `transform.rotation`).
    case rotationZ = "transform.rotation.z"
    /// `transform.scale` (number: every axis set to it; read as the mean of the three).
    case scale = "transform.scale"
    /// `transform.scale.x` (number, factor).
    case scaleX = "transform.scale.x"
    /// `transform.scale.y` (number, factor).
    case scaleY = "transform.scale.y"
    /// `transform.scale.z` (number, factor).
    case scaleZ = "transform.scale.z"
    /// `transform.translation.x` (number, points).
    case translationX = "transform.translation.x"
    /// `transform.translation.y` (number, points).
    case translationY = "transform.translation.y"
    /// `transform.translation.z` (number, points).
    case translationZ = "transform.translation.z"
    /// `startPoint` of a `GradientLayer` (point, unit coordinates).
    case startPoint
    /// `endPoint` of a `GradientLayer` (point, unit coordinates).
    case endPoint
    /// `colors` of a `GradientLayer` (a list of colours; element by element when the lists
    /// have one length, otherwise discrete).
    case colors
    /// `locations` of a `GradientLayer` (a list of numbers, empty for evenly spaced; element by
    /// element when the lists have one length, otherwise discrete).
    case locations
    /// `paperTranslucency` of a `SurfaceLayer` (number, 0…1).
    case paperTranslucency
    /// `backContentsRect` of a `SurfaceLayer` (rect, unit coordinates of the back's image).
    case backContentsRect

    /// The key path named `name`, accepting Core Animation's alias `transform.rotation`.
    ///
    /// - Throws: `AnimationError.unknownKeyPath` naming it.
    public init(parsing name: String) throws(AnimationError) {
        if name == "transform.rotation" { self = .rotationZ; return }
        guard let path = AnimationKeyPath(rawValue: name) else { throw .unknownKeyPath(name) }
        self = path
    }

    /// The type of the values the property takes.
    public var valueKind: AnimationValue.Kind {
        switch self {
        case .position, .boundsOrigin, .anchorPoint, .startPoint, .endPoint: .point
        case .bounds, .contentsRect, .backContentsRect: .rect
        case .boundsSize: .size
        case .backgroundColor, .borderColor: .color
        case .transform, .sublayerTransform: .transform
        case .hidden, .doubleSided, .masksToBounds: .flag
        case .contents: .contents
        case .colors: .colors
        case .locations: .numbers
        default: .number
        }
    }

    /// The stored property a write goes to: a sub-path's whole property (`position.x` →
    /// `position`, `transform.scale.y` → `transform`), otherwise the path itself.
    public var storedProperty: AnimationKeyPath {
        switch self {
        case .positionX, .positionY: .position
        case .boundsOrigin, .boundsSize, .boundsOriginX, .boundsOriginY, .boundsWidth, .boundsHeight: .bounds
        case .anchorPointX, .anchorPointY: .anchorPoint
        case .rotationX, .rotationY, .rotationZ, .scale, .scaleX, .scaleY, .scaleZ,
             .translationX, .translationY, .translationZ: .transform
        default: self
        }
    }

    /// Whether the path is a part of `transform`'s decomposition.
    public var isTransformPart: Bool { storedProperty == .transform && self != .transform }

    /// Whether the property moves the layer in space (Reduce Motion turns animations of these
    /// into immediate changes; opacity and colours still fade).
    public var isSpatial: Bool {
        switch self {
        case .opacity, .backgroundColor, .borderColor, .borderWidth, .cornerRadius, .contentsRect, .startPoint, .endPoint,
             .rasterizationScale, .hidden, .doubleSided, .masksToBounds, .contents, .colors, .locations, .paperTranslucency,
             .backContentsRect: false
        default: true
        }
    }
}
