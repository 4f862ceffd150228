extension DefaultStringInterpolation {
    /// Appends `value` as a message shows a number: finite values as Swift prints them
    /// (`0.5`, `1e+20`), NaN as `not-a-number` and ±∞ as `infinity` / `-infinity`.
    ///
    /// Messages name the value at fault, and a value the user wrote as `nan`, or as 400 digits
    /// that overflowed, is still at fault; but `nan` and `inf` read like garbage output, and
    /// the command line promises it never prints them. Use it as `"\(number: x)"`.
    public mutating func appendInterpolation(number value: Double) {
        if value.isNaN {
            appendLiteral("not-a-number")
        } else if value.isInfinite {
            appendLiteral(value > 0 ? "infinity" : "-infinity")
        } else {
            appendInterpolation(value)
        }
    }

    /// Appends `values` as `[a, b, …]`, each as ``appendInterpolation(number:)`` shows it.
    public mutating func appendInterpolation(numbers values: [Double]) {
        appendLiteral("[")
        for (i, v) in values.enumerated() {
            if i > 0 { appendLiteral(", ") }
            appendInterpolation(number: v)
        }
        appendLiteral("]")
    }
}
