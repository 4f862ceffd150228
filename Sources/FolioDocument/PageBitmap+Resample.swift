extension PageBitmap {
    /// This bitmap scaled to `width` × `height` pixels by averaging the source pixels each
    /// target pixel covers (a box filter: sharp enough for scans shrunk to the screen, and
    /// nearest-neighbour when enlarging). Returns `self` when the size already matches.
    public func resampled(width: Int, height: Int) -> PageBitmap {
        guard width != self.width || height != self.height else { return self }
        guard self.width > 0, self.height > 0, width > 0, height > 0 else {
            return PageBitmap(width: max(0, width), height: max(0, height), fill: (r: 0, g: 0, b: 0, a: 0))
        }
        let sw = self.width, sh = self.height
        var out = [UInt8](repeating: 0, count: width * height * 4)
        // Column spans once, rows as we go.
        let xs = (0...width).map { min(sw, $0 * sw / width) }
        pixels.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { dst in
                for ty in 0..<height {
                    let y0 = ty * sh / height, y1 = max(y0 + 1, min(sh, (ty + 1) * sh / height))
                    for tx in 0..<width {
                        let x0 = min(xs[tx], sw - 1), x1 = max(x0 + 1, xs[tx + 1])
                        var r = 0, g = 0, b = 0, a = 0
                        for y in y0..<y1 {
                            var i = (y * sw + x0) * 4
                            for _ in x0..<x1 {
                                r += Int(src[i]); g += Int(src[i + 1]); b += Int(src[i + 2]); a += Int(src[i + 3])
                                i += 4
                            }
                        }
                        let n = (y1 - y0) * (x1 - x0), o = (ty * width + tx) * 4
                        dst[o] = UInt8((r + n / 2) / n); dst[o + 1] = UInt8((g + n / 2) / n)
                        dst[o + 2] = UInt8((b + n / 2) / n); dst[o + 3] = UInt8((a + n / 2) / n)
                    }
                }
            }
        }
        return PageBitmap(width: width, height: height, pixels: out)!
    }
}
