import FolioGeometry

extension Rect {
    /// Whether the two rectangles are the same bit for bit.
    @inline(__always)
    func hasSameBits(as o: Rect) -> Bool {
        origin.x.bitPattern == o.origin.x.bitPattern && origin.y.bitPattern == o.origin.y.bitPattern
            && size.width.bitPattern == o.size.width.bitPattern && size.height.bitPattern == o.size.height.bitPattern
    }
}
