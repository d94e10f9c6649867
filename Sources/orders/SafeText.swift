/// Text from a batch made safe to show on a terminal: control characters, escape sequences and
/// invalid UTF-8 become visible escapes (`\n`, `\u{1B}`, `\x80`), so a record cannot move the
/// cursor, change colours or forge lines.
enum SafeText {
    static func escaped(_ bytes: [UInt8]) -> String {
        var result = ""
        for scalar in String(decoding: bytes, as: UTF8.self).unicodeScalars {
            switch scalar {
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case "\\": result += "\\\\"
            case "\u{FFFD}": result += "\\u{FFFD}"
            case _ where scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
                || (0x2028...0x2029).contains(scalar.value) || (0x202A...0x202E).contains(scalar.value)
                || (0x2066...0x2069).contains(scalar.value):
                result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    static func escaped(_ text: String) -> String { escaped(Array(text.utf8)) }
}
