extension DocumentLayout {
    /// Renders book page `slot` (an index into ``slots``) from `source` at exactly `width` ×
    /// `height` pixels, the size the page is displayed at: the document page (or the half of a
    /// spread the slot shows) drawn into the slot's ``Slot/frame``, the letterbox around it
    /// and a blank slot painted `paper`.
    ///
    /// The document page is rasterised at the size it occupies on screen (twice the frame's
    /// width for half a spread), never at its natural size and scaled afterwards: that is what
    /// keeps small print sharp. A slot that shows a whole page filling it (the usual case)
    /// returns the source's bitmap as it is, without a copy.
    ///
    /// - Throws: ``DocumentError/pageOutOfRange(page:count:)`` for a slot that does not exist,
    ///   and whatever the source throws for the page (a caller shows a placeholder).
    public func render(slot: Int, from source: any PageSource, width: Int, height: Int,
                       paper: (r: UInt8, g: UInt8, b: UInt8) = (255, 255, 255),
                       cancellation: Cancellation? = nil) throws(DocumentError) -> PageBitmap {
        guard slots.indices.contains(slot) else { throw .pageOutOfRange(page: slot, count: slots.count) }
        guard width >= 1, height >= 1 else {
            throw .invalidPixelSize(page: slots[slot].page ?? slot, width: width, height: height, reason: "a page needs at least one pixel a side")
        }
        let s = slots[slot]
        var out = PageBitmap(width: width, height: height, fill: (paper.r, paper.g, paper.b, 255))
        guard let page = s.page else { return out }
        // The frame in whole pixels, at least one a side.
        let fx = min(width - 1, max(0, Int((s.frame.x * Double(width)).rounded())))
        let fy = min(height - 1, max(0, Int((s.frame.y * Double(height)).rounded())))
        let fw = max(1, min(width - fx, Int((s.frame.width * Double(width)).rounded())))
        let fh = max(1, min(height - fy, Int((s.frame.height * Double(height)).rounded())))
        // The whole page at the scale the frame shows its crop at.
        let pw = max(1, Int((Double(fw) / s.crop.width).rounded())), ph = max(1, Int((Double(fh) / s.crop.height).rounded()))
        let bitmap = try source.render(page: page, width: pw, height: ph, cancellation: cancellation)
        if fx == 0, fy == 0, fw == width, fh == height, bitmap.width == width, bitmap.height == height { return bitmap }
        let cx = min(max(0, bitmap.width - fw), Int((s.crop.x * Double(bitmap.width)).rounded()))
        let cy = min(max(0, bitmap.height - fh), Int((s.crop.y * Double(bitmap.height)).rounded()))
        let rows = min(fh, bitmap.height - cy), columns = min(fw, bitmap.width - cx)
        guard rows > 0, columns > 0 else { return out }
        out.pixels.withUnsafeMutableBufferPointer { dst in
            bitmap.pixels.withUnsafeBufferPointer { src in
                for y in 0..<rows {
                    let from = ((cy + y) * bitmap.width + cx) * 4, to = ((fy + y) * width + fx) * 4
                    for i in 0..<columns * 4 { dst[to + i] = src[from + i] }
                }
            }
        }
        return out
    }
}
