import FolioRender
import FolioTransitions

/// Everything a key can toggle in the demo.
struct DemoSettings: Equatable {
    /// Which effect turns the pages.
    enum Effect: String, CaseIterable { case flip, fold }

    var effect = Effect.flip
    /// Right-to-left reading: the next page turns from the leading (left or top) side.
    var rightToLeft = false
    /// Flip across a horizontal spine; fold along a vertical hinge.
    var alternateOrientation = false
    var cubic = false
    var unfold = false
    var reversePerspective = false
    /// Multiplies the default perspective strength (m34), 0.25…4.
    var perspective = 1.0
    /// Flip viewpoint along the spine: 0.5 centre, 1.5 below, −0.5 above.
    var viewpoint = 0.5
    var antialiasing = AntialiasingMode.analytic
    var shadows = true
    var slowMotion = false
    var layerBorders = false
    var wireframe = false
    var frameTime = false
    var reduceMotion = false
    var help = false

    /// The fold style bits these settings select.
    var foldStyle: FoldStyle {
        var s: FoldStyle = []
        if cubic { s.insert(.cubic) }
        if unfold { s.insert(.unfold) }
        if alternateOrientation { s.insert(.horizontal) }
        return s
    }

    /// The flip style bits for a turn toward the next page (`forward`) or the previous one.
    func flipStyle(forward: Bool) -> FlipStyle {
        var s: FlipStyle = []
        if forward == rightToLeft { s.insert(.backward) }
        if alternateOrientation { s.insert(.vertical) }
        if reversePerspective { s.insert(.reverse) }
        return s
    }

    /// A one-line summary for the hint bar.
    var summary: String {
        var parts = [effect.rawValue]
        if effect == .flip {
            parts.append(alternateOrientation ? "vertical" : "horizontal")
            if reversePerspective { parts.append("reverse") }
            parts.append(viewpoint == 0.5 ? "eye centre" : viewpoint > 0.5 ? "eye below" : "eye above")
        } else {
            parts.append(alternateOrientation ? "horizontal" : "vertical")
            if cubic { parts.append("cubic") }
            if unfold { parts.append("unfold") }
        }
        if rightToLeft { parts.append("rtl") }
        parts.append("persp x\(perspective == perspective.rounded() ? String(Int(perspective)) : String(format2(perspective)))")
        parts.append("aa \(antialiasing.rawValue)")
        if !shadows { parts.append("no shadows") }
        if slowMotion { parts.append("slow 10x") }
        if reduceMotion { parts.append("reduce motion") }
        return parts.joined(separator: "  ")
    }

    private func format2(_ v: Double) -> String {
        let hundredths = Int((v * 100).rounded())
        let fraction = hundredths % 100
        return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)"
    }
}

/// The demo's keys, as shown in the help overlay and README.
enum KeyBindings {
    static let list: [(keys: String, action: String)] = [
        ("drag", "turn (flip) or fold (drag down/up) the page"),
        ("wheel", "fold and unfold step by step"),
        ("right left", "next / previous page (also click the page edges)"),
        ("tab", "switch effect: flip / fold"),
        ("d", "reading direction (right to left)"),
        ("o", "orientation (vertical flip, horizontal fold)"),
        ("c", "cubic fold"),
        ("u", "unfold"),
        ("r", "reverse perspective (flip)"),
        ("+ -", "perspective stronger / weaker"),
        ("v", "viewpoint: centre, below, above (flip)"),
        ("a", "antialiasing: analytic, msaa, border, none"),
        ("s", "shadows on / off"),
        ("m", "slow motion 10x"),
        ("b", "layer borders"),
        ("w", "wireframe"),
        ("f", "frame time"),
        ("x", "reduce motion (crossfade)"),
        ("p", "save a screenshot"),
        ("h ?", "this help"),
        ("q esc", "quit"),
    ]

    /// The help overlay's lines.
    static var helpLines: [String] {
        let width = list.map(\.keys.count).max() ?? 0
        return ["FOLIO DEMO - KEYS", ""] + list.map { $0.keys.padding(toLength: width + 2, withPad: " ", startingAt: 0) + $0.action }
    }
}
