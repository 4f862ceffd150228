import FolioGeometry
import FolioMotion

/// The last spring response a presentation worked out, kept for the length of one presentation
/// walk: a spring with the same parameters at the same local time has the same unit responses
/// (φ, ψ depend on nothing else), so it reuses them instead of evaluating the closed form's
/// exponential, sine and cosine again.
///
/// That is every spring one transaction starts on many layers at once (one spring, one begin
/// time), and every layer of `folio bench`'s presentation benchmark; springs that differ, or
/// are staggered in time, miss and pay the closed form as before (one comparison more). The
/// value reused is the value that would be computed, bit for bit.
struct SpringResponseMemo {
    /// The spring of the remembered response (nil: nothing remembered yet).
    var spring: Spring?
    /// Its local time, in seconds.
    var time = 0.0
    /// φ as x, ψ as y at that time.
    var response = Point.zero
    /// Whether any layer has a timing of its own (Layer+Timing.swift), read once per
    /// presentation rather than once per animated layer: the walk carries the memo anyway.
    let layersAreTimed = Layer.anyLayerIsTimed

    /// The unit responses of `motion` (a spring's `SpringValues.responses`) at local time `time`.
    @inline(__always)
    mutating func response(of motion: UnsafeMutablePointer<GenericSpringMotion<Point>>, at time: Double) -> Point {
        if time == self.time, let spring, spring == motion.pointee.spring { return response }
        response = motion.pointee.value(at: time)
        spring = motion.pointee.spring
        self.time = time
        return response
    }
}
