extension DocumentLayout {
    /// Renders `region` of book page `slot` as ``render(slot:from:width:height:paper:cancellation:)``
    /// would draw it at `width` × `height` pixels — a tile of a zoomed page (``TilePlanner``):
    /// the letterbox and blank slots painted `paper`, the document page (or the half of a spread
    /// the slot shows) asked of the source for just the part the tile covers, through
    /// ``PageSource/render(page:width:height:region:cancellation:)``. The whole size may exceed
    /// the limits on one bitmap; the region is what is made.
    ///
    /// - Throws: ``DocumentError/pageOutOfRange(page:count:)`` for a slot that does not exist,
    ///   ``DocumentError/invalidRegion(page:region:width:height:)`` for a region not inside
    ///   the raster, and whatever the source throws for the page.
    public func renderTile(slot: Int, from source: any PageSource, width: Int, height: Int, region: PixelRegion,
                           paper: (r: UInt8, g: UInt8, b: UInt8) = (255, 255, 255),
                           cancellation: Cancellation? = nil) throws(DocumentError) -> PageBitmap {
        guard slots.indices.contains(slot) else { throw .pageOutOfRange(page: slot, count: slots.count) }
        guard region.fits(width: width, height: height) else { throw .invalidRegion(page: slots[slot].page ?? slot, region: region, width: width, height: height) }
        let s = slots[slot]
        var out = PageBitmap(width: region.width, height: region.height, fill: (paper.r, paper.g, paper.b, 255))
        guard let page = s.page else { return out }
        // The frame in whole pixels, as `render` places it.
        let fx = min(width - 1, max(0, Int((s.frame.x * Double(width)).rounded())))
        let fy = min(height - 1, max(0, Int((s.frame.y * Double(height)).rounded())))
        let fw = max(1, min(width - fx, Int((s.frame.width * Double(width)).rounded())))
        let fh = max(1, min(height - fy, Int((s.frame.height * Double(height)).rounded())))
        let pw = max(1, Int((Double(fw) / s.crop.width).rounded())), ph = max(1, Int((Double(fh) / s.crop.height).rounded()))
        let cx = min(max(0, pw - fw), Int((s.crop.x * Double(pw)).rounded()))
        let cy = min(max(0, ph - fh), Int((s.crop.y * Double(ph)).rounded()))
        // The tile ∩ the frame, then in the page's raster.
        let ix0 = max(region.x, fx), iy0 = max(region.y, fy)
        let ix1 = min(region.x + region.width, fx + fw), iy1 = min(region.y + region.height, fy + fh)
        let px = cx + ix0 - fx, py = cy + iy0 - fy
        let iw = min(ix1 - ix0, pw - px), ih = min(iy1 - iy0, ph - py)
        guard iw > 0, ih > 0 else { return out }
        let part = try source.render(page: page, width: pw, height: ph, region: PixelRegion(x: px, y: py, width: iw, height: ih), cancellation: cancellation)
        if ix0 == region.x, iy0 == region.y, part.width == region.width, part.height == region.height { return part }
        let ox = ix0 - region.x, oy = iy0 - region.y
        out.pixels.withUnsafeMutableBufferPointer { dst in
            part.pixels.withUnsafeBufferPointer { src in
                for y in 0..<min(ih, part.height) {
                    let from = y * part.width * 4, to = ((oy + y) * region.width + ox) * 4
                    for i in 0..<min(iw, part.width) * 4 { dst[to + i] = src[from + i] }
                }
            }
        }
        return out
    }
}
