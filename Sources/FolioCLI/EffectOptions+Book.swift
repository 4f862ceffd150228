import ArgumentParser
import FolioBook
import FolioCLISupport
import FolioGeometry

/// `--effect book`: a whole book with leaves in flight (docs/command-line.md).
extension EffectOptions {
    /// Pages when `--page-count` is not given.
    static let defaultPageCount = 8

    /// Usage checks: book options only with `--effect book`, and well-formed values there
    /// (ranges and combinations are the book's to refuse, with exit status 1).
    func validateBookOptions() throws {
        guard effect == .book else {
            if layout != nil || direction != nil || pageCount != nil || !leaves.isEmpty || leafEffect != nil || hardCover {
                throw ValidationError("--layout, --direction, --page-count, --leaf, --leaf-effect and --hard-cover apply to --effect book only")
            }
            return
        }
        if progress != nil || time != nil { throw ValidationError("a book takes --leaf INDEX:PROGRESS, not --progress or --time") }
        if !style.isEmpty { throw ValidationError("--style does not apply to a book (see --layout, --direction, --leaf-effect)") }
        // Also checked on the raw command line before parsing (`CommandLineLimits`); here for
        // options parsed any other way.
        if let problem = CommandLineLimits.leafViolation(count: leaves.count) { throw ValidationError(problem) }
        _ = try bookLayout()
        _ = try bookDirection()
        _ = try leafEffectValue()
        _ = try bookLeaves()
    }

    func bookLayout() throws -> BookLayout {
        guard let value = BookLayout(rawValue: layout ?? "single") else {
            throw ValidationError("--layout '\(layout ?? "")' must be single or spread")
        }
        return value
    }

    func bookDirection() throws -> ReadingDirection {
        guard let value = ReadingDirection(rawValue: direction ?? "ltr") else {
            throw ValidationError("--direction '\(direction ?? "")' must be ltr, rtl or ttb")
        }
        return value
    }

    func leafEffectValue() throws -> any LeafEffect {
        switch leafEffect ?? "flip" {
        case "flip": return FlipLeafEffect()
        case "fold": return FoldLeafEffect()
        case "curl": return CurlLeafEffect()
        case "accordion":
            return panels == nil ? AccordionLeafEffect(vertical: vertical) : AccordionLeafEffect(panelWidths: try parsedPanels(), vertical: vertical)
        default: throw ValidationError("--leaf-effect '\(leafEffect ?? "")' must be flip, fold, curl or accordion")
        }
    }

    /// The `--leaf INDEX:PROGRESS` values, in the order given.
    func bookLeaves() throws -> [BookLeaf] {
        try leaves.map { text in
            let parts = text.split(separator: ":", omittingEmptySubsequences: false)
            guard parts.count == 2, let index = Int(parts[0]), let progress = Double(parts[1]) else {
                throw ValidationError("--leaf '\(text)' must look like 3:0.25 (leaf index, then geometric progress)")
            }
            return BookLeaf(index: index, progress: progress)
        }
    }

    /// The book's settings from the options, for a view of `viewSize` points.
    func bookConfiguration(viewSize: Size) throws -> BookConfiguration {
        BookConfiguration(viewSize: viewSize, scale: scale, layout: try bookLayout(), direction: try bookDirection(),
                          effect: try leafEffectValue(), hardCover: hardCover, m34: m34, viewpoint: viewpoint ?? 0.5)
    }

    /// Builds the book with its leaves in flight; bad combinations (a leaf outside the book,
    /// a leaf given twice, progress outside 0…1, a bad size or perspective) fail with one line.
    func makeBook() throws -> Book {
        let configuration = try bookConfiguration(viewSize: try parsedSize())
        let given = try bookLeaves()
        let book: Book
        do {
            book = try Book(pageCount: pageCount ?? Self.defaultPageCount, configuration: configuration)
        } catch {
            throw CommandFailure(error)
        }
        try setLeaves(given, on: book)
        return book
    }

    /// Puts `given` leaves in flight on `book`, refusing (exit 1, one line) a leaf outside the
    /// book, a leaf given twice, or progress outside 0…1.
    func setLeaves(_ given: [BookLeaf], on book: Book) throws {
        do {
            var seen = Set<Int>()
            for leaf in given {
                // Only leaves that can turn: the pages glued to the boards are not leaves to set.
                guard book.leafCount > 0 else { throw BookError.noLeafToTurn(index: leaf.index, pageCount: book.pageCount) }
                guard (0..<book.leafCount).contains(leaf.index) else {
                    throw BookError.leafOutOfRange(index: leaf.index, valid: 0...(book.leafCount - 1))
                }
                guard seen.insert(leaf.index).inserted else { throw BookError.duplicateLeaf(leaf.index) }
            }
            try book.setLeaves(given)
        } catch {
            throw CommandFailure(error)
        }
    }
}
