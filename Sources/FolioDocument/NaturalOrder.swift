/// File names in the order people number pages: runs of digits compare as numbers, so
/// `page2.png` comes before `page10.png`; letters compare without case. Ties (`p01`, `p1`)
/// fall back to plain byte order so the order is total and stable.
public enum NaturalOrder {
    /// Whether `a` comes before `b`.
    public static func precedes(_ a: String, _ b: String) -> Bool { precedes(bytes: Array(a.utf8), Array(b.utf8)) }

    /// Whether the name of bytes `x` comes before that of bytes `y` (names as the file system
    /// has them, UTF-8 or not).
    public static func precedes(bytes x: [UInt8], _ y: [UInt8]) -> Bool {
        var i = 0, j = 0
        while i < x.count, j < y.count {
            if isDigit(x[i]), isDigit(y[j]) {
                let (si, ei) = digits(x, from: i), (sj, ej) = digits(y, from: j)
                // Compare the numbers without leading zeros: by length, then digit by digit
                // (no integer overflow on a 40-digit name).
                let nx = x[si..<ei], ny = y[sj..<ej]
                if nx.count != ny.count { return nx.count < ny.count }
                if !nx.elementsEqual(ny) { return nx.lexicographicallyPrecedes(ny) }
                i = ei; j = ej
                continue
            }
            let cx = lower(x[i]), cy = lower(y[j])
            if cx != cy { return cx < cy }
            i += 1; j += 1
        }
        if x.count - i != y.count - j { return x.count - i < y.count - j }
        return x.lexicographicallyPrecedes(y)
    }

    /// `names` sorted naturally.
    public static func sorted(_ names: [String]) -> [String] { names.sorted(by: precedes) }

    static func isDigit(_ c: UInt8) -> Bool { c >= 48 && c <= 57 }
    static func lower(_ c: UInt8) -> UInt8 { c >= 65 && c <= 90 ? c + 32 : c }

    /// The digit run starting at `start`: where its significant digits start, and its end.
    static func digits(_ s: [UInt8], from start: Int) -> (Int, Int) {
        var end = start
        while end < s.count, isDigit(s[end]) { end += 1 }
        var significant = start
        while significant < end - 1, s[significant] == 48 { significant += 1 }
        return (significant, end)
    }
}
