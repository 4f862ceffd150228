import CWebP
import Foundation
import Testing
import FolioRender

/// Animated WebP written through libwebp, read back through libwebp's own decoder.
@Suite struct AnimatedWebPTests {
    /// Decodes every frame: its RGBA pixels and the time it ends, in milliseconds.
    static func decode(_ data: Data) throws -> (width: Int, height: Int, loops: Int, frames: [(pixels: [UInt8], endMs: Int)]) {
        try data.withUnsafeBytes { raw in
            var webp = WebPData(bytes: raw.bindMemory(to: UInt8.self).baseAddress, size: raw.count)
            var options = WebPAnimDecoderOptions()
            #expect(WebPAnimDecoderOptionsInit(&options) != 0)
            options.color_mode = MODE_RGBA
            let decoder = try #require(WebPAnimDecoderNew(&webp, &options))
            defer { WebPAnimDecoderDelete(decoder) }
            var info = WebPAnimInfo()
            #expect(WebPAnimDecoderGetInfo(decoder, &info) != 0)
            var frames: [(pixels: [UInt8], endMs: Int)] = []
            while WebPAnimDecoderHasMoreFrames(decoder) != 0 {
                var buffer: UnsafeMutablePointer<UInt8>?
                var timestamp: Int32 = 0
                #expect(WebPAnimDecoderGetNext(decoder, &buffer, &timestamp) != 0)
                let count = Int(info.canvas_width * info.canvas_height * 4)
                frames.append((Array(UnsafeBufferPointer(start: try #require(buffer), count: count)), Int(timestamp)))
            }
            return (Int(info.canvas_width), Int(info.canvas_height), Int(info.loop_count), frames)
        }
    }

    @Test func framesTheirDurationsAndTheLoopSurviveARoundTrip() throws {
        let colours: [(UInt8, UInt8, UInt8, UInt8)] = [(255, 0, 0, 255), (0, 255, 0, 255), (0, 0, 255, 255)]
        let encoder = try AnimatedWebPEncoder(width: 24, height: 16, quality: nil)
        for (i, c) in colours.enumerated() {
            var image = Image(width: 24, height: 16, fill: c)
            image.setPixel(3, 2, (255, 255, 255, 255)) // a marker, to catch flipped rows
            try encoder.add(image, duration: [0.5, 0.04, 0.25][i])
        }
        #expect(encoder.frameCount == 3 && encoder.durationMilliseconds == 790)
        let decoded = try Self.decode(try encoder.encode())
        #expect(decoded.width == 24 && decoded.height == 16 && decoded.loops == 0)
        #expect(decoded.frames.map(\.endMs) == [500, 540, 790])
        for (frame, c) in zip(decoded.frames, colours) {
            #expect(Array(frame.pixels[0..<4]) == [c.0, c.1, c.2, c.3], "lossless frames are exact")
            let marker = (2 * 24 + 3) * 4
            #expect(Array(frame.pixels[marker..<(marker + 4)]) == [255, 255, 255, 255])
        }
    }

    @Test func lossyFramesStayCloseToTheirColours() throws {
        let encoder = try AnimatedWebPEncoder(width: 32, height: 32, quality: 80, loopCount: 3)
        try encoder.add(Image(width: 32, height: 32, fill: (200, 120, 40, 255)), duration: 0.1)
        try encoder.add(Image(width: 32, height: 32, fill: (40, 120, 200, 255)), duration: 0.1)
        let decoded = try Self.decode(try encoder.encode())
        #expect(decoded.loops == 3)
        let p = decoded.frames[0].pixels
        #expect(abs(Int(p[0]) - 200) <= 6 && abs(Int(p[1]) - 120) <= 6 && abs(Int(p[2]) - 40) <= 6)
    }

    @Test func badFramesAndParametersAreRefusedByName() throws {
        #expect(throws: RenderError.invalidPixelSize(width: 0, height: 5, limit: AnimatedWebPEncoder.maximumSide)) {
            try AnimatedWebPEncoder(width: 0, height: 5)
        }
        #expect(throws: RenderError.invalidAnimation(reason: "quality 101.0 must be in 0...100")) {
            try AnimatedWebPEncoder(width: 5, height: 5, quality: 101)
        }
        let encoder = try AnimatedWebPEncoder(width: 8, height: 8)
        #expect(throws: RenderError.frameSizeMismatch(index: 0, width: 9, height: 8, expectedWidth: 8, expectedHeight: 8)) {
            try encoder.add(Image(width: 9, height: 8), duration: 0.1)
        }
        #expect(throws: RenderError.self) { try encoder.add(Image(width: 8, height: 8), duration: .nan) }
        #expect(throws: RenderError.invalidAnimation(reason: "an animation needs at least one frame")) { try encoder.encode() }
        try encoder.add(Image(width: 8, height: 8), duration: 0.1)
        _ = try encoder.encode()
        #expect(throws: RenderError.self) { try encoder.add(Image(width: 8, height: 8), duration: 0.1) }
        #expect(throws: RenderError.unwritableOutput(path: "/no/such/dir/a.webp", reason: "no such directory '/no/such/dir'")) {
            let e = try AnimatedWebPEncoder(width: 8, height: 8)
            try e.add(Image(width: 8, height: 8), duration: 0.1)
            try e.write(to: "/no/such/dir/a.webp")
        }
    }
}
