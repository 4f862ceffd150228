import ArgumentParser
import FolioFiles
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

extension FolioCommand {
    /// Runs `folio` as a program: parses the arguments, runs the command, and exits.
    ///
    /// Beyond `main()`: a write that exceeds the file size limit fails with an error (`EFBIG`)
    /// instead of killing the process with `SIGXFSZ`, so the atomic writer can clean up and
    /// say so; and at the end standard output is flushed and checked — `print` ignores write
    /// errors, so `folio geometry … > /dev/full` would otherwise exit 0 having written nothing.
    ///
    /// The command line's own limits (`CommandLineLimits`) are checked first, before
    /// ArgumentParser spends time on it: a refusal is a usage error (exit 64).
    public static func runAsProgram() -> Never {
        signal(SIGXFSZ, SIG_IGN)
        if let problem = CommandLineLimits.violation(in: Array(CommandLine.arguments.dropFirst())) {
            fputs("Error: \(problem)\n", stderr)
            Glibc.exit(64)
        }
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch {
            // A failure (exit 1) is one line naming a value that may come from outside (a file
            // name, a document's text): escaped so that it stays one line. Usage errors, help
            // and clean exits keep ArgumentParser's own output.
            let code = exitCode(for: error)
            guard code == .failure else { exit(withError: error) }
            fputs("\(MessageText.escaped(fullMessage(for: error)))\n", stderr)
            Glibc.exit(code.rawValue)
        }
        Glibc.exit(StandardOutput.finish(program: "folio"))
    }
}

/// Standard output, checked: everything the commands print must reach it.
enum StandardOutput {
    /// Flushes standard output; on failure prints one line on standard error and returns 1.
    static func finish(program: String) -> Int32 {
        errno = 0
        let flushed = fflush(stdout) == 0
        let code = errno
        if flushed && ferror(stdout) == 0 { return 0 }
        let reason = code != 0 ? String(cString: strerror(code)) : "write error"
        fputs("\(program): cannot write to standard output: \(reason)\n", stderr)
        return 1
    }
}
