/// Writes JSON string literals (RFC 8259) for machine-readable output. Control characters (C1 and
/// bidirectional controls too) are written as `\u` escapes: the text decodes exactly as it was,
/// and JSON read at a terminal cannot act on it.
public enum JSONText {
    /// `text` as a quoted, escaped JSON string.
    public static func quote(_ text: String) -> String {
        var copy = text
        return copy.withUTF8 { quote(bytes: UnsafeRawBufferPointer($0)) }
    }

    /// Arbitrary bytes as a JSON string; invalid UTF-8 becomes U+FFFD.
    public static func quote(bytes: UnsafeRawBufferPointer) -> String {
        var result = "\""
        result.reserveCapacity(bytes.count + 2)
        for scalar in String(decoding: bytes, as: UTF8.self).unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where scalar.isTerminalControl:
                let hex = String(scalar.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default:
                result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}
