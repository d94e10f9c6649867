/// Writes JSON string literals (RFC 8259) for machine-readable output.
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
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                let hex = String(scalar.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default:
                result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}
