import Foundation
import FolioGeometry
import FolioLayers
@_spi(Benchmarks) import FolioRender
import FolioTransitions

/// How sharp a page of fine text stays in mid-turn (issue 27): each frame at 1 pixel per point
/// against the same frame — the same layer tree, the same geometry — rendered at 4 × 4 pixels
/// per point with the page rasterised at that resolution, box-filtered down.
///
/// Figures, over the **page's pixels**: the pixels whose 4 × 4 reference block is entirely
/// opaque (drawn over a transparent background), so that the view's background never counts.
/// (The pages cover the whole view in these frames; the leaf's edges over the page beneath
/// count, and the analytic edge antialiasing gets their coverage nearly exact.)
/// - **MAE**: the mean over those pixels of the mean absolute difference of R, G and B, in
///   steps of 1/255.
/// - **p99**: the 99th percentile of that per-pixel difference.
/// - **High-frequency energy ratio**: with `L` the luminance (0.2126 R + 0.7152 G + 0.0722 B)
///   and `B(L)` its 3 × 3 box blur, `Σ (L − B(L))²` over the page's pixels whose 3 × 3
///   neighbourhood is all page, the frame's over the reference's. Above 1 is aliasing (detail
///   that is not there, shimmering in motion), below 1 is blur.
///
/// Each sampling option (with or without mipmaps, anisotropy, level-of-detail bias) is measured
/// on the same frames; the default is what every upload gets (`QuadRenderer.setPixels`).
@MainActor
package struct SharpnessBenchmarks {
    /// The view and the page, in points (and pixels at scale 1).
    static let size = Size(width: 640, height: 800)
    /// The reference's supersampling on each side.
    static let factor = 4
    /// The frames: an effect and a progress.
    nonisolated static let frames: [(effect: String, progress: Double)] = [
        ("flip", 0.15), ("flip", 0.3), ("flip", 0.45), ("curl", 0.3), ("curl", 0.5), ("curl", 0.7),
    ]
    /// Issue 27's targets: p99 at most 12/255, energy within ±10 % of the reference's.
    nonisolated static let p99Target = 12.0
    nonisolated static let energyTolerance = 0.10

    /// One way of showing the page: the raster's resolution and the texture's filtering.
    struct Sampling: Sendable {
        var name: String
        /// The page's raster over its displayed size on each side (1: rasterised as shown).
        var raster = 1
        var mipmapped = true
        var anisotropy: Float = 1
        var lodBias: Float = 0
    }

    /// The options measured; `default` is what uploads get (`QuadRenderer.setPixels`), and
    /// `trilinear` what they got before issue 27.
    nonisolated static let samplings = [
        Sampling(name: "bilinear", mipmapped: false),
        Sampling(name: "trilinear"),
        Sampling(name: "trilinear-aniso16", anisotropy: 16),
        Sampling(name: "default", lodBias: QuadRenderer.levelOfDetailBias),
        Sampling(name: "trilinear-bias-1", lodBias: -1),
        Sampling(name: "raster2x-trilinear", raster: 2),
        Sampling(name: "raster2x-bias-1", raster: 2, lodBias: -1),
    ]

    /// One frame's figures.
    struct Figure: Encodable, Equatable {
        /// Mean absolute error, in 1/255 steps.
        var mae: Double
        /// Its 99th percentile, in 1/255 steps.
        var p99: Double
        /// High-frequency energy over the reference's.
        var energyRatio: Double
        /// The page's pixels measured.
        var pixels: Int
    }

    /// The figures, under `sharpness` in `folio bench --json`.
    struct Report: Encodable {
        var size: [Int]
        var supersampling: Int
        var renderer: String
        /// The driver's largest anisotropy (1: none).
        var maximumAnisotropy: Double
        /// Sampling option → frame (`flip@0.3`) → figures.
        var figures: [String: [String: Figure]]
        var targets: [String: Double]
        /// Whether the default sampling meets each target at each frame: `FRAME.p99`, `FRAME.energy`.
        var met: [String: Bool]
        /// The document path's figures (``runDocument(frames:)``), when measured.
        var document: DocumentReport?
    }

    /// The name of a frame, as the report keys it.
    nonisolated static func key(_ frame: (effect: String, progress: Double)) -> String { "\(frame.effect)@\(frame.progress)" }

    let offscreen: OffscreenRenderer
    /// Handles of their own, so that the measure can share a renderer (`folio bench` runs it
    /// on the rendering benchmark's) without replacing its pages.
    let page = ContentHandle(27_001)
    /// The page turning in: the same text two lines lower, so that what the turning page
    /// uncovers, and the curl's back, are text that does not line up with it.
    let turningIn = ContentHandle(27_002)

    init(offscreen: OffscreenRenderer? = nil) throws {
        self.offscreen = try offscreen ?? OffscreenRenderer()
    }

    /// The transition showing the text page on both sides, at `progress`.
    func transition(_ effect: String, progress: Double) throws -> any Transition {
        let t: any Transition
        if effect == "flip" {
            t = try FlipTransition(size: Self.size, source: page, destination: turningIn)
        } else {
            t = try CurlTransition(size: Self.size, source: page, destination: turningIn)
        }
        try t.setProgress(progress)
        return t
    }

    /// Measures `frames` (default: all) under `samplings` (default: all).
    func run(frames: [(effect: String, progress: Double)] = Self.frames, samplings: [Sampling] = Self.samplings) throws -> Report {
        let renderer = offscreen.renderer
        renderer.light = nil
        let (w, h) = (Int(Self.size.width), Int(Self.size.height))
        guard !frames.isEmpty else {
            return Report(size: [w, h], supersampling: Self.factor, renderer: "\(offscreen.context.renderer), \(offscreen.context.version)",
                          maximumAnisotropy: Double(QuadRenderer.maximumAnisotropy()), figures: [:],
                          targets: ["p99": Self.p99Target, "energyTolerance": Self.energyTolerance], met: [:])
        }
        let fine = try SharpnessPage.render(width: w, height: h, factor: Self.factor)
        // References first, with the fine page (one upload), then the page as displayed.
        try renderer.setImage(fine, for: page)
        let fineIn = SharpnessPage.shifted(fine, rows: 24 * Self.factor)
        try renderer.setImage(fineIn, for: turningIn)
        // The reference samples plainly: its 4 × 4 supersampling is the filter.
        renderer.setSampling(mipmapped: true, anisotropy: 1, lodBias: 0, for: page)
        renderer.setSampling(mipmapped: true, anisotropy: 1, lodBias: 0, for: turningIn)
        var references: [Reference] = []
        for frame in frames {
            let t = try transition(frame.effect, progress: frame.progress)
            // The transition outlives the draw: its leaf's mesh is the curl's (Swift may end a
            // value's life at its last use, before the call that reads `root`'s tree).
            let image = try withExtendedLifetime(t) { try offscreen.render(t.root, size: Self.size, scale: Double(Self.factor), background: .clear) }
            references.append(Reference(image, factor: Self.factor))
            if let dir = ProcessInfo.processInfo.environment["FOLIO_SHARPNESS_DUMP"] {
                try SharpnessPage.boxFiltered(image, by: Self.factor).writePNG(path: "\(dir)/reference-\(Self.key(frame)).png")
            }
        }
        var figures: [String: [String: Figure]] = [:]
        var raster = 0
        for sampling in samplings {
            if sampling.raster != raster {
                raster = sampling.raster
                try renderer.setImage(SharpnessPage.boxFiltered(fine, by: Self.factor / raster), for: page)
                try renderer.setImage(SharpnessPage.boxFiltered(fineIn, by: Self.factor / raster), for: turningIn)
            }
            let anisotropy = sampling.name == "default" ? QuadRenderer.defaultAnisotropy() : sampling.anisotropy
            renderer.setSampling(mipmapped: sampling.mipmapped, anisotropy: anisotropy, lodBias: sampling.lodBias, for: page)
            renderer.setSampling(mipmapped: sampling.mipmapped, anisotropy: anisotropy, lodBias: sampling.lodBias, for: turningIn)
            for (frame, reference) in zip(frames, references) {
                let t = try transition(frame.effect, progress: frame.progress)
                let image = try withExtendedLifetime(t) { try offscreen.render(t.root, size: Self.size, scale: 1, background: .clear) }
                figures[sampling.name, default: [:]][Self.key(frame)] = reference.compare(image)
                if let dir = ProcessInfo.processInfo.environment["FOLIO_SHARPNESS_DUMP"] {
                    try image.writePNG(path: "\(dir)/\(sampling.name)-\(Self.key(frame)).png")
                }
            }
        }
        renderer.removeImage(for: page)
        renderer.removeImage(for: turningIn)
        var met: [String: Bool] = [:]
        for (key, f) in figures["default"] ?? [:] {
            met["\(key).p99"] = f.p99 <= Self.p99Target
            met["\(key).energy"] = abs(f.energyRatio - 1) <= Self.energyTolerance
        }
        return Report(size: [w, h], supersampling: Self.factor, renderer: "\(offscreen.context.renderer), \(offscreen.context.version)",
                      maximumAnisotropy: Double(QuadRenderer.maximumAnisotropy()), figures: figures,
                      targets: ["p99": Self.p99Target, "energyTolerance": Self.energyTolerance], met: met)
    }

    /// A supersampled frame box-filtered down: RGB as fractions of a step, and which pixels are
    /// entirely page.
    struct Reference {
        let width: Int, height: Int
        var rgb: [Float]
        var isPage: [Bool]

        init(_ image: Image, factor: Int) {
            width = image.width / factor
            height = image.height / factor
            rgb = [Float](repeating: 0, count: width * height * 3)
            isPage = [Bool](repeating: true, count: width * height)
            let n = Float(factor * factor)
            image.pixels.withUnsafeBufferPointer { p in
                for y in 0..<height {
                    for x in 0..<width {
                        var sum: (Int, Int, Int) = (0, 0, 0)
                        var opaque = true
                        for dy in 0..<factor {
                            var i = ((y * factor + dy) * image.width + x * factor) * 4
                            for _ in 0..<factor {
                                sum.0 += Int(p[i]); sum.1 += Int(p[i + 1]); sum.2 += Int(p[i + 2])
                                opaque = opaque && p[i + 3] == 255
                                i += 4
                            }
                        }
                        let o = (y * width + x) * 3
                        rgb[o] = Float(sum.0) / n; rgb[o + 1] = Float(sum.1) / n; rgb[o + 2] = Float(sum.2) / n
                        isPage[y * width + x] = opaque
                    }
                }
            }
        }

        /// The figures of `image` (the frame at 1 pixel per point) against this reference.
        func compare(_ image: Image) -> Figure {
            precondition(image.width == width && image.height == height, "the frame and its reference differ in size")
            var errors: [Float] = []
            errors.reserveCapacity(width * height)
            var frameLuma = [Float](repeating: 0, count: width * height), referenceLuma = frameLuma
            image.pixels.withUnsafeBufferPointer { p in
                for i in 0..<width * height {
                    let (r, g, b) = (Float(p[i * 4]), Float(p[i * 4 + 1]), Float(p[i * 4 + 2]))
                    frameLuma[i] = 0.2126 * r + 0.7152 * g + 0.0722 * b
                    referenceLuma[i] = 0.2126 * rgb[i * 3] + 0.7152 * rgb[i * 3 + 1] + 0.0722 * rgb[i * 3 + 2]
                    guard isPage[i] else { continue }
                    errors.append((abs(r - rgb[i * 3]) + abs(g - rgb[i * 3 + 1]) + abs(b - rgb[i * 3 + 2])) / 3)
                }
            }
            guard !errors.isEmpty else { return Figure(mae: 0, p99: 0, energyRatio: 1, pixels: 0) }
            let mae = errors.reduce(0.0) { $0 + Double($1) } / Double(errors.count)
            errors.sort()
            let p99 = Double(errors[min(errors.count - 1, Int((Double(errors.count) * 0.99).rounded(.down)))])
            let energy = (frame: Self.energy(frameLuma, where: isPage, width: width, height: height),
                          reference: Self.energy(referenceLuma, where: isPage, width: width, height: height))
            return Figure(mae: mae, p99: p99, energyRatio: energy.reference > 0 ? energy.frame / energy.reference : 1, pixels: errors.count)
        }

        /// `Σ (L − B(L))²`, `B` the 3 × 3 box blur, over the pixels whose 3 × 3 neighbourhood is all page.
        static func energy(_ luma: [Float], where isPage: [Bool], width: Int, height: Int) -> Double {
            var total = 0.0
            for y in 1..<max(1, height - 1) {
                for x in 1..<max(1, width - 1) {
                    var sum: Float = 0, inside = true
                    for dy in -1...1 {
                        for dx in -1...1 {
                            let j = (y + dy) * width + x + dx
                            inside = inside && isPage[j]
                            sum += luma[j]
                        }
                    }
                    guard inside else { continue }
                    let d = Double(luma[y * width + x] - sum / 9)
                    total += d * d
                }
            }
            return total
        }
    }

    /// The report as lines of the bench's table.
    nonisolated static func lines(_ r: Report) -> [String] {
        func f(_ v: Double, _ digits: Int = 1) -> String { String(format: "%.\(digits)f", v) }
        var out: [String] = []
        guard !r.figures.isEmpty else { return r.document.map(documentLines) ?? [] }
        out.append("sharpness: \(r.size[0])x\(r.size[1]) text page vs the same frame at \(r.supersampling)x\(r.supersampling), box-filtered (max anisotropy \(f(r.maximumAnisotropy, 0)))")
        let keys = frames.map(key)
        out.append("  sampling            " + keys.map { $0.padding(toLength: 22, withPad: " ", startingAt: 0) }.joined())
        out.append("                      " + keys.map { _ in "MAE  p99  HF×".padding(toLength: 22, withPad: " ", startingAt: 0) }.joined())
        for s in samplings {
            guard let row = r.figures[s.name] else { continue }
            let cells = keys.map { k in
                row[k].map { "\(f($0.mae)) \(f($0.p99, 0).leftPadded(4)) \(f($0.energyRatio, 2))".padding(toLength: 22, withPad: " ", startingAt: 0) } ?? "-".padding(toLength: 22, withPad: " ", startingAt: 0)
            }
            out.append("  " + s.name.padding(toLength: 20, withPad: " ", startingAt: 0) + cells.joined())
        }
        let missed = r.met.filter { !$0.value }.keys.sorted()
        out.append("  errors in 1/255 steps; targets for default (p99 ≤ \(f(r.targets["p99"] ?? 0, 0)), HF× within ±\(f((r.targets["energyTolerance"] ?? 0) * 100, 0))%): "
                   + (missed.isEmpty ? "all met" : "not met: " + missed.joined(separator: ", ")))
        if let document = r.document { out += documentLines(document) }
        return out
    }
}
