/// What a PNG file's header says, read without decoding (see `Image.pngInfo(path:limits:)`).
public struct PNGInfo: Sendable, Equatable {
    /// Width in pixels.
    public var width: Int
    /// Height in pixels.
    public var height: Int
    /// Bits per sample: 1, 2, 4, 8 or 16.
    public var bitDepth: Int
    /// The PNG colour type: 0 grey, 2 RGB, 3 palette, 4 grey + alpha, 6 RGBA.
    public var colorType: Int
    /// Whether the image is Adam7-interlaced.
    public var isInterlaced: Bool
    /// The file's size, in bytes.
    public var fileBytes: Int

    /// Creates a description of a PNG header.
    public init(width: Int, height: Int, bitDepth: Int, colorType: Int, isInterlaced: Bool, fileBytes: Int) {
        self.width = width; self.height = height; self.bitDepth = bitDepth; self.colorType = colorType
        self.isInterlaced = isInterlaced; self.fileBytes = fileBytes
    }

    /// Samples per pixel of the colour type (a palette index counts as one).
    public var channels: Int {
        switch colorType {
        case 2: return 3
        case 4: return 2
        case 6: return 4
        default: return 1
        }
    }

    /// The memory `Image.readPNG` allocates for the pixels (RGBA, 8 bits each), in bytes.
    public var decodedBytes: Int { PNGLimits.decodedBytes(width: width, height: height) }

    /// The uncompressed image data the file must encode: one filter byte plus the packed
    /// samples per row (without interlacing, which only adds to it), in bytes.
    public var rawBytes: Int { height * (1 + (width * channels * bitDepth + 7) / 8) }

    /// The fewest bytes a valid file of this header can have: the signature, the header chunk
    /// and the deflated data, which deflate cannot shrink below 1/1032 of the raw bytes (a
    /// 258-byte match costs at least two bits). A smaller file is truncated or its header forged.
    public var minimumFileBytes: Int { 33 + rawBytes / 1032 }
}
