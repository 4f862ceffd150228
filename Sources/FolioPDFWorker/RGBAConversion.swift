/// cairo's pixels to the reader's: the only pointer arithmetic in the worker.
enum RGBAConversion {
    /// Converts an opaque cairo ARGB32 image (native-endian 32-bit words, premultiplied — which
    /// changes nothing at alpha 255, and the page is painted white first) to RGBA bytes
    /// without row padding.
    static func fromCairoARGB32(_ data: UnsafeMutablePointer<UInt8>, width: Int, height: Int, stride: Int) -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: width * height * 4) { out, initialized in
            let raw = UnsafeMutableRawPointer(out.baseAddress!)
            for y in 0..<height {
                let row = UnsafeRawPointer(data + y * stride)
                let dst = raw + y * width * 4
                for x in 0..<width {
                    let p = row.loadUnaligned(fromByteOffset: x * 4, as: UInt32.self)
                    // Word 0xAARRGGBB → bytes R, G, B, A, i.e. the little-endian word 0xAABBGGRR.
                    let rgba = (p & 0xFF00_FF00) | (p >> 16 & 0xFF) | (p & 0xFF) << 16
                    dst.storeBytes(of: rgba.littleEndian, toByteOffset: x * 4, as: UInt32.self)
                }
            }
            initialized = width * height * 4
        }
    }
}
