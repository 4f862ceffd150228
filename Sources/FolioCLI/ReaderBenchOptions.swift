import ArgumentParser

/// `folio bench --reader` and its size, grouped so that `BenchCommand` carries them in one line.
struct ReaderBenchOptions: ParsableArguments {
    @Flag(help: "Only the reader's figures (issue #27): time to the first page, riffle rate, memory over a riffle and a turn with PDF pages, each against a floor measured in the same run.")
    var reader = false

    @Option(help: ArgumentHelp("With --reader: pages of the generated PDF (default 500; the memory riffle reads one of twice as many).", valueName: "n"))
    var readerPages: Int?

    init() {}

    /// The document's pages: `--reader-pages`, else the 500.
    var pages: Int { readerPages ?? 500 }

    /// Usage errors (64): a size without `--reader`, or a document too small to turn a leaf
    /// of (a spread needs four pages) or larger than a bench should write.
    func validate() throws {
        guard let readerPages else { return }
        guard reader else { throw ValidationError("--reader-pages applies to --reader; --reader-pages \(readerPages) was given without it") }
        guard (4...20_000).contains(readerPages) else { throw ValidationError("--reader-pages \(readerPages) must be in 4…20000") }
    }
}
