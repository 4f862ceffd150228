/// CMYK pixels (as libjpeg-turbo decodes a CMYK or YCCK JPEG) to opaque RGBA, in place.
///
/// Without a colour management system the conversion is the naive one every viewer without a
/// CMYK profile uses: each ink takes away its complement, scaled by the black,
/// `R = (1 − C)(1 − K)`, `G = (1 − M)(1 − K)`, `B = (1 − Y)(1 − K)`. Adobe's applications
/// (and most writers since) store the inks inverted (255 = no ink) and mark the file with an
/// `Adobe` APP14 segment; then `R = C·K` in stored values. A scan is read for its text, and
/// this is exact for black, white and the pure inks.
enum CMYKConversion {
    /// Converts `pixels` (C, M, Y, K bytes per pixel) to R, G, B, 255 in place; `inverted`:
    /// the stored values are Adobe's inverted ones.
    static func toRGBA(_ pixels: inout [UInt8], inverted: Bool) {
        pixels.withUnsafeMutableBufferPointer { p in
            var i = 0
            while i + 3 < p.count {
                var c = Int(p[i]), m = Int(p[i + 1]), y = Int(p[i + 2]), k = Int(p[i + 3])
                if !inverted { c = 255 - c; m = 255 - m; y = 255 - y; k = 255 - k }
                // (a · b + 127) / 255: the product of two 0…255 values rounded to 0…255.
                p[i] = UInt8((c * k + 127) / 255)
                p[i + 1] = UInt8((m * k + 127) / 255)
                p[i + 2] = UInt8((y * k + 127) / 255)
                p[i + 3] = 255
                i += 4
            }
        }
    }

    /// Whether a JPEG carries Adobe's APP14 segment (`FF EE`, then "Adobe") before its image
    /// data: a scan of the markers up to the first start of scan.
    static func hasAdobeMarker(_ bytes: [UInt8]) -> Bool {
        var i = 2
        while i + 4 <= bytes.count, bytes[i] == 0xFF {
            let marker = bytes[i + 1]
            if marker == 0xDA { return false } // start of scan: no more headers
            let length = Int(bytes[i + 2]) << 8 | Int(bytes[i + 3])
            if marker == 0xEE, i + 9 <= bytes.count, bytes[(i + 4)..<(i + 9)].elementsEqual(Array("Adobe".utf8)) { return true }
            i += 2 + length
        }
        return false
    }
}
