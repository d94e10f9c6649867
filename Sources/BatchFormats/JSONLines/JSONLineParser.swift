internal import LedgerDomain

/// A strict RFC 8259 parser for one JSON Lines record (SPEC §4, §9). It keeps only the known keys
/// of the top-level object; every other value is still checked, then dropped.
///
/// A string whose bytes all stand for themselves is given where it lies in the line; the others,
/// unescaped, go to `arena`, which must hold at least as many bytes as the line: an
/// unescaped string is never longer than its escaped form, so the arena never overflows. The keys
/// of the objects being parsed go to `keys` (`keyCapacity` of them), to find a key given twice
/// without an array made per object, and the elements of the `lines` array to `lines`.
// Safe: the line, the arena, the keys and the lines are the reader's, lent for one record: a parser lives
// only inside the reader's `next()`, which neither moves nor frees them meanwhile.
struct JSONLineParser {
    private let bytes: UnsafeRawBufferPointer
    private var index = 0
    private let arena: UnsafeMutableRawPointer
    private var arenaUsed = 0
    private let keys: UnsafeMutablePointer<UnsafeRawBufferPointer>
    private var keyCount = 0
    /// Where the elements of the record's `lines` array go.
    // Safe: unretained, so that the parser stays plain bytes (a parser holding a reference
    // crashed the compiler); the reader that lends the buffer keeps it alive while a parser lives.
    private let lineBuffer: Unmanaged<RawLineBuffer>
    private var depth = 0
    static let maximumDepth = 128
    /// The keys of one object compared one by one; past them, a set.
    static let keysComparedInPlace = 32
    /// What `keys` must hold: the keys compared in place of every object nested up to the deepest.
    static let keyCapacity = maximumDepth * keysComparedInPlace

    init(
        line: UnsafeRawBufferPointer, arena: UnsafeMutableRawPointer, keys: UnsafeMutablePointer<UnsafeRawBufferPointer>,
        lines: RawLineBuffer
    ) {
        bytes = line
        self.arena = arena
        self.keys = keys
        lineBuffer = .passUnretained(lines)
    }

    /// Parses the line as one object and returns its known fields.
    mutating func parseRecord() throws(Rejection) -> RawRecord {
        var record = RawRecord()
        skipWhitespace()
        guard peek() == UInt8(ascii: "{") else { throw error("a JSON object") }
        try parseObject { parser, key throws(Rejection) in
            if let field = KnownField(name: key) {
                record[field] = try parser.parseKnownValue(field)
            } else {
                try parser.skipValue()
            }
        }
        skipWhitespace()
        guard index == bytes.count else { throw error("the end of the line after the object") }
        return record
    }

    // MARK: - Structure

    private func peek() -> UInt8? { index < bytes.count ? bytes[index] : nil }

    private mutating func skipWhitespace() {
        while let byte = peek(), byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { index += 1 }
    }

    private func error(_ expected: String) -> Rejection {
        if let byte = peek() {
            let shown = byte >= 0x20 && byte < 0x7F ? "'\(Character(Unicode.Scalar(byte)))'" : String(format: byte)
            return Rejection(.malformed, "not valid JSON: expected \(expected) at column \(index + 1), found \(shown)")
        }
        return Rejection(.malformed, "not valid JSON: expected \(expected) at column \(index + 1), found the end of the line")
    }

    private mutating func expect(_ byte: UInt8, _ what: String) throws(Rejection) {
        guard peek() == byte else { throw error(what) }
        index += 1
    }

    /// Parses `{ "key": value, … }`, calling `member` with each key to consume its value.
    private mutating func parseObject(
        _ member: (inout JSONLineParser, UnsafeRawBufferPointer) throws(Rejection) -> Void
    ) throws(Rejection) {
        try enter()
        index += 1
        // This object's keys follow those of the objects it is in; they leave with it.
        let firstKey = keyCount
        defer { keyCount = firstKey }
        var keySet: Set<[UInt8]> = []
        skipWhitespace()
        if peek() == UInt8(ascii: "}") {
            index += 1
            depth -= 1
            return
        }
        while true {
            skipWhitespace()
            guard peek() == UInt8(ascii: "\"") else { throw error("a string key") }
            let key = try parseString()
            if keyCount - firstKey < Self.keysComparedInPlace {
                for held in firstKey..<keyCount where keys[held].hasSameBytes(as: key) { throw duplicate(key) }
                keys[keyCount] = key
                keyCount += 1
            } else {
                if keySet.isEmpty { keySet = Set((firstKey..<keyCount).map { Array(keys[$0]) }) }
                guard keySet.insert(Array(key)).inserted else { throw duplicate(key) }
            }
            skipWhitespace()
            try expect(UInt8(ascii: ":"), "':'")
            skipWhitespace()
            try member(&self, key)
            skipWhitespace()
            if peek() == UInt8(ascii: ",") {
                index += 1
                continue
            }
            try expect(UInt8(ascii: "}"), "',' or '}'")
            depth -= 1
            return
        }
    }

    private func duplicate(_ key: UnsafeRawBufferPointer) -> Rejection {
        Rejection(.malformed, "the key \"\(String(decoding: key.prefix(64), as: UTF8.self))\" appears twice in one object")
    }

    /// Parses `[ value, … ]`, calling `element` to consume each value.
    private mutating func parseArray(_ element: (inout JSONLineParser) throws(Rejection) -> Void) throws(Rejection) {
        try enter()
        index += 1
        skipWhitespace()
        if peek() == UInt8(ascii: "]") {
            index += 1
            depth -= 1
            return
        }
        while true {
            skipWhitespace()
            try element(&self)
            skipWhitespace()
            if peek() == UInt8(ascii: ",") {
                index += 1
                continue
            }
            try expect(UInt8(ascii: "]"), "',' or ']'")
            depth -= 1
            return
        }
    }

    private mutating func enter() throws(Rejection) {
        depth += 1
        guard depth <= Self.maximumDepth else {
            throw Rejection(.malformed, "not valid JSON here: nested deeper than \(Self.maximumDepth) levels")
        }
    }

    // MARK: - Values

    private mutating func parseKnownValue(_ field: KnownField) throws(Rejection) -> RawField {
        switch peek() {
        case UInt8(ascii: "\""):
            return .text(try parseString())
        case UInt8(ascii: "n"):
            try literal("null")
            return .absent
        case UInt8(ascii: "["):
            guard field == .lines else {
                try skipValue()
                return .wrongType(.array)
            }
            // One `lines` key per object (a key given twice is rejected), and no `lines` within a line.
            let buffer = lineBuffer.takeUnretainedValue()
            buffer.removeAll()
            try parseArray { parser throws(Rejection) in buffer.append(try parser.parseLine()) }
            return .lines(buffer.elements)
        default:
            return try parseScalarOrSkip()
        }
    }

    private mutating func parseLine() throws(Rejection) -> RawLine {
        var line = RawLine()
        guard peek() == UInt8(ascii: "{") else {
            try skipValue()
            line.isObject = false
            return line
        }
        try parseObject { parser, key throws(Rejection) in
            if Self.equal(key, "sku") {
                line.sku = try parser.parseKnownValue(.orderID)
            } else if Self.equal(key, "qty") {
                line.quantity = try parser.parseKnownValue(.amount)
            } else if Self.equal(key, "unit_price") {
                line.unitPrice = try parser.parseKnownValue(.amount)
            } else {
                try parser.skipValue()
            }
        }
        return line
    }

    /// Numbers, booleans and objects (the last two are never a known field's type).
    private mutating func parseScalarOrSkip() throws(Rejection) -> RawField {
        switch peek() {
        case UInt8(ascii: "t"):
            try literal("true")
            return .wrongType(.boolean)
        case UInt8(ascii: "f"):
            try literal("false")
            return .wrongType(.boolean)
        case UInt8(ascii: "{"):
            try skipValue()
            return .wrongType(.object)
        case let byte? where byte == UInt8(ascii: "-") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte):
            return try parseNumber()
        default:
            throw error("a JSON value")
        }
    }

    private mutating func skipValue() throws(Rejection) {
        switch peek() {
        case UInt8(ascii: "\""): _ = try parseString()
        case UInt8(ascii: "n"): try literal("null")
        case UInt8(ascii: "{"): try parseObject { parser, _ throws(Rejection) in try parser.skipValue() }
        case UInt8(ascii: "["): try parseArray { parser throws(Rejection) in try parser.skipValue() }
        default: _ = try parseScalarOrSkip()
        }
    }

    private mutating func literal(_ word: StaticString) throws(Rejection) {
        let count = word.utf8CodeUnitCount
        guard index + count <= bytes.count, Self.equal(UnsafeRawBufferPointer(rebasing: bytes[index..<(index + count)]), word)
        else { throw error("a JSON value") }
        index += count
    }

    /// Whether `bytes` are those of `word`.
    private static func equal(_ bytes: UnsafeRawBufferPointer, _ word: StaticString) -> Bool {
        bytes.hasSameBytes(as: UnsafeRawBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount))
    }

    private mutating func parseNumber() throws(Rejection) -> RawField {
        let negative = peek() == UInt8(ascii: "-")
        if negative { index += 1 }
        var magnitude: UInt64 = 0
        var overflow = false
        guard let first = peek(), (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first) else { throw error("a digit") }
        if first == UInt8(ascii: "0") {
            index += 1
        } else {
            while let byte = peek(), (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) {
                let (times, overflow1) = magnitude.multipliedReportingOverflow(by: 10)
                let (sum, overflow2) = times.addingReportingOverflow(UInt64(byte - UInt8(ascii: "0")))
                overflow = overflow || overflow1 || overflow2
                magnitude = sum
                index += 1
            }
        }
        var integral = true
        if peek() == UInt8(ascii: ".") {
            integral = false
            index += 1
            try digits()
        }
        if peek() == UInt8(ascii: "e") || peek() == UInt8(ascii: "E") {
            integral = false
            index += 1
            if peek() == UInt8(ascii: "+") || peek() == UInt8(ascii: "-") { index += 1 }
            try digits()
        }
        guard integral else { return .wrongType(.fraction) }
        let limit = negative ? UInt64(Int64.max) + 1 : UInt64(Int64.max)
        guard !overflow, magnitude <= limit else { return .wrongType(.outOfRange) }
        return .integer(negative ? Int64(truncatingIfNeeded: 0 &- magnitude) : Int64(magnitude))
    }

    private mutating func digits() throws(Rejection) {
        guard let byte = peek(), (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { throw error("a digit") }
        while let byte = peek(), (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) { index += 1 }
    }

    // MARK: - Strings

    /// Parses a string at `index` (which is `"`): where it lies in the line when no byte of it
    /// needs unescaping, else unescaped into the arena.
    private mutating func parseString() throws(Rejection) -> UnsafeRawBufferPointer {
        index += 1
        // A string of bytes that all stand for themselves is read where it lies in the line.
        let plainEnd = plainRunEnd(from: index)
        if plainEnd < bytes.count, bytes[plainEnd] == UInt8(ascii: "\"") {
            defer { index = plainEnd + 1 }
            return UnsafeRawBufferPointer(rebasing: bytes[index..<plainEnd])
        }
        let start = arenaUsed
        while true {
            // A run of bytes that stand for themselves is copied at once.
            let end = plainRunEnd(from: index)
            if end > index {
                (arena + arenaUsed).copyMemory(from: bytes.baseAddress! + index, byteCount: end - index)
                arenaUsed += end - index
                index = end
            }
            guard let byte = peek() else { throw error("'\"' closing the string") }
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                return UnsafeRawBufferPointer(start: arena + start, count: arenaUsed - start)
            case UInt8(ascii: "\\"):
                index += 1
                try parseEscape()
            case 0..<0x20:
                throw Rejection(.malformed, "not valid JSON: a raw control character in a string at column \(index + 1)")
            case 0x80...:
                let length = try utf8SequenceLength()
                for offset in 0..<length { emit(bytes[index + offset]) }
                index += length
            default:
                emit(byte)
                index += 1
            }
        }
    }

    /// Where the run of bytes from `start` that stand for themselves ends: eight at a time (as the
    /// CSV scanner finds a field's end), then one at a time. Each test flags a byte exactly up to
    /// its lowest flag, so the lowest flag of all is the first byte that does not stand for itself.
    // Safe: a word is loaded only where all eight of its bytes lie within the line.
    private func plainRunEnd(from start: Int) -> Int {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        /// The high bit of each byte of `word` below `bound` (at most 0x80).
        func below(_ bound: UInt64, _ word: UInt64) -> UInt64 { (word &- ones &* bound) & ~word & highs }
        var index = start
        while index + 8 <= bytes.count {
            let word = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self))
            let found =
                (word & highs) | below(0x20, word) | below(1, word ^ (ones &* Self.quoteByte))
                | below(1, word ^ (ones &* Self.backslashByte))
            if found != 0 { return index + found.trailingZeroBitCount >> 3 }
            index += 8
        }
        while index < bytes.count, Self.standsForItself(bytes[index]) { index += 1 }
        return index
    }

    /// The quote and the backslash, which end a plain run as control and non-ASCII bytes do.
    private static let quoteByte = UInt64(UInt8(ascii: "\""))
    private static let backslashByte = UInt64(UInt8(ascii: "\\"))

    /// Whether `byte` in a string is itself: ASCII from the space on, neither `"` nor a backslash.
    private static func standsForItself(_ byte: UInt8) -> Bool {
        byte >= 0x20 && byte < 0x80 && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\")
    }

    // Safe: the arena holds at least the line's bytes, and an unescaped string is never longer than its escaped form.
    private mutating func emit(_ byte: UInt8) {
        arena.storeBytes(of: byte, toByteOffset: arenaUsed, as: UInt8.self)
        arenaUsed += 1
    }

    private mutating func parseEscape() throws(Rejection) {
        guard let byte = peek() else { throw error("an escape") }
        index += 1
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): emit(byte)
        case UInt8(ascii: "b"): emit(0x08)
        case UInt8(ascii: "f"): emit(0x0C)
        case UInt8(ascii: "n"): emit(0x0A)
        case UInt8(ascii: "r"): emit(0x0D)
        case UInt8(ascii: "t"): emit(0x09)
        case UInt8(ascii: "u"):
            var scalar = try hex4()
            if (0xD800...0xDBFF).contains(scalar) {
                guard peek() == UInt8(ascii: "\\"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "u") else {
                    throw Rejection(.malformed, "not valid JSON: an unpaired surrogate \\u escape at column \(index + 1)")
                }
                index += 2
                let low = try hex4()
                guard (0xDC00...0xDFFF).contains(low) else {
                    throw Rejection(.malformed, "not valid JSON: an unpaired surrogate \\u escape at column \(index + 1)")
                }
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            } else if (0xDC00...0xDFFF).contains(scalar) {
                throw Rejection(.malformed, "not valid JSON: an unpaired surrogate \\u escape at column \(index + 1)")
            }
            for unit in UTF8.encode(Unicode.Scalar(scalar)!)! { emit(unit) }
        default:
            index -= 1
            throw error("a valid escape (\\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX)")
        }
    }

    private mutating func hex4() throws(Rejection) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = peek() else { throw error("four hex digits") }
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: throw error("four hex digits")
            }
            value = value << 4 | digit
            index += 1
        }
        return value
    }

    /// The length of the valid UTF-8 sequence at `index`, or a `malformed` rejection.
    private func utf8SequenceLength() throws(Rejection) -> Int {
        let lead = bytes[index]
        let invalid = Rejection(.malformed, "not valid UTF-8 at column \(index + 1)")
        let length: Int
        var lower: UInt8 = 0x80, upper: UInt8 = 0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; lower = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED: length = 3; upper = 0x9F
        case 0xF0: length = 4; lower = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4: length = 4; upper = 0x8F
        default: throw invalid
        }
        guard index + length <= bytes.count else { throw invalid }
        for offset in 1..<length {
            let byte = bytes[index + offset]
            let range = offset == 1 ? lower...upper : 0x80...0xBF
            guard range.contains(byte) else { throw invalid }
        }
        return length
    }
}

extension String {
    /// `0xNN` for a byte that is not printable.
    init(format byte: UInt8) {
        let digits = String(byte, radix: 16, uppercase: true)
        self = "byte 0x" + (digits.count < 2 ? "0" : "") + digits
    }
}
