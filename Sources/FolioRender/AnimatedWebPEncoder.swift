import CWebP
import Foundation

/// Encodes a sequence of `Image`s as an animated WebP — a format every current browser plays
/// in an `<img>` tag — with libwebp's animation encoder (`WebPAnimEncoder`).
///
/// Frames must all have the size given at creation; each is shown for its own duration. The
/// encoder keeps only what libwebp needs between frames (it diffs each frame against the
/// previous one), not the frames themselves.
///
/// ```swift
/// let encoder = try AnimatedWebPEncoder(width: 320, height: 480, quality: 80)
/// try encoder.add(frame, duration: 1.0 / 30)   // for each frame
/// try encoder.write(to: "fold.webp")
/// ```
public final class AnimatedWebPEncoder {
    /// Frame width, in pixels.
    public let width: Int
    /// Frame height, in pixels.
    public let height: Int
    /// Lossy quality 0…100, or nil for lossless frames.
    public let quality: Double?
    /// The number of frames added so far.
    public private(set) var frameCount = 0
    /// The animation's length so far, in milliseconds (the sum of the frames' durations).
    public private(set) var durationMilliseconds = 0

    private var encoder: OpaquePointer?
    private var config = WebPConfig()

    /// The largest side libwebp encodes, in pixels.
    public static let maximumSide = Int(WEBP_MAX_DIMENSION)

    /// Checks a frame size against what libwebp encodes, before anything is drawn: 1…`maximumSide`
    /// pixels per side.
    ///
    /// - Throws: `RenderError.invalidPixelSize` naming the size and the limit.
    public static func checkSize(width: Int, height: Int) throws(RenderError) {
        guard width > 0, height > 0, width <= maximumSide, height <= maximumSide else {
            throw .invalidPixelSize(width: Double(width), height: Double(height), limit: maximumSide)
        }
    }

    /// About how many bytes the encoder holds while it works on `width × height` frames, for a
    /// memory check before the frames are drawn: libwebp's animation encoder keeps the
    /// previous canvas, its disposed copy, a copy of the current frame and candidate
    /// sub-frames, about four frames of RGBA (the encoded output, far smaller, comes on top).
    public static func workingBytes(width: Int, height: Int) -> Int { 4 * 4 * width * height }

    /// Starts an animation of `width × height` pixel frames that loops forever.
    ///
    /// - Parameters:
    ///   - width: frame width in pixels, 1…`maximumSide`.
    ///   - height: frame height in pixels, 1…`maximumSide`.
    ///   - quality: lossy quality 0…100 (80 is a good preview), or nil for lossless.
    ///   - loopCount: how many times a player repeats it; 0 (the default) loops forever.
    /// - Throws: `RenderError.invalidPixelSize` for a size outside 1…`maximumSide`,
    ///   `.invalidAnimation` for a quality outside 0…100 or a negative loop count,
    ///   `.encodingFailed` when libwebp cannot start.
    public init(width: Int, height: Int, quality: Double? = 80, loopCount: Int = 0) throws(RenderError) {
        try Self.checkSize(width: width, height: height)
        if let quality, !(0...100).contains(quality) {
            throw .invalidAnimation(reason: "quality \(quality) must be in 0...100")
        }
        guard loopCount >= 0, loopCount <= 65535 else {
            throw .invalidAnimation(reason: "loop count \(loopCount) must be in 0...65535 (0 loops forever)")
        }
        self.width = width; self.height = height; self.quality = quality
        var options = WebPAnimEncoderOptions()
        guard WebPAnimEncoderOptionsInit(&options) != 0, WebPConfigInit(&config) != 0 else {
            throw .encodingFailed(reason: "libwebp version mismatch")
        }
        options.anim_params.loop_count = Int32(loopCount)
        options.allow_mixed = 0
        if let quality {
            config.lossless = 0
            config.quality = Float(quality)
        } else {
            config.lossless = 1
            config.quality = 75 // effort, for lossless
        }
        config.method = 4
        guard WebPValidateConfig(&config) != 0, let encoder = WebPAnimEncoderNew(Int32(width), Int32(height), &options) else {
            throw .encodingFailed(reason: "cannot create a \(width)x\(height) animation encoder")
        }
        self.encoder = encoder
    }

    deinit {
        if let encoder { WebPAnimEncoderDelete(encoder) }
    }

    /// Appends `image`, shown for `duration` seconds (rounded to whole milliseconds, at least 1).
    ///
    /// - Throws: `RenderError.frameSizeMismatch` for an image of another size,
    ///   `.invalidAnimation` for a duration that is not finite and positive or after `encode()`,
    ///   `.encodingFailed` with libwebp's message.
    public func add(_ image: Image, duration: Double) throws(RenderError) {
        guard let encoder else { throw .invalidAnimation(reason: "frames cannot be added after the animation is encoded") }
        guard image.width == width, image.height == height else {
            throw .frameSizeMismatch(index: frameCount, width: image.width, height: image.height, expectedWidth: width, expectedHeight: height)
        }
        guard duration.isFinite, duration > 0, duration < 86_400 else {
            throw .invalidAnimation(reason: "frame \(frameCount) duration \(duration) must be positive and finite (seconds)")
        }
        var picture = WebPPicture()
        guard WebPPictureInit(&picture) != 0 else { throw .encodingFailed(reason: "libwebp version mismatch") }
        picture.width = Int32(width)
        picture.height = Int32(height)
        picture.use_argb = 1
        defer { WebPPictureFree(&picture) }
        let imported = image.pixels.withUnsafeBufferPointer { WebPPictureImportRGBA(&picture, $0.baseAddress, Int32(width * 4)) }
        guard imported != 0 else { throw .encodingFailed(reason: "cannot import frame \(frameCount) (out of memory)") }
        guard WebPAnimEncoderAdd(encoder, &picture, Int32(durationMilliseconds), &config) != 0 else {
            throw .encodingFailed(reason: Self.message(encoder))
        }
        durationMilliseconds += max(1, Int((duration * 1000).rounded()))
        frameCount += 1
    }

    /// Finishes the animation and returns the WebP file's bytes; the encoder takes no more frames.
    ///
    /// - Throws: `RenderError.invalidAnimation` with no frames or when already encoded,
    ///   `.encodingFailed` with libwebp's message.
    public func encode() throws(RenderError) -> Data {
        guard let encoder else { throw .invalidAnimation(reason: "the animation was already encoded") }
        guard frameCount > 0 else { throw .invalidAnimation(reason: "an animation needs at least one frame") }
        defer { WebPAnimEncoderDelete(encoder); self.encoder = nil }
        // The end timestamp closes the last frame's duration.
        guard WebPAnimEncoderAdd(encoder, nil, Int32(durationMilliseconds), nil) != 0 else {
            throw .encodingFailed(reason: Self.message(encoder))
        }
        var data = WebPData()
        guard WebPAnimEncoderAssemble(encoder, &data) != 0, let bytes = data.bytes else {
            throw .encodingFailed(reason: Self.message(encoder))
        }
        defer { WebPDataClear(&data) }
        return Data(bytes: bytes, count: data.size)
    }

    /// Finishes the animation and writes it to `path`, replacing the file only once the whole
    /// animation is written (through a temporary file beside it).
    ///
    /// - Throws: the errors of `encode()`, and `RenderError.unwritableOutput` naming the path.
    public func write(to path: String) throws(RenderError) {
        let data = try encode()
        do {
            try data.write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            let directory = (path as NSString).deletingLastPathComponent
            let reason = !directory.isEmpty && !FileManager.default.fileExists(atPath: directory)
                ? "no such directory '\(directory)'" : error.localizedDescription
            throw .unwritableOutput(path: path, reason: reason)
        }
    }

    static func message(_ encoder: OpaquePointer) -> String {
        WebPAnimEncoderGetError(encoder).map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 } ?? "libwebp failed"
    }
}
