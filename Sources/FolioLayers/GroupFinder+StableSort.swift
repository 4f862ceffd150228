extension GroupFinder {
    /// Sorts `items` by `areInIncreasingOrder`, keeping the given order of equal items: the
    /// few items of a usual frame by insertion (no allocation), many by a sort of their
    /// indices (n log n; insertion would be quadratic).
    static func stableSort<T>(_ items: inout [T], by areInIncreasingOrder: (T, T) -> Bool) {
        guard items.count > 1 else { return }
        if items.count <= 32 {
            for i in 1..<items.count {
                var j = i
                while j > 0 && areInIncreasingOrder(items[j], items[j - 1]) {
                    items.swapAt(j, j - 1)
                    j -= 1
                }
            }
            return
        }
        var sorted = true
        for i in 1..<items.count where areInIncreasingOrder(items[i], items[i - 1]) {
            sorted = false
            break
        }
        if sorted { return }
        let order = items.indices.sorted { a, b in
            areInIncreasingOrder(items[a], items[b]) || !areInIncreasingOrder(items[b], items[a]) && a < b
        }
        items = order.map { items[$0] }
    }
}
