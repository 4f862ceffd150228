extension DrawList {
    /// A walk over one item's slit partners (`slits.partners` whose `item` it is) in order,
    /// with the line each takes in `edges` and that line's bit in a triangle's edge mask, passing
    /// over those whose bit is not in a mask (`partnerLines(of:in:)`).
    ///
    /// An item's partners take its slit edges in the order they were appended, one each
    /// (`appendSlitEdges`), until `maximumItemEdges` runs out: the walk ends at the first partner
    /// past the item's last slit edge, whose line no triangle carries. It holds the partners'
    /// buffer (no copy, no allocation, while nothing appends to `slits.partners` during the
    /// walk), so the loop over it may change the list's triangles and points.
    struct PartnerLines: Sequence, IteratorProtocol {
        /// One partner of the item, as the walk meets it.
        struct Element {
            /// Its index in `slits.partners` (what `surface.turnClearances` names it by).
            var index: Int
            var partner: SlitPartners.Partner
            /// Its line's index in `edges`, within the item's `slitEdges`.
            var edge: Int
            /// That line's bit in a triangle's `edges`: relative to the item's first edge.
            var bit: UInt32
        }

        let partners: [SlitPartners.Partner]
        let item: Int
        let slitEdges: Range<Int>
        /// The item's first edge, bit 0 (`DrawItem.edges.lowerBound`).
        let firstEdge: Int
        let mask: UInt32
        /// The next index in `partners` to look at, and how many of the item's partners the
        /// walk has met (the next one's place in `slitEdges`).
        var cursor = 0, met = 0

        mutating func next() -> Element? {
            while cursor < partners.count {
                let index = cursor
                cursor += 1
                guard partners[index].item == item else { continue }
                let edge = slitEdges.lowerBound + met
                met += 1
                // The item's slit edges have run out: neither this partner nor a later one
                // has a line.
                guard edge < slitEdges.upperBound else {
                    cursor = partners.count
                    return nil
                }
                // At most `maximumItemEdges` (32) edges from the first: the shift stays in range.
                let bit = UInt32(1) << UInt32(edge - firstEdge)
                guard mask & bit != 0 else { continue }
                return Element(index: index, partner: partners[index], edge: edge, bit: bit)
            }
            return nil
        }
    }

    /// Item `i`'s slit partners whose line's bit (relative to the item's first edge, as a
    /// triangle's `edges`) is in `mask`; every one that has a line by default.
    func partnerLines(of i: Int, in mask: UInt32 = .max) -> PartnerLines {
        PartnerLines(partners: slits.partners, item: i, slitEdges: items[i].slitEdges, firstEdge: items[i].edges.lowerBound, mask: mask)
    }
}
