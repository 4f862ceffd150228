import Foundation
import ArgumentParser
import FolioCLISupport
import FolioGeometry
import FolioLayers
import FolioRender
import FolioScene
import FolioFiles
import FolioTessellation
import FolioTransitions

/// `folio render --scene SCENE.json`: any layer tree, drawn by the current renderer.
extension RenderCommand {
    /// Usage checks for `--scene`: nothing that belongs to an effect, one frame only.
    func validateScene() throws {
        if options.effectOption != nil { throw ValidationError("give --effect or --scene, not both") }
        if frame != nil && allowApproximateOrder {
            throw ValidationError("--allow-approximate-order applies when the scene is evaluated; a --frame was evaluated already")
        }
        // --time is the scene's time in seconds here (its presentation at T).
        let effectOnly = options.givenEffectOptions.filter { $0 != "--time" } + (noShadows ? ["--no-shadows"] : [])
            + (paperTranslucency != nil ? ["--paper-translucency"] : [])
        if !effectOnly.isEmpty {
            throw ValidationError("\(effectOnly.joined(separator: ", ")) apply to --effect; --scene draws the layer tree as the file gives it")
        }
        if from != nil || to != nil {
            throw ValidationError("--from and --to apply to fold and flip; a scene names its images with \"contents\"")
        }
        if document != nil || password != nil { throw ValidationError("--document and --password apply to --effect book") }
        if let time = options.time, !time.isFinite { throw ValidationError("--time \(number: time) must be a finite number of seconds") }
        if isAnimation {
            if options.time != nil { throw ValidationError("an animation (--out *.webp) plays the scene from 0 to --duration: drop --time") }
            if frame != nil { throw ValidationError("an animation (--out *.webp) evaluates the scene at each frame's time: drop --frame") }
            guard (2...600).contains(frames) else { throw ValidationError("--frames \(frames) must be in 2...600") }
            guard duration.isFinite, duration > 0, duration <= 600 else {
                throw ValidationError("--duration \(number: duration) must be in (0, 600] seconds")
            }
            _ = try parsedQuality()
        }
    }

    /// Renders the scene: at its own size (or `--size`), its `contents` images loaded.
    ///
    /// Checked before anything large is allocated, as for the effects: the view size and scale
    /// (`TransitionLimits`), the depth order (refused when the sort runs out of budget, unless
    /// `--allow-approximate-order`), the compositing groups' offscreen pictures against
    /// `RenderLimits.maximumGroupPictureBytes`, the pixel size against the GL device's limits, each image
    /// from its PNG header against `GL_MAX_TEXTURE_SIZE`, and the images, group pictures and frame together
    /// against the free memory. Images are read without blocking and size-checked
    /// (`Image.readPNG`).
    @MainActor func sceneImage() throws -> Image {
        var loaded: Scene
        do { loaded = try Scene.load(path: scene ?? "") } catch { throw CommandFailure(error) }
        try checkOutput(against: loaded)
        let size = try options.sizeOption.map(EffectOptions.parseSize) ?? loaded.size
        let scale = options.scale
        do { try TransitionLimits.validate(size: size, scale: scale) } catch { throw CommandFailure(error) }
        // Evaluated once here, before any GL (or read from --frame): the compositing groups'
        // pictures are checked from the frame.
        let recorded = try recordedFrame(of: &loaded, at: options.time)
        let mode = AntialiasingMode(rawValue: aa)!
        let background = try Self.parseColor(background)
        let paperLight = try parsedLight()
        do {
            let (w, h) = try RenderLimits.pixelSize(size, scale: scale)
            // The groups' offscreen pictures all live at once: refused past their budget
            // before a context or texture exists, and counted in the memory check below.
            let groupBytes = try RenderLimits.checkGroupPictures(recorded, scale: scale, pixelWidth: w, pixelHeight: h)
            let offscreen = try OffscreenRenderer()
            offscreen.renderer.light = paperLight
            let samples = mode == .msaa ? min(4, offscreen.limits.maximumSamples) : 1
            try offscreen.limits.checkTarget(width: w, height: h, samples: samples)
            var imageBytes = 0
            for file in loaded.contentFiles {
                let info = try Image.pngInfo(path: file.path)
                try offscreen.limits.checkTexture(width: info.width, height: info.height, what: "image '\(file.path)'")
                imageBytes += RenderLimits.pageBytes(width: info.width, height: info.height)
            }
            try RenderLimits.checkMemory(imageBytes + groupBytes + RenderLimits.frameBytes(width: w, height: h, samples: samples) + w * h * 4,
                                         for: "rendering the scene at \(w)x\(h) pixels")
            for file in loaded.contentFiles {
                try offscreen.renderer.setImage(try Image.readPNG(path: file.path), for: file.handle)
            }
            return try offscreen.render(recorded, size: size, scale: scale, antialiasing: mode, background: background)
        } catch {
            // Every call in the block throws `RenderError` only.
            throw CommandFailure(error)
        }
    }

    /// The frame to draw: `--frame` decoded, or the scene evaluated, its depth order checked
    /// unless `--allow-approximate-order`.
    func recordedFrame(of loaded: inout Scene, at time: Double?) throws -> Frame {
        if let path = frame {
            do {
                let bytes = try InputFile(path: path, maximumBytes: Self.maximumFrameBytes).readAll()
                return try Frame(decoding: bytes)
            } catch let error as FrameDecodingError {
                throw CommandFailure(message: "frame file '\(path)': \(error)")
            } catch {
                throw CommandFailure(error)
            }
        }
        let evaluator = LayerEvaluator()
        if time == nil && !loaded.isAnimated {
            evaluator.evaluate(loaded.root)
            try checkOrder(evaluator)
            return Frame(recording: evaluator)
        }
        // The presentation at the scene time; the frame records the layers' paint inside it.
        do {
            return try loaded.presenting(at: time ?? 0) { root in
                evaluator.evaluate(root)
                try checkOrder(evaluator)
                return Frame(recording: evaluator)
            }
        } catch let error as CommandFailure {
            throw error
        } catch {
            throw CommandFailure(error)
        }
    }

    /// Refuses an approximate depth order unless `--allow-approximate-order`.
    func checkOrder(_ evaluator: LayerEvaluator) throws {
        if !allowApproximateOrder {
            do { try evaluator.requireExactDepthOrder() } catch {
                throw CommandFailure(message: "\(error); --allow-approximate-order renders the approximate order anyway")
            }
        }
    }

    /// Plays the scene from time 0 to `--duration` in `--frames` frames (`--out *.webp`):
    /// actions apply as their times pass, each frame shows the presentation at its time, and
    /// the last frame is held half a second. Checked as `sceneImage()` checks one frame, with
    /// the encoder's memory counted too.
    @MainActor func sceneAnimation() throws -> Data {
        var loaded: Scene
        do { loaded = try Scene.load(path: scene ?? "") } catch { throw CommandFailure(error) }
        try checkOutput(against: loaded)
        let size = try options.sizeOption.map(EffectOptions.parseSize) ?? loaded.size
        let scale = options.scale
        do { try TransitionLimits.validate(size: size, scale: scale) } catch { throw CommandFailure(error) }
        let mode = AntialiasingMode(rawValue: aa)!
        let background = try Self.parseColor(background)
        let paperLight = try parsedLight()
        let first = try recordedFrame(of: &loaded, at: 0)
        do {
            let (w, h) = try RenderLimits.pixelSize(size, scale: scale)
            try AnimatedWebPEncoder.checkSize(width: w, height: h)
            let groupBytes = try RenderLimits.checkGroupPictures(first, scale: scale, pixelWidth: w, pixelHeight: h)
            let offscreen = try OffscreenRenderer()
            offscreen.renderer.light = paperLight
            let samples = mode == .msaa ? min(4, offscreen.limits.maximumSamples) : 1
            try offscreen.limits.checkTarget(width: w, height: h, samples: samples)
            var imageBytes = 0
            for file in loaded.contentFiles {
                let info = try Image.pngInfo(path: file.path)
                try offscreen.limits.checkTexture(width: info.width, height: info.height, what: "image '\(file.path)'")
                imageBytes += RenderLimits.pageBytes(width: info.width, height: info.height)
            }
            try RenderLimits.checkMemory(imageBytes + groupBytes + RenderLimits.frameBytes(width: w, height: h, samples: samples) + w * h * 4
                                         + AnimatedWebPEncoder.workingBytes(width: w, height: h),
                                         for: "rendering the scene at \(w)x\(h) pixels")
            for file in loaded.contentFiles {
                try offscreen.renderer.setImage(try Image.readPNG(path: file.path), for: file.handle)
            }
            let encoder = try AnimatedWebPEncoder(width: w, height: h, quality: try parsedQuality())
            let step = duration / Double(frames - 1)
            for i in 0..<frames {
                let recorded = i == 0 ? first : try recordedFrame(of: &loaded, at: Double(i) * step)
                let image = try offscreen.render(recorded, size: size, scale: scale, antialiasing: mode, background: background)
                try encoder.add(image, duration: i == frames - 1 ? 0.5 : step)
            }
            return try encoder.encode()
        } catch let error as RenderError {
            throw CommandFailure(error)
        }
    }

    /// The largest frame file `--frame` reads (1 GiB: a million polygons is about 300 MB).
    static let maximumFrameBytes = 1 << 30
}
