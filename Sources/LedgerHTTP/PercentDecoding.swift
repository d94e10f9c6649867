/// The `%XX` escapes of a request's path and query (RFC 3986) decoded, without Foundation proper,
/// whose start-up the command line keeps out of every process.
enum PercentDecoding {
    /// `text` with each `%XX` made the byte it names (and, in a query, each `+` a space); an
    /// escape that is not one is kept as written, and bytes that are not UTF-8 become U+FFFD.
    static func decode(_ text: some StringProtocol, plusIsSpace: Bool = false) -> String {
        let source = Array(text.utf8)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(source.count)
        var index = 0
        while index < source.count {
            let byte = source[index]
            if byte == UInt8(ascii: "%"), index + 2 < source.count, let high = hex(source[index + 1]),
                let low = hex(source[index + 2])
            {
                bytes.append(high << 4 | low)
                index += 3
                continue
            }
            bytes.append(plusIsSpace && byte == UInt8(ascii: "+") ? UInt8(ascii: " ") : byte)
            index += 1
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The value of one hexadecimal digit.
    private static func hex(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
