import Foundation

/// Standard streams and what kind of device they are.
enum Terminal {
    /// Whether standard error is a terminal (progress is shown only then).
    static var standardErrorIsTerminal: Bool { isatty(STDERR_FILENO) == 1 }

    /// Prints `orders: error: …` as one line on standard error; control characters in it (from
    /// a file name, a batch or a damaged store) are shown escaped.
    static func printError(_ message: String) {
        writeStandardError("orders: error: \(message.replacingOccurrences(of: "\n", with: " ").terminalSafe)\n")
    }

    static func writeStandardError(_ text: String) {
        fflush(nil)
        FileHandle.standardError.write(Data(text.utf8))
    }
}
