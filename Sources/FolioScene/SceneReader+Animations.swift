import FolioGeometry
import FolioLayers
import FolioMotion

// `"animations"` and `"actions"` (docs/command-line.md, docs/animation.md): Core Animation's explicit
// animations on a layer, and model changes at scene times that may animate from the
// presentation. Every error names its JSON path (`layer.animations[1].duration`).

extension SceneReader {
    /// The keys an animation object may have.
    static let animationKeys: Set<UTF8Key> = [
        "keyPath", "type", "fromValue", "toValue", "byValue", "values", "keyTimes", "timingFunctions", "calculationMode",
        "mass", "stiffness", "damping", "initialVelocity", "beginTime", "duration", "speed", "timeOffset", "repeatCount",
        "autoreverses", "fillMode", "timingFunction", "additive", "cumulative",
    ]
    /// The keys only a keyframe animation takes, and only a spring.
    static let keyframeKeys: Set<UTF8Key> = ["values", "keyTimes", "timingFunctions", "calculationMode"]
    static let springKeys: Set<UTF8Key> = ["mass", "stiffness", "damping", "initialVelocity"]
    /// The keys an action object may have.
    static let actionKeys: Set<UTF8Key> = ["time", "keyPath", "value", "animation"]

    /// Reads `"animations"` and `"actions"` of the layer at `path`.
    mutating func animationKeys(_ layer: Layer, _ v: [UTF8Key: JSONValue], _ path: String) throws(SceneError) {
        if let list = v["animations"] {
            for (i, item) in try Self.array(list, "\(path).animations").enumerated() {
                let itemPath = "\(path).animations[\(i)]"
                let animation = try self.animation(item, itemPath, layer: layer, fixedKeyPath: nil)
                do { try layer.add(animation, forKey: nil) } catch {
                    throw .invalidValue(path: "\(itemPath).keyPath", value: "\"\(animation.keyPath?.rawValue ?? "")\"", reason: "\(error)")
                }
            }
        }
        if let list = v["actions"] {
            for (i, item) in try Self.array(list, "\(path).actions").enumerated() {
                actions.append(try action(item, "\(path).actions[\(i)]", layer: layer))
            }
        }
    }

    /// One action: `{"time": t, "keyPath": K, "value": V, "animation": A?}`.
    func action(_ json: JSONValue, _ path: String, layer: Layer) throws(SceneError) -> SceneAction {
        let object = try Self.object(json, path)
        for key in object.keys where !Self.actionKeys.contains(UTF8Key(key)) { throw .unknownKey(path: "\(path).\(key)") }
        let v = object.values
        guard let t = v["time"] else { throw .missingKey(path: "\(path).time") }
        let time = try Self.number(t, "\(path).time")
        let keyPath = try Self.keyPath(v["keyPath"], "\(path).keyPath", layer: layer)
        guard let valueJSON = v["value"] else { throw .missingKey(path: "\(path).value") }
        let value = try Self.animationValue(valueJSON, "\(path).value", kind: keyPath.valueKind)
        let animation = try v["animation"].map { a throws(SceneError) in
            try self.animation(a, "\(path).animation", layer: layer, fixedKeyPath: keyPath)
        }
        return SceneAction(layer: layer, time: time, keyPath: keyPath, value: value, animation: animation)
    }

    /// One animation object. With `fixedKeyPath` (an action's animation) there is no key path,
    /// from, to, by or keyframe values: the action gives them.
    func animation(_ json: JSONValue, _ path: String, layer: Layer, fixedKeyPath: AnimationKeyPath?) throws(SceneError) -> LayerAnimation {
        let object = try Self.object(json, path)
        let v = object.values
        for key in object.keys where !Self.animationKeys.contains(UTF8Key(key)) { throw .unknownKey(path: "\(path).\(key)") }
        let type = try v["type"].map { t throws(SceneError) in try Self.string(t, "\(path).type") } ?? "basic"
        guard ["basic", "spring", "keyframe"].contains(type) else {
            throw .invalidValue(path: "\(path).type", value: "\"\(type)\"", reason: "must be \"basic\", \"spring\" or \"keyframe\"")
        }
        if let fixedKeyPath {
            for key: UTF8Key in ["keyPath", "fromValue", "toValue", "byValue"] where v[key] != nil {
                throw .invalidValue(path: "\(path).\(key)", value: "…",
                                    reason: "an action's animation takes its key path and values from the action (\(fixedKeyPath.rawValue))")
            }
            if type == "keyframe" {
                throw .invalidValue(path: "\(path).type", value: "\"keyframe\"", reason: "an action animates from the presentation to its value: \"basic\" or \"spring\"")
            }
        }
        for key in Self.keyframeKeys where type != "keyframe" && v[key] != nil {
            throw .invalidValue(path: "\(path).\(key.string)", value: "…", reason: "only keyframe animations take '\(key.string)'")
        }
        for key in Self.springKeys where type != "spring" && v[key] != nil {
            throw .invalidValue(path: "\(path).\(key.string)", value: "…", reason: "only spring animations take '\(key.string)'")
        }
        if type == "keyframe" {
            for key: UTF8Key in ["fromValue", "toValue", "byValue"] where v[key] != nil {
                throw .invalidValue(path: "\(path).\(key.string)", value: "…", reason: "a keyframe animation takes 'values'")
            }
        }
        let keyPath: AnimationKeyPath
        if let fixedKeyPath { keyPath = fixedKeyPath } else { keyPath = try Self.keyPath(v["keyPath"], "\(path).keyPath", layer: layer) }
        let kind = keyPath.valueKind
        func value(_ key: UTF8Key) throws(SceneError) -> AnimationValue? {
            try v[key].map { j throws(SceneError) in try Self.animationValue(j, "\(path).\(key.string)", kind: kind) }
        }
        let timing = try Self.mediaTiming(v, path)
        if fixedKeyPath != nil && timing.speed < 0 {
            // Played backwards, an action's animation would end on the presentation value it
            // starts from and then jump to the new model value.
            throw .invalidValue(path: "\(path).speed", value: Self.format(timing.speed),
                                reason: "an action animates forwards, from the presentation to its value: it must be > 0")
        }
        let curve = try v["timingFunction"].map { j throws(SceneError) in try Self.timingFunction(j, "\(path).timingFunction") } ?? .linear
        // Every value is read (and its path checked) before the animation is built.
        var spring = Spring.coreAnimationDefault, initialVelocity = 0.0
        var values: [AnimationValue] = [], keyTimes: [Double]?, curves: [TimingFunction]?, mode = LayerAnimation.CalculationMode.linear
        switch type {
        case "spring":
            func parameter(_ key: UTF8Key, _ fallback: Double) throws(SceneError) -> Double {
                try v[key].map { j throws(SceneError) in try Self.number(j, "\(path).\(key.string)") } ?? fallback
            }
            let (mass, stiffness, damping) = (try parameter("mass", 1), try parameter("stiffness", 100), try parameter("damping", 10))
            do throws(MotionError) { spring = try Spring(mass: mass, stiffness: stiffness, damping: damping) } catch { throw Self.motionError(error, path) }
            initialVelocity = try parameter("initialVelocity", 0)
        case "keyframe":
            guard let valuesJSON = v["values"] else { throw .missingKey(path: "\(path).values") }
            for (i, item) in try Self.array(valuesJSON, "\(path).values").enumerated() {
                values.append(try Self.animationValue(item, "\(path).values[\(i)]", kind: kind))
            }
            if let j = v["keyTimes"] {
                var times: [Double] = []
                for (i, t) in try Self.array(j, "\(path).keyTimes").enumerated() { times.append(try Self.number(t, "\(path).keyTimes[\(i)]")) }
                keyTimes = times
            }
            if let j = v["timingFunctions"] {
                var list: [TimingFunction] = []
                for (i, t) in try Self.array(j, "\(path).timingFunctions").enumerated() {
                    list.append(try Self.timingFunction(t, "\(path).timingFunctions[\(i)]"))
                }
                curves = list
            }
            let modeName = try v["calculationMode"].map { j throws(SceneError) in try Self.string(j, "\(path).calculationMode") } ?? "linear"
            guard let m = LayerAnimation.CalculationMode(rawValue: modeName) else {
                throw .invalidValue(path: "\(path).calculationMode", value: "\"\(modeName)\"", reason: "must be \"linear\", \"discrete\", \"paced\", \"cubic\" or \"cubicPaced\"")
            }
            mode = m
        default:
            break
        }
        let (from, to, by) = (try value("fromValue"), try value("toValue"), try value("byValue"))
        var animation: LayerAnimation
        do {
            switch type {
            case "spring":
                animation = try .spring(keyPath, from: from, to: to, by: by, spring: spring, initialVelocity: initialVelocity, timing: timing)
            case "keyframe":
                animation = try .keyframes(keyPath, values: values, keyTimes: keyTimes, timingFunctions: curves,
                                           calculationMode: mode, timing: timing, timingFunction: curve)
            default:
                animation = try .basic(keyPath, from: from, to: to, by: by, timing: timing, timingFunction: curve)
            }
        } catch {
            if case let .invalidKeyframes(_, reason) = error {
                let key = reason.contains("timingFunctions") ? "timingFunctions" : reason.contains("keyTimes") ? "keyTimes" : "values"
                throw .invalidValue(path: "\(path).\(key)", value: "…", reason: reason)
            }
            throw .invalidValue(path: path, value: "…", reason: "\(error)")
        }
        // An action's spring with no duration settles from wherever the action finds the value
        // (SceneAction.apply); the factory's settling time, for a unit step at rest, is dropped.
        if fixedKeyPath != nil && type == "spring" { animation.timing.duration = timing.duration }
        animation.isAdditive = try v["additive"].map { j throws(SceneError) in try Self.bool(j, "\(path).additive") } ?? false
        animation.isCumulative = try v["cumulative"].map { j throws(SceneError) in try Self.bool(j, "\(path).cumulative") } ?? false
        // A scene is evaluated at any time, in any order: nothing is ever removed, and the
        // fill mode alone decides what shows outside an animation's active interval.
        animation.isRemovedOnCompletion = false
        return animation
    }

    /// `beginTime`, `duration`, `speed`, `timeOffset`, `repeatCount`, `autoreverses`, `fillMode`.
    static func mediaTiming(_ v: [UTF8Key: JSONValue], _ path: String) throws(SceneError) -> MediaTiming {
        func number(_ key: UTF8Key, _ fallback: Double) throws(SceneError) -> Double {
            try v[key].map { j throws(SceneError) in try Self.number(j, "\(path).\(key.string)") } ?? fallback
        }
        let fillName = try v["fillMode"].map { j throws(SceneError) in try Self.string(j, "\(path).fillMode") } ?? "removed"
        guard let fill = FillMode(rawValue: fillName) else {
            throw .invalidValue(path: "\(path).fillMode", value: "\"\(fillName)\"", reason: "must be \"removed\", \"forwards\", \"backwards\" or \"both\"")
        }
        let autoreverses = try v["autoreverses"].map { j throws(SceneError) in try Self.bool(j, "\(path).autoreverses") } ?? false
        let (begin, duration, speed) = (try number("beginTime", 0), try number("duration", 0), try number("speed", 1))
        let (offset, repeats) = (try number("timeOffset", 0), try number("repeatCount", 0))
        // JSON has no infinity: a repeat count of 1e100 repeats for ever in practice.
        do {
            return try MediaTiming(beginTime: begin, duration: duration, speed: speed, timeOffset: offset,
                                   repeatCount: repeats, autoreverses: autoreverses, fillMode: fill)
        } catch {
            throw motionError(error, path)
        }
    }

    /// A named curve (`linear`, `easeIn`, `easeOut`, `easeInEaseOut`, `default`) or four
    /// control-point numbers `[c1x, c1y, c2x, c2y]`.
    static func timingFunction(_ json: JSONValue, _ path: String) throws(SceneError) -> TimingFunction {
        if case let .string(name) = json {
            switch name {
            case "linear": return .linear
            case "easeIn": return .easeIn
            case "easeOut": return .easeOut
            case "easeInEaseOut": return .easeInEaseOut
            case "default": return .default
            default:
                throw .invalidValue(path: path, value: "\"\(name)\"",
                                    reason: "must be linear, easeIn, easeOut, easeInEaseOut, default or [c1x, c1y, c2x, c2y]")
            }
        }
        let n = try numbers(json, path, count: 4)
        do { return try TimingFunction(n[0], n[1], n[2], n[3]) } catch {
            let index = ["c1x": 0, "c1y": 1, "c2x": 2, "c2y": 3]
            if case let .invalidControlPoint(name, value) = error {
                throw .invalidValue(path: "\(path)[\(index[name] ?? 0)]", value: format(value), reason: "a control point's x must lie in 0…1")
            }
            throw .invalidValue(path: path, value: "…", reason: "\(error)")
        }
    }

    /// A key path string this layer has.
    static func keyPath(_ json: JSONValue?, _ path: String, layer: Layer) throws(SceneError) -> AnimationKeyPath {
        guard let json else { throw .missingKey(path: path) }
        let name = try string(json, path)
        guard let keyPath = try? AnimationKeyPath(parsing: name) else {
            throw .invalidValue(path: path, value: "\"\(name)\"", reason: "not an animatable key path (position, position.x, position.y, bounds, "
                + "bounds.size, anchorPoint, zPosition, opacity, cornerRadius, borderWidth, backgroundColor, borderColor, transform, "
                + "sublayerTransform, transform.rotation.x|y|z, transform.scale[.x|y|z], transform.translation.x|y|z, …)")
        }
        if [.startPoint, .endPoint, .colors, .locations].contains(keyPath) && !(layer is GradientLayer) {
            throw .invalidValue(path: path, value: "\"\(name)\"", reason: "only gradient layers have '\(name)'")
        }
        if [.paperTranslucency, .backContentsRect].contains(keyPath) && !(layer is SurfaceLayer) {
            throw .invalidValue(path: path, value: "\"\(name)\"", reason: "only surface layers have '\(name)'")
        }
        if keyPath == .contents {
            throw .invalidValue(path: path, value: "\"\(name)\"", reason: "a scene cannot animate 'contents' (its images are files, not values)")
        }
        return keyPath
    }

    /// A value in its key's JSON form: a number, `[x, y]`, `[w, h]`, `[x, y, w, h]`, a colour,
    /// 16 numbers, `true`/`false`, a list of colours or a list of numbers.
    static func animationValue(_ json: JSONValue, _ path: String, kind: AnimationValue.Kind) throws(SceneError) -> AnimationValue {
        switch kind {
        case .number: return .number(try number(json, path))
        case .point: return .point(try point(json, path))
        case .size:
            let n = try numbers(json, path, count: 2)
            return .size(Size(width: n[0], height: n[1]))
        case .rect:
            let n = try numbers(json, path, count: 4)
            return .rect(Rect(x: n[0], y: n[1], width: n[2], height: n[3]))
        case .color: return .color(try color(json, path))
        case .transform: return .transform(try transform(json, path))
        case .flag: return .flag(try bool(json, path))
        case .colors:
            var colors: [Color] = []
            for (i, item) in try array(json, path).enumerated() { colors.append(try color(item, "\(path)[\(i)]")) }
            return .colors(colors)
        case .numbers:
            var numbers: [Double] = []
            for (i, item) in try array(json, path).enumerated() { numbers.append(try number(item, "\(path)[\(i)]")) }
            return .numbers(numbers)
        case .contents:
            throw .invalidValue(path: path, value: "…", reason: "a scene cannot animate 'contents'")
        }
    }

    static func array(_ json: JSONValue, _ path: String) throws(SceneError) -> [JSONValue] {
        guard case let .array(items) = json else { throw .wrongType(path: path, expected: "an array", found: json.typeName) }
        return items
    }

    /// A `MotionError` as a scene error at `path.<name>`.
    static func motionError(_ error: MotionError, _ path: String) -> SceneError {
        switch error {
        case let .invalidParameter(name, value, requirement):
            return .invalidValue(path: "\(path).\(name)", value: format(value), reason: "must be \(requirement)")
        case let .nonFinite(name, value):
            return .invalidValue(path: "\(path).\(name)", value: format(value), reason: "must be finite")
        default:
            return .invalidValue(path: path, value: "…", reason: "\(error)")
        }
    }
}
