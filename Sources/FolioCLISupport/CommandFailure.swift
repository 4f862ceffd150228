/// A failure while running a command, printed as one line.
package struct CommandFailure: Error, CustomStringConvertible {
    package let description: String
    package init(_ error: some Error) { description = "\(error)" }
    package init(message: String) { description = message }
}
