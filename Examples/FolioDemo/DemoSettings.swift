import FolioBook
import FolioGeometry
import FolioRender
import FolioTransitions

/// Everything a key can toggle in the demo.
struct DemoSettings: Equatable {
    /// Which effect turns the soft pages.
    enum Effect: String, CaseIterable { case flip, fold, curl, accordion }

    var effect = Effect.flip
    var layout = BookLayout.single
    var direction = ReadingDirection.leftToRight
    /// Rigid first and last leaves with a visible edge.
    var hardCover = false
    var cubic = false
    var unfold = false
    var reversePerspective = false
    /// Multiplies the default perspective strength (m34), 0.25…4.
    var perspective = 1.0
    /// Perspective pivot along the spine: 0.5 centre, 1.5 below, −0.5 above.
    var viewpoint = 0.5
    var antialiasing = AntialiasingMode.analytic
    var shadows = true
    /// Paper light on every page (the renderer's `light`); off is the unlit look. The demo
    /// starts lit: shading on the curl's roll and the leaves' cast shadows read as paper (the
    /// library's `Book.isLit` and the renderer's `light` stay off by default).
    var light = true
    var slowMotion = false
    var layerBorders = false
    var wireframe = false
    var frameTime = false
    var reduceMotion = false
    var help = false

    /// The book's configuration for a view of `viewSize` points at `scale` pixels per point.
    func configuration(viewSize: Size, scale: Double) -> BookConfiguration {
        var style: FoldStyle = []
        if cubic { style.insert(.cubic) }
        if unfold { style.insert(.unfold) }
        let leaf: any LeafEffect = switch effect {
        case .flip: FlipLeafEffect()
        case .fold: FoldLeafEffect(style: style)
        case .curl: CurlLeafEffect()
        // Five unequal panels, the CLI's example widths.
        case .accordion: AccordionLeafEffect(panelWidths: [208, 144, 176, 112, 160])
        }
        let across = direction.canonicalSize(ofView: viewSize).width
        return BookConfiguration(viewSize: viewSize, scale: scale, layout: layout, direction: direction, effect: leaf,
                                 hardCover: hardCover, m34: Perspective.defaultM34(extent: across) * perspective,
                                 reversePerspective: reversePerspective, viewpoint: viewpoint)
    }

    /// The next reading direction: left to right, right to left, top-bound.
    var nextDirection: ReadingDirection {
        let all = ReadingDirection.allCases
        return all[(all.firstIndex(of: direction)! + 1) % all.count]
    }

    /// A one-line summary for the hint bar.
    var summary: String {
        var parts = [effect.rawValue, layout.rawValue, direction.rawValue]
        if hardCover { parts.append("hard cover") }
        if effect == .flip {
            if reversePerspective { parts.append("reverse") }
            parts.append(viewpoint == 0.5 ? "eye centre" : viewpoint > 0.5 ? "eye below" : "eye above")
        } else if effect == .fold {
            if cubic { parts.append("cubic") }
            if unfold { parts.append("unfold") }
        }
        parts.append("persp x\(perspective == perspective.rounded() ? String(Int(perspective)) : format2(perspective))")
        parts.append("aa \(antialiasing.rawValue)")
        if !shadows { parts.append("no shadows") }
        if !light { parts.append("unlit") }
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
        ("drag", "turn any page, or catch one in flight; a curl follows the point held"),
        ("drag zoomed", "pan; turn from the outer 12% or once panned to the edge"),
        ("wheel", "turn step by step"),
        ("ctrl+wheel + - pinch", "zoom in / out about the pointer (or the fingers)"),
        ("double-click", "zoom to the column under the pointer, and back"),
        ("0", "no zoom"),
        ("right left", "next / previous page (quick presses turn several)"),
        ("space down up", "next / previous page, any direction"),
        ("home end", "riffle to the first / last page"),
        ("click edges", "next / previous page"),
        ("tab", "switch effect: flip / fold / curl / accordion"),
        ("l", "layout: single page / two-page spread"),
        ("d", "reading direction: ltr, rtl, top-bound"),
        ("k", "hard cover"),
        ("c", "cubic fold"),
        ("u", "unfold"),
        ("r", "reverse perspective"),
        ("] [", "perspective stronger / weaker"),
        ("v", "viewpoint: centre, below, above"),
        ("a", "antialiasing: analytic, msaa, border, none"),
        ("s", "shadows on / off (lit: the curl's cast shadow too)"),
        ("g", "paper light on / off (on at start)"),
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
