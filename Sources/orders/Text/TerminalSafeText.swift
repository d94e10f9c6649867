import SystemPaths

extension String {
    /// This text as it may be shown to a person at a terminal: every control character (C0, DEL,
    /// C1, newline and tab too), line or paragraph separator and Unicode bidirectional mark,
    /// embedding, override or isolate is written as an escape like `\u{1B}` instead of being
    /// emitted, so that text from a batch, a store or a file name can neither move the cursor,
    /// retitle or clear the terminal, nor reorder what is shown around it. A backslash is shown
    /// doubled, so that an escape is never mistaken for text that spells one. JSON escapes them
    /// its own way; CSV stays exact for programs, and is escaped this way only on a terminal
    /// (`CSVText`). A byte of a path that is not UTF-8 (`SystemPath`) is shown as `\xff`.
    var terminalSafe: String {
        guard unicodeScalars.contains(where: { $0.isTerminalControl || $0 == "\\" || SystemPath.byte($0) != nil }) else {
            return self
        }
        var result = ""
        result.reserveCapacity(utf8.count + 8)
        for scalar in unicodeScalars {
            if let byte = SystemPath.byte(scalar) {
                result += "\\x" + (byte < 0x10 ? "0" : "") + String(byte, radix: 16, uppercase: false)
            } else if scalar.isTerminalControl {
                result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else if scalar == "\\" {
                result += "\\\\"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// Whether every character is printable ASCII: the text is terminal-safe as it is, and takes
    /// one column a byte.
    var isPrintableASCII: Bool { utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F } }
}
