/// The RFC 4180 state machine of SPEC §4 and §9, one byte at a time, resumable across buffer refills.
///
/// It finds where a record ends (outside quotes, at LF; a syntax error runs to the end of its
/// physical line; an unterminated quote runs to the end of the file) and, when `recording`, where
/// each field starts and ends. Indices are buffer indices; the reader restarts a record's scan
/// after a refill, or continues it without recording when the record is too long to keep.
struct CSVScanner {
    enum State { case fieldStart, unquoted, quoted, quoteSeen, carriageReturnAfterQuote, syntaxError }

    /// How a scan of the buffered bytes ended.
    enum Outcome: Equatable {
        /// The buffered bytes ran out inside the record.
        case needMore
        /// The record ended: its content stops before `contentEnd`; the next record starts at `next`.
        case complete(contentEnd: Int, next: Int)
    }

    var state = State.fieldStart
    var fieldStart = 0
    var fieldHasEscapes = false
    var error: String?
    /// Whether a quoted field began: only those hold line feeds inside a record.
    private(set) var sawQuotedField = false
    /// Field boundaries, content only (quotes excluded), when recording.
    var fields: [(start: Int, end: Int, escaped: Bool)] = []
    let recording: Bool

    /// `storage`: an emptied array whose capacity the field boundaries reuse (one allocation per
    /// reader instead of one per record); `recycle` hands it back.
    init(start: Int, recording: Bool, storage: inout [(start: Int, end: Int, escaped: Bool)]) {
        fieldStart = start
        self.recording = recording
        swap(&fields, &storage)
        fields.removeAll(keepingCapacity: true)
        if recording { fields.reserveCapacity(16) }
    }

    init(start: Int, recording: Bool) {
        var storage: [(start: Int, end: Int, escaped: Bool)] = []
        self.init(start: start, recording: recording, storage: &storage)
    }

    /// Gives the field boundaries' array back for the next record's scanner.
    mutating func recycle(into storage: inout [(start: Int, end: Int, escaped: Bool)]) { swap(&fields, &storage) }

    private mutating func closeField(_ end: Int) {
        if recording { fields.append((fieldStart, end, fieldHasEscapes)) }
        fieldHasEscapes = false
    }

    private mutating func fail(_ message: String) {
        if error == nil { error = message }
        state = .syntaxError
    }

    /// Scans `bytes[from..<to]`. `previous` is the byte before `from` (for CRLF detection).
    mutating func scan(_ bytes: UnsafePointer<UInt8>, from: Int, to end: Int, previous: UInt8) -> Outcome {
        let lineFeed = UInt8(ascii: "\n"), carriageReturn = UInt8(ascii: "\r")
        let quote = UInt8(ascii: "\""), comma = UInt8(ascii: ",")
        var index = from
        var last = previous
        while index < end {
            if state == .unquoted {
                let stop = Self.plainEnd(bytes, from: index, to: end)
                if stop > index {
                    last = bytes[stop - 1]
                    index = stop
                    if index == end { break }
                }
            }
            let byte = bytes[index]
            switch state {
            case .fieldStart:
                if byte == quote {
                    state = .quoted
                    sawQuotedField = true
                    fieldStart = index + 1
                } else if byte == comma {
                    fieldStart = index
                    closeField(index)
                    fieldStart = index + 1
                } else if byte == lineFeed {
                    fieldStart = index
                    closeField(index)
                    return .complete(contentEnd: index, next: index + 1)
                } else {
                    state = .unquoted
                    fieldStart = index
                }
            case .unquoted:
                if byte == comma {
                    closeField(index)
                    state = .fieldStart
                    fieldStart = index + 1
                } else if byte == lineFeed {
                    let contentEnd = last == carriageReturn ? index - 1 : index
                    closeField(max(contentEnd, fieldStart))
                    return .complete(contentEnd: contentEnd, next: index + 1)
                } else if byte == quote {
                    fail("a quote inside an unquoted field (quote the whole field and double inner quotes)")
                }
            case .quoted:
                if byte == quote { state = .quoteSeen }
            case .quoteSeen:
                if byte == quote {
                    fieldHasEscapes = true
                    state = .quoted
                } else if byte == comma {
                    closeField(index - 1)
                    state = .fieldStart
                    fieldStart = index + 1
                } else if byte == lineFeed {
                    closeField(index - 1)
                    return .complete(contentEnd: index, next: index + 1)
                } else if byte == carriageReturn {
                    state = .carriageReturnAfterQuote
                } else {
                    fail("text after a closing quote")
                }
            case .carriageReturnAfterQuote:
                if byte == lineFeed {
                    closeField(index - 2)
                    return .complete(contentEnd: index - 1, next: index + 1)
                }
                fail("text after a closing quote")
            case .syntaxError:
                if byte == lineFeed {
                    return .complete(contentEnd: last == carriageReturn ? index - 1 : index, next: index + 1)
                }
            }
            last = byte
            index += 1
        }
        return .needMore
    }

    /// The index of the first comma, line feed or quote in `bytes[from..<to]` (`to` if none):
    /// where a field without quotes may end or go wrong. Eight bytes at a time: a byte at a time,
    /// the state machine was a large share of the reading thread's work.
    static func plainEnd(_ bytes: UnsafePointer<UInt8>, from: Int, to end: Int) -> Int {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        /// The high bit of each byte of `word` that is 0, exact up to the lowest one.
        func zeros(_ word: UInt64) -> UInt64 { (word &- ones) & ~word & highs }
        var index = from
        let raw = UnsafeRawPointer(bytes)
        while index + 8 <= end {
            let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index, as: UInt64.self))
            let found =
                zeros(word ^ (ones &* UInt64(UInt8(ascii: ",")))) | zeros(word ^ (ones &* UInt64(UInt8(ascii: "\n"))))
                | zeros(word ^ (ones &* UInt64(UInt8(ascii: "\""))))
            if found != 0 { return index + found.trailingZeroBitCount >> 3 }
            index += 8
        }
        while index < end {
            switch bytes[index] {
            case UInt8(ascii: ","), UInt8(ascii: "\n"), UInt8(ascii: "\""): return index
            default: index += 1
            }
        }
        return end
    }

    /// Ends the record at the end of the file (`end`).
    mutating func finish(at end: Int) -> Outcome {
        switch state {
        case .fieldStart:
            fieldStart = end
            closeField(end)
        case .unquoted:
            closeField(end)
        case .quoted:
            fail("an unterminated quoted field (it runs to the end of the file)")
        case .quoteSeen:
            closeField(end - 1)
        case .carriageReturnAfterQuote:
            fail("text after a closing quote")
        case .syntaxError:
            break
        }
        return .complete(contentEnd: end, next: end)
    }
}
