import ArgumentParser

/// `folio`: evaluate layer trees and the fold and flip transitions from the command line.
public struct FolioCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "folio",
        abstract: "3D page-flip and fold transitions with Core Animation's geometry.",
        discussion: "Errors print one line on stderr and exit with status 1 (bad usage: 64).",
        subcommands: [GeometryCommand.self, EvaluateCommand.self, RenderCommand.self, SheetCommand.self, BenchCommand.self, SoakCommand.self]
    )

    public init() {}
}
