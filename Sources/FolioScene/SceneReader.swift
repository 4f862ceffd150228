import FolioGeometry
import FolioLayers
import FolioMotion

/// Walks a parsed scene, building layers and naming the exact path of anything wrong.
struct SceneReader {
    var layerCount = 0
    /// The folder `contents` paths are relative to ("" for the current directory), or nil to
    /// keep them as written.
    var baseDirectory: String?
    /// The images named so far, each path once, in order of first use.
    var contentFiles: [SceneContentFile] = []
    /// By the path's bytes: two names that differ only in Unicode normalisation are two files.
    var handles: [UTF8Key: ContentHandle] = [:]
    /// The layers' `actions`, in document order.
    var actions: [SceneAction] = []

    static let layerKeys: Set<UTF8Key> = [
        "name", "kind", "bounds", "position", "anchorPoint", "anchorPointZ", "zPosition", "transform",
        "sublayerTransform", "opacity", "hidden", "doubleSided", "masksToBounds", "backgroundColor",
        "colors", "locations", "startPoint", "endPoint", "sublayers",
        "allowsGroupOpacity", "shouldRasterize", "rasterizationScale", "cornerRadius", "borderWidth", "borderColor",
        "contents", "contentsRect", "animations", "actions",
    ]

    /// The rasterization scales accepted, in pixels per point (the range of a view's scale).
    static let rasterizationScales = 0.001...1000.0
    /// The longest `contents` path accepted, in bytes (Linux's PATH_MAX).
    static let maximumPathBytes = 4096

    mutating func scene(_ json: JSONValue) throws(SceneError) -> Scene {
        let object = try Self.object(json, "scene")
        for key in object.keys where UTF8Key(key) != "size" && UTF8Key(key) != "layer" { throw .unknownKey(path: key) }
        guard let sizeValue = object.values["size"] else { throw .missingKey(path: "size") }
        let size = try Self.numbers(sizeValue, "size", count: 2)
        for (i, v) in size.enumerated() where !(v > 0) {
            throw .invalidValue(path: "size[\(i)]", value: Self.format(v), reason: "the view size must be positive")
        }
        guard let layerValue = object.values["layer"] else { throw .missingKey(path: "layer") }
        let root = try layer(layerValue, "layer", depth: 1)
        return Scene(size: Size(width: size[0], height: size[1]), root: root, contentFiles: contentFiles, actions: actions)
    }

    mutating func layer(_ json: JSONValue, _ path: String, depth: Int) throws(SceneError) -> Layer {
        if depth > Layer.maximumDepth { throw .tooDeep(path: path, limit: Layer.maximumDepth) }
        layerCount += 1
        if layerCount > Scene.maximumLayers { throw .tooManyLayers(limit: Scene.maximumLayers) }
        let object = try Self.object(json, path)
        for key in object.keys where !Self.layerKeys.contains(UTF8Key(key)) { throw .unknownKey(path: "\(path).\(key)") }
        let v = object.values
        let kind = try v["kind"].map { value throws(SceneError) in try Self.string(value, "\(path).kind") } ?? "layer"
        let layer: Layer
        switch kind {
        case "layer": layer = Layer()
        case "transform": layer = TransformLayer()
        case "gradient": layer = GradientLayer()
        default:
            throw .invalidValue(path: "\(path).kind", value: "\"\(kind)\"", reason: "must be \"layer\", \"transform\" or \"gradient\"")
        }
        if let n = v["name"] { layer.name = try Self.string(n, "\(path).name") }
        if let b = v["bounds"] {
            let r = try Self.numbers(b, "\(path).bounds", count: 4)
            for i in 2...3 where r[i] < 0 {
                throw .invalidValue(path: "\(path).bounds[\(i)]", value: Self.format(r[i]), reason: "a size cannot be negative")
            }
            layer.bounds = Rect(x: r[0], y: r[1], width: r[2], height: r[3])
        }
        if let p = v["position"] { layer.position = try Self.point(p, "\(path).position") }
        if let p = v["anchorPoint"] { layer.anchorPoint = try Self.point(p, "\(path).anchorPoint") }
        if let z = v["anchorPointZ"] { layer.anchorPointZ = try Self.number(z, "\(path).anchorPointZ") }
        if let z = v["zPosition"] { layer.zPosition = try Self.number(z, "\(path).zPosition") }
        if let t = v["transform"] { layer.transform = try Self.transform(t, "\(path).transform") }
        if let t = v["sublayerTransform"] { layer.sublayerTransform = try Self.transform(t, "\(path).sublayerTransform") }
        if let o = v["opacity"] {
            // Like CALayer: any finite opacity is accepted and composited clamped to 0…1.
            layer.opacity = Self.clamped(try Self.number(o, "\(path).opacity"))
        }
        if let h = v["hidden"] { layer.isHidden = try Self.bool(h, "\(path).hidden") }
        if let d = v["doubleSided"] { layer.isDoubleSided = try Self.bool(d, "\(path).doubleSided") }
        if let m = v["masksToBounds"] { layer.masksToBounds = try Self.bool(m, "\(path).masksToBounds") }
        if let c = v["backgroundColor"] { layer.backgroundColor = try Self.color(c, "\(path).backgroundColor") }
        try compositingKeys(layer, v, path)
        if let gradient = layer as? GradientLayer {
            try gradientKeys(gradient, v, path)
        } else {
            for key: UTF8Key in ["colors", "locations", "startPoint", "endPoint"] where v[key] != nil {
                throw .invalidValue(path: "\(path).\(key)", value: "…", reason: "only gradient layers take '\(key)'")
            }
        }
        try animationKeys(layer, v, path)
        if let s = v["sublayers"] {
            guard case let .array(items) = s else {
                throw .wrongType(path: "\(path).sublayers", expected: "an array of layers", found: s.typeName)
            }
            for (i, item) in items.enumerated() {
                let child = try self.layer(item, "\(path).sublayers[\(i)]", depth: depth + 1)
                do { try layer.addSublayer(child) } catch {
                    throw .invalidValue(path: "\(path).sublayers[\(i)]", value: "…", reason: "\(error)")
                }
            }
        }
        return layer
    }

    /// Group opacity, rasterization, corners, border and contents (Core Animation's keys).
    mutating func compositingKeys(_ layer: Layer, _ v: [UTF8Key: JSONValue], _ path: String) throws(SceneError) {
        if let b = v["allowsGroupOpacity"] { layer.allowsGroupOpacity = try Self.bool(b, "\(path).allowsGroupOpacity") }
        if let b = v["shouldRasterize"] { layer.shouldRasterize = try Self.bool(b, "\(path).shouldRasterize") }
        if let s = v["rasterizationScale"] {
            let scale = try Self.number(s, "\(path).rasterizationScale")
            guard Self.rasterizationScales.contains(scale) else {
                throw .invalidValue(path: "\(path).rasterizationScale", value: Self.format(scale),
                                    reason: "must be within 0.001…1000 pixels per point")
            }
            layer.rasterizationScale = scale
        }
        // Core Animation draws radii and borders larger than half the shorter side as that
        // half (the loader keeps them; the layer clamps when drawn); negative ones are typos.
        if let r = v["cornerRadius"] {
            layer.cornerRadius = try Self.nonNegative(r, "\(path).cornerRadius", what: "a corner radius")
        }
        if let w = v["borderWidth"] {
            layer.borderWidth = try Self.nonNegative(w, "\(path).borderWidth", what: "a border width")
        }
        if let c = v["borderColor"] { layer.borderColor = try Self.color(c, "\(path).borderColor") }
        if let c = v["contents"] { layer.contents = try contentsHandle(c, "\(path).contents") }
        if let r = v["contentsRect"] {
            let n = try Self.numbers(r, "\(path).contentsRect", count: 4)
            for i in 2...3 where n[i] < 0 {
                throw .invalidValue(path: "\(path).contentsRect[\(i)]", value: Self.format(n[i]), reason: "a size cannot be negative")
            }
            layer.contentsRect = Rect(x: n[0], y: n[1], width: n[2], height: n[3])
        }
    }

    /// The handle of the image file `json` names, resolved against `baseDirectory`; one handle
    /// per distinct resolved path (1, 2, … in order of first use). The file is not opened here.
    mutating func contentsHandle(_ json: JSONValue, _ path: String) throws(SceneError) -> ContentHandle {
        let name = try Self.string(json, path)
        guard !name.isEmpty else { throw .invalidValue(path: path, value: "\"\"", reason: "must name an image file") }
        guard !name.utf8.contains(0) else {
            throw .invalidValue(path: path, value: "a string with \\u0000", reason: "a file name cannot contain NUL")
        }
        var resolved = name
        if let base = baseDirectory, !name.hasPrefix("/"), !base.isEmpty {
            resolved = base.hasSuffix("/") ? base + name : base + "/" + name
        }
        guard resolved.utf8.count <= Self.maximumPathBytes else {
            throw .invalidValue(path: path, value: "\(resolved.utf8.count) bytes", reason: "a path may have at most \(Self.maximumPathBytes)")
        }
        if let handle = handles[UTF8Key(resolved)] { return handle }
        let handle = ContentHandle(contentFiles.count + 1)
        handles[UTF8Key(resolved)] = handle
        contentFiles.append(SceneContentFile(handle: handle, path: resolved))
        return handle
    }

    func gradientKeys(_ layer: GradientLayer, _ v: [UTF8Key: JSONValue], _ path: String) throws(SceneError) {
        if let c = v["colors"] {
            guard case let .array(items) = c else { throw .wrongType(path: "\(path).colors", expected: "an array of colours", found: c.typeName) }
            guard items.count <= 1024 else {
                throw .invalidValue(path: "\(path).colors", value: "\(items.count) colours", reason: "at most 1024")
            }
            var colors: [Color] = []
            for (i, item) in items.enumerated() { colors.append(try Self.color(item, "\(path).colors[\(i)]")) }
            layer.colors = colors
        }
        if let l = v["locations"] {
            guard case let .array(items) = l else { throw .wrongType(path: "\(path).locations", expected: "an array of numbers", found: l.typeName) }
            layer.locations = try Self.numbers(l, "\(path).locations", count: items.count)
            if layer.locations?.count != layer.colors.count {
                throw .invalidValue(path: "\(path).locations", value: "\(items.count) locations",
                                    reason: "needs one per colour (\(layer.colors.count))")
            }
        }
        if let p = v["startPoint"] { layer.startPoint = try Self.point(p, "\(path).startPoint") }
        if let p = v["endPoint"] { layer.endPoint = try Self.point(p, "\(path).endPoint") }
    }

    // MARK: Typed readers

    static func object(_ json: JSONValue, _ path: String) throws(SceneError) -> (values: [UTF8Key: JSONValue], keys: [String]) {
        guard case let .object(values, keys) = json else { throw .wrongType(path: path, expected: "an object", found: json.typeName) }
        return (values, keys.sorted())
    }

    static func number(_ json: JSONValue, _ path: String) throws(SceneError) -> Double {
        guard case let .number(d) = json else { throw .wrongType(path: path, expected: "a number", found: json.typeName) }
        guard d.isFinite else { throw .invalidValue(path: path, value: format(d), reason: "must be finite") }
        return d
    }

    static func numbers(_ json: JSONValue, _ path: String, count: Int) throws(SceneError) -> [Double] {
        guard case let .array(items) = json else {
            throw .wrongType(path: path, expected: "an array of \(count) numbers", found: json.typeName)
        }
        guard items.count == count else {
            throw .invalidValue(path: path, value: "\(items.count) numbers", reason: "needs exactly \(count)")
        }
        var result: [Double] = []
        result.reserveCapacity(count)
        for (i, item) in items.enumerated() { result.append(try number(item, "\(path)[\(i)]")) }
        return result
    }

    /// A finite number that is not negative.
    static func nonNegative(_ json: JSONValue, _ path: String, what: String) throws(SceneError) -> Double {
        let x = try number(json, path)
        guard x >= 0 else { throw .invalidValue(path: path, value: format(x), reason: "\(what) cannot be negative") }
        return x
    }

    static func point(_ json: JSONValue, _ path: String) throws(SceneError) -> Point {
        let n = try numbers(json, path, count: 2)
        return Point(x: n[0], y: n[1])
    }

    static func transform(_ json: JSONValue, _ path: String) throws(SceneError) -> Transform3D {
        Transform3D(entries: try numbers(json, path, count: 16))!
    }

    static func string(_ json: JSONValue, _ path: String) throws(SceneError) -> String {
        guard case let .string(s) = json else { throw .wrongType(path: path, expected: "a string", found: json.typeName) }
        return s
    }

    static func bool(_ json: JSONValue, _ path: String) throws(SceneError) -> Bool {
        guard case let .bool(b) = json else { throw .wrongType(path: path, expected: "true or false", found: json.typeName) }
        return b
    }

    /// A colour as `[r, g, b]` or `[r, g, b, a]`; finite components outside 0…1 are clamped
    /// to it, as Core Animation clamps an sRGB colour's components when it composites. An
    /// array of another length is the right type with the wrong count, and says so.
    static func color(_ json: JSONValue, _ path: String) throws(SceneError) -> Color {
        guard case let .array(items) = json else {
            throw .wrongType(path: path, expected: "[r, g, b] or [r, g, b, a] with components 0…1", found: json.typeName)
        }
        guard items.count == 3 || items.count == 4 else {
            throw .invalidValue(path: path, value: "\(items.count) numbers", reason: "a colour needs 3 or 4 components, [r, g, b] or [r, g, b, a]")
        }
        let c = try numbers(json, path, count: items.count).map(clamped)
        return Color(red: c[0], green: c[1], blue: c[2], alpha: c.count == 4 ? c[3] : 1)
    }

    /// `x` clamped to 0…1.
    static func clamped(_ x: Double) -> Double { min(max(x, 0), 1) }

    static func format(_ d: Double) -> String { "\(d)" }
}
