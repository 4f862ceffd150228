import ArgumentParser
import FolioCLISupport
import FolioGeometry
import FolioLayers
import FolioTransitions

/// The options that choose one frame of one effect, shared by `geometry` and `render`.
struct EffectOptions: ParsableArguments {
    /// The effects: a fold, a flip, a curl, an accordion, or a whole book with leaves in flight.
    enum Effect: String, ExpressibleByArgument, CaseIterable, Sendable { case fold, flip, curl, accordion, book }

    // Optional so that `folio render --scene` can go without it; `geometry` and an effect
    // render require it (`requireEffect()`).
    @Option(name: .customLong("effect"), help: "fold, flip, curl, accordion or book.")
    var effectOption: Effect?

    /// The effect asked for (fold when none was given: callers check `requireEffect()` first).
    var effect: Effect { effectOption ?? .fold }

    @Option(help: "Comma-separated style names (fold: unfold, cubic, horizontal, solid-shadows; flip: backward, vertical, reverse; curl: backward, vertical).")
    var style: String = ""

    @Option(name: .customLong("size"), parsing: .unconditional, help: "View size in points, WxH (default 320x480; a scene's own size with --scene).")
    var sizeOption: String?

    /// `--size` as given, or the default view size.
    var size: String { sizeOption ?? "320x480" }

    @Option(parsing: .unconditional, help: "Pixels per point.")
    var scale: Double = 1

    @Option(parsing: .unconditional, help: "Geometric progress 0…1 (default 0.5).")
    var progress: Double?

    @Option(parsing: .unconditional, help: "Normalised time 0…1, through the effect's default timing; with --scene, the scene's time in seconds.")
    var time: Double?

    @Option(parsing: .unconditional, help: "Perspective m34 (default −1/(4.666667·L/2)).")
    var m34: Double?

    @Option(parsing: .unconditional, help: "Flip and curl: the perspective pivot along the spine (0.5 centre, 1.5 below, −0.5 above).")
    var viewpoint: Double?

    @Option(parsing: .unconditional, help: "Curl only: the axis angle at the start of the turn, degrees from the spine (default 20; it straightens as the turn completes).")
    var angle: Double?

    @Option(parsing: .unconditional, help: "Curl only: the rest radius in points (default a tenth of the leaf).")
    var radius: Double?

    @Option(help: "Accordion only (also a book's accordion leaves): the panels' widths across the creases, comma-separated (relative: scaled to the view and snapped to whole pixels), e.g. 208,144,176,112,160; a book's default is four equal panels.")
    var panels: String?

    @Flag(help: "Accordion only: panels top to bottom (horizontal creases) instead of left to right; in a book, creases across the spine instead of parallel to it.")
    var vertical = false

    @Option(help: "Book: single (one page fills the view) or spread (two pages side by side); default single.")
    var layout: String?

    @Option(help: "Book: reading direction ltr, rtl or ttb (top-bound, turning upward); default ltr.")
    var direction: String?

    @Option(name: .customLong("page-count"), parsing: .unconditional, help: "Book: the number of pages (default 8).")
    var pageCount: Int?

    @Option(name: .customLong("leaf"), parsing: .unconditionalSingleValue,
            help: "Book: a leaf in flight as INDEX:PROGRESS (geometric progress 0…1); repeat for several.")
    var leaves: [String] = []

    @Option(name: .customLong("leaf-effect"), help: "Book: how soft leaves turn, flip, fold, curl or accordion (default flip; the accordion takes --panels and --vertical).")
    var leafEffect: String?

    @Flag(name: .customLong("hard-cover"), help: "Book: the first and last leaves are rigid boards with a visible edge.")
    var hardCover = false

    /// Usage error unless `--effect` was given.
    func requireEffect() throws {
        guard effectOption != nil else {
            throw ValidationError("Missing expected argument '--effect <effect>' (fold, flip, curl, accordion or book)")
        }
    }

    /// The effect options given, by name (for refusing them where no effect is drawn).
    var givenEffectOptions: [String] {
        var names: [String] = []
        if !style.isEmpty { names.append("--style") }
        if progress != nil { names.append("--progress") }
        if time != nil { names.append("--time") }
        if m34 != nil { names.append("--m34") }
        if viewpoint != nil { names.append("--viewpoint") }
        if angle != nil { names.append("--angle") }
        if radius != nil { names.append("--radius") }
        if layout != nil { names.append("--layout") }
        if direction != nil { names.append("--direction") }
        if pageCount != nil { names.append("--page-count") }
        if !leaves.isEmpty { names.append("--leaf") }
        if leafEffect != nil { names.append("--leaf-effect") }
        if hardCover { names.append("--hard-cover") }
        if panels != nil { names.append("--panels") }
        if vertical { names.append("--vertical") }
        return names
    }

    func validate() throws {
        _ = try parsedSize()
        // Without an effect (`render --scene`) the command checks the rest.
        guard effectOption != nil else { return }
        if progress != nil && time != nil { throw ValidationError("give --progress or --time, not both") }
        try validateBookOptions()
        switch effect {
        case .fold:
            _ = try Self.parseStyle(style, FoldStyle.names, effect: "fold")
            if viewpoint != nil { throw ValidationError("--viewpoint applies to the flip only") }
        case .flip:
            _ = try Self.parseStyle(style, FlipStyle.names, effect: "flip")
        case .curl:
            _ = try Self.parseStyle(style, FlipStyle.names.filter { $0.0 != "reverse" }, effect: "curl")
        case .accordion:
            guard panels != nil else { throw ValidationError("--effect accordion needs --panels W1,W2,… (at least two widths)") }
            _ = try parsedPanels()
            if !style.isEmpty { throw ValidationError("--style does not apply to the accordion (its options are --panels and --vertical)") }
            if viewpoint != nil { throw ValidationError("--viewpoint applies to the flip and the curl only") }
        case .book:
            break
        }
        // A book's accordion leaves take them too (`--leaf-effect accordion`).
        let accordionLeaves = effect == .book && leafEffect == "accordion"
        if effect != .accordion && !accordionLeaves && (panels != nil || vertical) {
            throw ValidationError("--panels and --vertical apply to the accordion only (--effect accordion, or --effect book --leaf-effect accordion)")
        }
        if effect != .curl && (angle != nil || radius != nil) { throw ValidationError("--angle and --radius apply to the curl only") }
    }

    /// Parses `--size`.
    func parsedSize() throws -> Size { try Self.parseSize(size) }

    /// Parses `--panels`: comma-separated numbers (their range is the accordion's to check,
    /// which names the value).
    func parsedPanels() throws -> [Double] {
        let text = panels ?? ""
        var widths: [Double] = []
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            guard let w = Double(part.trimmingCharacters(in: .whitespaces)) else {
                throw ValidationError("--panels '\(text)': '\(part)' is not a number; give widths like 208,144,176,112,160")
            }
            widths.append(w)
        }
        return widths
    }

    /// Parses `WxH` points; range checks are left to the transitions, which name the value.
    static func parseSize(_ text: String) throws -> Size {
        let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let w = Double(parts[0]), let h = Double(parts[1]) else {
            throw ValidationError("--size '\(text)' must look like 320x480")
        }
        return Size(width: w, height: h)
    }

    /// Parses a comma-separated style list against the effect's names.
    static func parseStyle<S: OptionSet>(_ text: String, _ names: [(String, S)], effect: String) throws -> S where S.Element == S {
        var result: S = []
        for raw in text.split(separator: ",") {
            let name = raw.trimmingCharacters(in: .whitespaces)
            guard let style = names.first(where: { $0.0 == name })?.1 else {
                throw ValidationError("unknown \(effect) style '\(name)'; expected one of: \(names.map(\.0).joined(separator: ", "))")
            }
            result.formUnion(style)
        }
        return result
    }

    /// Builds the transition and moves it to the requested progress or time.
    func makeTransition(source: ContentHandle? = nil, destination: ContentHandle? = nil) throws -> any Transition {
        let viewSize = try parsedSize()
        do {
            let transition: any Transition
            switch effect {
            case .curl:
                return try makeCurl(source: source, destination: destination)
            case .fold:
                transition = try FoldTransition(size: viewSize, scale: scale, style: try Self.parseStyle(style, FoldStyle.names, effect: "fold"),
                                                m34: m34, source: source, destination: destination)
            case .flip:
                transition = try FlipTransition(size: viewSize, scale: scale, style: try Self.parseStyle(style, FlipStyle.names, effect: "flip"),
                                                m34: m34, viewpoint: viewpoint ?? 0.5, source: source, destination: destination)
            case .accordion:
                transition = try AccordionTransition(size: viewSize, scale: scale, panelWidths: try parsedPanels(), vertical: vertical,
                                                     m34: m34, source: source, destination: destination)
            case .book:
                throw ValidationError("a book is not a single transition: use makeBook()")
            }
            let p = try time.map { t throws(TransitionError) in try transition.progress(atTime: t) } ?? (progress ?? 0.5)
            try transition.setProgress(p)
            return transition
        } catch let error as TransitionError {
            throw CommandFailure(error)
        }
    }

    /// Builds the curl and moves it to the requested progress or time.
    func makeCurl(source: ContentHandle? = nil, destination: ContentHandle? = nil) throws -> CurlTransition {
        do {
            let curl = try CurlTransition(size: try parsedSize(), scale: scale,
                                          style: try Self.parseStyle(style, FlipStyle.names, effect: "curl"),
                                          startAngle: angle ?? CurlTransition.defaultStartAngle, radius: radius,
                                          m34: m34, viewpoint: viewpoint ?? 0.5, source: source, destination: destination)
            let p = try time.map { t throws(TransitionError) in try curl.progress(atTime: t) } ?? (progress ?? 0.5)
            try curl.setProgress(p)
            return curl
        } catch let error as TransitionError {
            throw CommandFailure(error)
        }
    }
}
