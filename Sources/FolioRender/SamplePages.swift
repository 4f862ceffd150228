/// Built-in pages drawn procedurally: tinted paper, ruled lines, a margin, lines of "text",
/// a folded corner to show orientation, and a large page number — easy to read in any pose.
public enum SamplePages {
    /// Page `number` (1-based) at `width × height` pixels; an empty image when either is
    /// below one. Any `number` is drawn, up to `Int.max` (numbers below 1 as 1's paper and 0's
    /// digits). The caller checks sizes against memory first (`RenderLimits.pageBytes`).
    public static func page(_ number: Int, width: Int, height: Int) -> Image {
        guard width > 0, height > 0 else { return Image(width: 0, height: 0) }
        let hues: [(Double, Double, Double)] = [
            (0.98, 0.93, 0.80), (0.82, 0.92, 0.98), (0.88, 0.97, 0.84), (0.99, 0.85, 0.86),
            (0.90, 0.86, 0.99), (0.99, 0.91, 0.78),
        ]
        let paper = hues[(max(number, 1) - 1) % hues.count]
        let ink = (paper.0 * 0.35, paper.1 * 0.35, paper.2 * 0.45)
        var image = Image(width: width, height: height)
        let unit = max(1, min(width, height) / 40)
        let ruleSpacing = max(4, unit * 3)
        let margin = max(2, width / 8)
        func byte(_ v: Double) -> UInt8 { UInt8(max(0, min(255, (v * 255).rounded()))) }
        func rgba(_ c: (Double, Double, Double)) -> (UInt8, UInt8, UInt8, UInt8) { (byte(c.0), byte(c.1), byte(c.2), 255) }
        func text(_ c: (Double, Double, Double)) -> (Double, Double, Double) { (c.0 * 0.75, c.1 * 0.75, c.2 * 0.78) }
        let rule = (0.62, 0.75, 0.92), marginColour = (0.93, 0.45, 0.45)
        let fold = (paper.0 * 0.8, paper.1 * 0.8, paper.2 * 0.8)
        // How far a line of "text" stops short, 0…6 units: (line · 37 + number · 11) mod 7,
        // reduced before multiplying, since a book may number its pages up to `Int.max`
        // (`number · 11` overflowed and trapped for numbers past `Int.max / 11`).
        let numberTerm = number % 7 * 11
        func ragged(_ line: Int) -> Int { (line % 7 * 37 + numberTerm) % 7 }
        // Each row is painted as spans, later ones over earlier ones: the paper (or a rule), the
        // margin's two columns, a line of "text", the frame, the folded corner. Whole spans are
        // filled rather than pixels tested one by one, so a debug build draws pages quickly too.
        for y in 0..<height {
            let isRule = y > ruleSpacing * 2 && y % ruleSpacing == 0
            image.fillRow(y, from: 0, to: width, with: rgba(isRule ? rule : paper))
            image.fillRow(y, from: margin, to: margin + 2, with: rgba(marginColour))
            // Lines of "text": darker bars between the rules, ragged on the right.
            let line = y / ruleSpacing, inLine = y % ruleSpacing
            if line >= 3 && inLine > ruleSpacing / 3 && inLine < ruleSpacing - ruleSpacing / 4 {
                image.fillRow(y, from: margin + unit * 2 + 1, to: width - unit * 3 - ragged(line) * unit * 2,
                              with: rgba(text(paper)))
            }
            // A frame, and a folded corner at the top right: where width − x + y < width / 6,
            // shaded paper inside and ink on its last `unit` pixels.
            if y < unit || y >= height - unit {
                image.fillRow(y, from: 0, to: width, with: rgba(ink))
            } else {
                image.fillRow(y, from: 0, to: unit, with: rgba(ink))
                image.fillRow(y, from: width - unit, to: width, with: rgba(ink))
            }
            let cornerStart = width + y - width / 6 + 1
            image.fillRow(y, from: cornerStart, to: width, with: rgba(ink))
            image.fillRow(y, from: cornerStart + unit, to: width, with: rgba(fold))
        }
        drawNumber(number, into: &image, color: (byte(ink.0), byte(ink.1), byte(ink.2), 255))
        return image
    }

    /// A 5×7 bitmap font for the digits, one 5-bit row pattern per line.
    static let digits: [[UInt8]] = [
        [0x0E, 0x11, 0x13, 0x15, 0x19, 0x11, 0x0E], [0x04, 0x0C, 0x04, 0x04, 0x04, 0x04, 0x0E],
        [0x0E, 0x11, 0x01, 0x02, 0x04, 0x08, 0x1F], [0x1F, 0x02, 0x04, 0x02, 0x01, 0x11, 0x0E],
        [0x02, 0x06, 0x0A, 0x12, 0x1F, 0x02, 0x02], [0x1F, 0x10, 0x1E, 0x01, 0x01, 0x11, 0x0E],
        [0x06, 0x08, 0x10, 0x1E, 0x11, 0x11, 0x0E], [0x1F, 0x01, 0x02, 0x04, 0x08, 0x08, 0x08],
        [0x0E, 0x11, 0x11, 0x0E, 0x11, 0x11, 0x0E], [0x0E, 0x11, 0x11, 0x0F, 0x01, 0x02, 0x0C],
    ]

    /// Draws `number` large and centred.
    static func drawNumber(_ number: Int, into image: inout Image, color: (UInt8, UInt8, UInt8, UInt8)) {
        let text = Array(String(max(0, number)))
        let cell = max(1, min(image.width / (6 * text.count + 2), image.height / 12))
        let totalWidth = (6 * text.count - 1) * cell
        let x0 = (image.width - totalWidth) / 2, y0 = (image.height - 7 * cell) / 2
        for (k, ch) in text.enumerated() {
            guard let d = ch.wholeNumberValue else { continue }
            for row in 0..<7 {
                for col in 0..<5 where digits[d][row] & (0x10 >> UInt8(col)) != 0 {
                    let x = x0 + (k * 6 + col) * cell
                    for y in (y0 + row * cell)..<(y0 + row * cell + cell) where y >= 0 && y < image.height {
                        image.fillRow(y, from: x, to: x + cell, with: color)
                    }
                }
            }
        }
    }
}
