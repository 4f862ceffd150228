import FolioGeometry
import FolioMotion

// A gradient's `colors` and `locations` presented without allocating: the general path's
// `leafValue` builds a new array for every list operation (`zip(a, b).map`), and writing
// colours into the layer clamps them into one more. Here the same operations, element by
// element and in the same order (so the same bits), write into a scratch array kept in the
// layer's animation storage; the layer is given that array (sharing its buffer), and the
// restore after the frame puts the model's array back, so the scratch buffer is the storage's
// alone again — unique, written in place — for the next frame.
//
// Cases this does not cover fall back to the general path (which allocates): keyframes in the
// cubic modes, lists of different lengths (which switch half-way), and a second animation of
// the same list in one frame (whose base is the scratch array itself).

/// An element of an animated list: a colour or a number.
protocol AnimatedListElement {
    static func + (a: Self, b: Self) -> Self
    static func - (a: Self, b: Self) -> Self
    /// `AnimationValue.scaled(by:)`'s operation on one element.
    func listScaled(by factor: Double) -> Self
    func interpolated(to other: Self, by t: Double) -> Self
    var isFinite: Bool { get }
    /// The list inside `value` when it is a list of this element; nil otherwise.
    static func list(in value: AnimationValue) -> [Self]?
}

extension Double: AnimatedListElement {
    @inline(__always) func listScaled(by factor: Double) -> Double { self * factor }
    static func list(in value: AnimationValue) -> [Double]? { if case let .numbers(v) = value { v } else { nil } }
}

extension Color: AnimatedListElement {
    @inline(__always) func listScaled(by factor: Double) -> Color { scaled(by: factor) }
    static func list(in value: AnimationValue) -> [Color]? { if case let .colors(v) = value { v } else { nil } }
}

extension LayerAnimation {
    /// `leafValue(sample, base: list).value` for a basic animation, a spring or keyframes of a
    /// list whose values all have one length, written into `out` (resized to that length, in place:
    /// `out`'s buffer must not be shared, or resizing it allocates). False, with `out`
    /// unspecified, where the general path must be taken instead.
    func leafList<T: AnimatedListElement>(_ sample: MediaTiming.Sample, base: [T], into out: inout [T]) -> Bool {
        let from: AnimationValue?, to: AnimationValue?, by: AnimationValue?, velocity: AnimationValue?
        switch kind {
        case let .basic(basic): (from, to, by, velocity) = (basic.from, basic.to, basic.by, basic.velocity)
        case let .spring(spring): (from, to, by, velocity) = (spring.from, spring.to, spring.by, spring.velocity)
        case let .keyframes(frames): return keyframeList(frames, sample, base: base, into: &out)
        case .group: return false
        }
        // Every given list of the element type, all of one length n > 0 (the base's too where
        // it is used), so that every operation of the general path is element by element.
        let empty: [T] = []
        var f = empty, t = empty, b = empty, v = empty
        if let from { guard let l = T.list(in: from) else { return false }; f = l }
        if let to { guard let l = T.list(in: to) else { return false }; t = l }
        if let by { guard let l = T.list(in: by) else { return false }; b = l }
        if let velocity { guard let l = T.list(in: velocity) else { return false }; v = l }
        let given = (from != nil ? 1 : 0) + (to != nil ? 1 : 0) + (by != nil ? 1 : 0)
        let usesBase = given < 2 || isAdditive
        let n = from != nil ? f.count : to != nil ? t.count : by != nil ? b.count : base.count
        guard n > 0,
              from == nil || f.count == n, to == nil || t.count == n, by == nil || b.count == n,
              velocity == nil || v.count == n, !usesBase || base.count == n else { return false }
        let seed = from != nil ? f[0] : to != nil ? t[0] : by != nil ? b[0] : base[0]
        if out.count > n { out.removeLast(out.count - n) }
        while out.count < n { out.append(seed) }

        let hasFrom = from != nil, hasTo = to != nil, hasBy = by != nil, hasVelocity = velocity != nil
        let cumulative = isCumulative && sample.iteration > 0, iteration = sample.iteration, additive = isAdditive
        out.withUnsafeMutableBufferPointer { out in
            switch kind {
            case .basic:
                let p = sample.progress, u = timingFunction.value(at: p)
                let d = timing.resolvedDuration
                let slope0 = timingFunction.slope(at: 0) / d, weight = d * Self.handOverWeight(p).h
                for i in 0..<n {
                    let base = usesBase ? base[i] : seed
                    let (a, e) = Self.resolveElement(hasFrom ? f[i] : nil, hasTo ? t[i] : nil, hasBy ? b[i] : nil, base: base)
                    var value = a.interpolated(to: e, by: u)
                    if hasVelocity {
                        let k = v[i] - (e - a).listScaled(by: slope0)
                        value = value + k.listScaled(by: weight)
                    }
                    if cumulative { value = value + e.listScaled(by: iteration) }
                    out[i] = additive ? base + value : value
                }
            case let .spring(spring):
                let response = spring.responses.value(at: sample.localTime)
                let phi = response.x, psi = response.y
                for i in 0..<n {
                    let base = usesBase ? base[i] : seed
                    let (a, e) = Self.resolveElement(hasFrom ? f[i] : nil, hasTo ? t[i] : nil, hasBy ? b[i] : nil, base: base)
                    let v0 = hasVelocity ? v[i] : (e - a).listScaled(by: spring.initialVelocity)
                    var value = e + (a - e).listScaled(by: phi) + v0.listScaled(by: psi)
                    if cumulative { value = value + e.listScaled(by: iteration) }
                    out[i] = additive ? base + value : value
                }
            case .keyframes, .group:
                break
            }
        }
        return true
    }

    /// `leafList` for keyframes: every value a list of one length (the base's too when
    /// additive), outside the cubic modes.
    private func keyframeList<T: AnimatedListElement>(_ frames: Keyframes, _ sample: MediaTiming.Sample,
                                                      base: [T], into out: inout [T]) -> Bool {
        let count = frames.values.count
        guard count > 0, let first = T.list(in: frames.values[0]) else { return false }
        let n = first.count
        guard n > 0, !isAdditive || base.count == n else { return false }
        for k in 1..<max(count, 1) {
            guard let l = T.list(in: frames.values[k]), l.count == n else { return false }
        }
        let position = frames.position(at: timingFunction.value(at: sample.progress))
        let from: [T], to: [T], t: Double?
        switch position {
        case let .value(i): from = T.list(in: frames.values[i]) ?? first; to = from; t = nil
        case let .between(lo, f): from = T.list(in: frames.values[lo]) ?? first; to = T.list(in: frames.values[lo + 1]) ?? first; t = f
        case .cubic: return false
        }
        let end = T.list(in: frames.values[count - 1]) ?? first
        if out.count > n { out.removeLast(out.count - n) }
        while out.count < n { out.append(first[0]) }
        let cumulative = isCumulative && sample.iteration > 0, iteration = sample.iteration, additive = isAdditive
        out.withUnsafeMutableBufferPointer { out in
            for i in 0..<n {
                var value = from[i]
                if let t { value = from[i].interpolated(to: to[i], by: t) }
                if cumulative { value = value + end[i].listScaled(by: iteration) }
                out[i] = additive ? base[i] + value : value
            }
        }
        return true
    }

    /// `resolve` for one element of lists (the same branches, the same operations).
    @inline(__always)
    static func resolveElement<T: AnimatedListElement>(_ from: T?, _ to: T?, _ by: T?, base: T) -> (T, T) {
        if let f = from {
            if let t = to { return (f, t) }
            if let b = by { return (f, f + b) }
            return (f, base)
        }
        if let t = to {
            if let b = by { return (t - b, t) }
            return (base, t)
        }
        if let b = by { return (base, base + b) }
        return (base, base)
    }
}

extension LayerAnimationStorage {
    /// Presents `animation` of a gradient's `colors` or `locations` through the storage's
    /// scratch arrays (see above); false where the general path must be taken instead.
    func presentList(_ animation: borrowing LayerAnimation, _ sample: MediaTiming.Sample,
                     _ path: AnimationKeyPath, of layer: GradientLayer) -> Bool {
        if path == .colors {
            let base = layer.colors
            // The layer holds the scratch array already (a second animation of the list):
            // writing into it would copy it.
            if scratchColors.capacity > 0, Self.sameBuffer(base, scratchColors) { return false }
            guard animation.leafList(sample, base: base, into: &scratchColors) else { return false }
            var finite = true
            scratchColors.withUnsafeMutableBufferPointer { list in
                for i in 0..<list.count where !list[i].isFinite { finite = false }
                if finite { for i in 0..<list.count { list[i] = list[i].clampedToUnit } }
            }
            if finite { layer.colors = scratchColors }
            return true
        }
        let base = layer.locations ?? []
        if scratchLocations.capacity > 0, Self.sameBuffer(base, scratchLocations) { return false }
        guard animation.leafList(sample, base: base, into: &scratchLocations) else { return false }
        var finite = true
        scratchLocations.withUnsafeBufferPointer { list in
            for i in 0..<list.count where !list[i].isFinite { finite = false }
        }
        if finite { layer.locations = scratchLocations }
        return true
    }

    /// Whether two arrays share one buffer.
    private static func sameBuffer<T>(_ a: [T], _ b: [T]) -> Bool {
        a.withUnsafeBufferPointer { pa in b.withUnsafeBufferPointer { pb in pa.baseAddress == pb.baseAddress } }
    }
}
