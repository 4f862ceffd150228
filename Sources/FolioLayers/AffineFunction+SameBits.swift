extension AffineFunction {
    /// Whether the two functions have the same coefficients, bit for bit, so that they give
    /// the same bits at every point (`==` would take −0 for 0).
    @inline(__always)
    func hasSameBits(as other: AffineFunction) -> Bool {
        a.bitPattern == other.a.bitPattern && b.bitPattern == other.b.bitPattern && c.bitPattern == other.c.bitPattern
    }
}
