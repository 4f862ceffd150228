extension PageBitmap {
    /// This bitmap scaled to `width` × `height` pixels by averaging the source pixels each
    /// target pixel covers (a box filter: sharp enough for scans shrunk to the screen, and
    /// nearest-neighbour when enlarging). Returns `self` when the size already matches.
    public func resampled(width: Int, height: Int) -> PageBitmap {
        guard width != self.width || height != self.height else { return self }
        return resampled(width: width, height: height, region: PixelRegion(x: 0, y: 0, width: width, height: height))
    }

    /// `region` of this bitmap as scaled to `width` × `height` pixels (the same box filter as
    /// ``resampled(width:height:)``), without making the whole scaled bitmap: a tile of a
    /// zoomed scan. A region outside the scaled size is clipped to it (pixels past it are
    /// transparent).
    public func resampled(width: Int, height: Int, region: PixelRegion) -> PageBitmap {
        guard self.width > 0, self.height > 0, width > 0, height > 0, region.width > 0, region.height > 0 else {
            return PageBitmap(width: max(0, region.width), height: max(0, region.height), fill: (r: 0, g: 0, b: 0, a: 0))
        }
        let sw = self.width, sh = self.height
        var out = [UInt8](repeating: 0, count: region.width * region.height * 4)
        // Column spans once, rows as we go; in the scaled raster's coordinates.
        let xs = (0...region.width).map { min(sw, max(0, region.x + $0) * sw / width) }
        pixels.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { dst in
                for ty in 0..<region.height {
                    let gy = region.y + ty
                    guard gy >= 0, gy < height else { continue }
                    let y0 = gy * sh / height, y1 = max(y0 + 1, min(sh, (gy + 1) * sh / height))
                    for tx in 0..<region.width {
                        let gx = region.x + tx
                        guard gx >= 0, gx < width else { continue }
                        let x0 = min(xs[tx], sw - 1), x1 = max(x0 + 1, xs[tx + 1])
                        var r = 0, g = 0, b = 0, a = 0
                        for y in y0..<y1 {
                            var i = (y * sw + x0) * 4
                            for _ in x0..<x1 {
                                r += Int(src[i]); g += Int(src[i + 1]); b += Int(src[i + 2]); a += Int(src[i + 3])
                                i += 4
                            }
                        }
                        let n = (y1 - y0) * (x1 - x0), o = (ty * region.width + tx) * 4
                        dst[o] = UInt8((r + n / 2) / n); dst[o + 1] = UInt8((g + n / 2) / n)
                        dst[o + 2] = UInt8((b + n / 2) / n); dst[o + 3] = UInt8((a + n / 2) / n)
                    }
                }
            }
        }
        return PageBitmap(width: region.width, height: region.height, pixels: out)!
    }

    /// The pixels of `region` (clipped to this bitmap; pixels past it are transparent).
    public func cropped(to region: PixelRegion) -> PageBitmap {
        guard region.width > 0, region.height > 0 else { return PageBitmap(width: 0, height: 0, fill: (r: 0, g: 0, b: 0, a: 0)) }
        var out = PageBitmap(width: region.width, height: region.height, fill: (r: 0, g: 0, b: 0, a: 0))
        let x0 = max(0, region.x), x1 = min(width, region.x + region.width)
        guard x1 > x0 else { return out }
        out.pixels.withUnsafeMutableBufferPointer { dst in
            pixels.withUnsafeBufferPointer { src in
                for ty in 0..<region.height {
                    let sy = region.y + ty
                    guard sy >= 0, sy < height else { continue }
                    let from = (sy * width + x0) * 4, to = (ty * region.width + (x0 - region.x)) * 4
                    for i in 0..<(x1 - x0) * 4 { dst[to + i] = src[from + i] }
                }
            }
        }
        return out
    }
}
