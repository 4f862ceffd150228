import CGL
import FolioGeometry
import FolioLayers
import FolioTessellation

/// The gradient uniforms of the shader (`uGradientColors`/`uGradientLocations` and the overlay's
/// in Shaders/quad.frag), written from a layer's gradient: stops cleaned up as Core Animation
/// draws them, padded to the variant's slot count and uploaded to the bound program.
///
/// It owns the scratch the stops are written into before `glUniform4fv` reads them, sized once
/// for the most stops a variant takes, so that setting a gradient allocates nothing per draw.
struct GradientStopUniforms {
    /// Each stop's straight RGBA, clamped to 0…1: four floats a stop, up to
    /// `ShaderVariant.maximumGradientStops` stops.
    private var colorScratch = [Float](repeating: 0, count: 4 * ShaderVariant.maximumGradientStops)
    /// Each stop's location along the axis (0…1), packed four to a vector as the shader reads them.
    private var locationScratch = [Float](repeating: 0, count: ShaderVariant.maximumGradientStops)

    /// Uploads a gradient's stops as Core Animation draws them (`GradientStops`): straight
    /// colours clamped to 0…1, locations sorted (evenly spread when `stops` is nil, of another
    /// length or not finite), padded to `slots` with copies of the last stop; and its axis.
    ///
    /// Locations already in order — every gradient Folio's effects make — are read in place;
    /// only unsorted ones go through `GradientStops` (which allocates). Locations outside 0…1
    /// are moved onto its ends with the colours there (`GradientStops.forEachStopInUnitRange`:
    /// the same colours over 0…1, the only part a layer shows), because the shader computes in
    /// `Float`: ±1e39 is infinite there and drew nothing, ±3.4e38 overflowed a span's width.
    mutating func upload(_ colors: some Collection<Color>, _ stops: [Double]?, axis: (Point, Point), slots: Int,
                         colors colorsLocation: GLint, locations: GLint, axisLocation: GLint) {
        let n = colors.count
        guard n > 0, slots >= n, slots <= ShaderVariant.maximumGradientStops else { return }
        func unit(_ x: Double) -> Float { x > 0 ? Float(min(x, 1)) : 0 }
        func write(_ i: Int, _ c: Color, _ location: Double) {
            colorScratch[4 * i] = unit(c.red); colorScratch[4 * i + 1] = unit(c.green)
            colorScratch[4 * i + 2] = unit(c.blue); colorScratch[4 * i + 3] = unit(c.alpha)
            locationScratch[i] = Float(location)
        }
        var given = false, sorted = true, inUnitRange = true
        if let stops, stops.count == n {
            given = true
            var previous = -Double.infinity
            for l in stops {
                if !l.isFinite { given = false; break }
                if l < previous { sorted = false }
                if !(l >= 0 && l <= 1) { inUnitRange = false }
                previous = l
            }
        }
        if given && !sorted {
            let exact = GradientStops(Gradient(colors: Array(colors), locations: stops))
            GradientStops.forEachStopInUnitRange(count: n, location: { exact.locations[$0] }, color: { exact.colors[$0] }) { write($0, $2, $1) }
        } else if given && !inUnitRange, let stops {
            // In order already: read in place (an array needs no copy).
            let list = colors as? [Color] ?? Array(colors)
            GradientStops.forEachStopInUnitRange(count: n, location: { stops[$0] }, color: { list[$0] }) { write($0, $2, $1) }
        } else {
            for (i, c) in colors.enumerated() {
                write(i, c, given ? stops![i] : (n > 1 ? Double(i) / Double(n - 1) : 0))
            }
        }
        for i in n..<slots {
            for k in 0..<4 { colorScratch[4 * i + k] = colorScratch[4 * (n - 1) + k] }
            locationScratch[i] = locationScratch[n - 1]
        }
        // Locations pack four to a vector (`uGradientLocations` in Shaders/quad.frag).
        for i in slots..<((slots + 3) / 4 * 4) { locationScratch[i] = locationScratch[slots - 1] }
        colorScratch.withUnsafeBufferPointer { glUniform4fv(colorsLocation, GLsizei(slots), $0.baseAddress) }
        locationScratch.withUnsafeBufferPointer { glUniform4fv(locations, GLsizei((slots + 3) / 4), $0.baseAddress) }
        glUniform4f(axisLocation, Float(axis.0.x), Float(axis.0.y), Float(axis.1.x), Float(axis.1.y))
    }
}
