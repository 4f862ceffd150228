/// cairo's pixels to the reader's: the only pointer arithmetic on pixels in the worker.
enum RGBAConversion {
    /// Converts `pixels` opaque cairo ARGB32 pixels (native-endian 32-bit words, premultiplied —
    /// which changes nothing at alpha 255, and the page is painted white first) to RGBA bytes,
    /// in place.
    static func cairoARGB32ToRGBAInPlace(_ memory: UnsafeMutableRawPointer, pixels: Int) {
        let words = memory.bindMemory(to: UInt32.self, capacity: pixels)
        for i in 0..<pixels {
            let p = words[i]
            // Word 0xAARRGGBB → bytes R, G, B, A, i.e. the little-endian word 0xAABBGGRR.
            words[i] = ((p & 0xFF00_FF00) | (p >> 16 & 0xFF) | (p & 0xFF) << 16).littleEndian
        }
    }
}
