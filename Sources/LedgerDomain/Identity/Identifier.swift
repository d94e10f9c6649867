/// The shared rule of SPEC §2 for ids: 1–64 characters from `A–Z a–z 0–9 . _ : -`.
public enum Identifier {
    /// Whether `bytes` form a valid id.
    // Inlinable: the readers check every id of a batch with it (BatchFormats, another
    // module). Eight bytes at a time (the batches' ids run to 64): a byte at a time, the check was
    // a large share of the reading thread's work on batches with long ids.
    @inlinable
    public static func isValid(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard LedgerLimits.identifierLength.contains(bytes.count) else { return false }
        var index = 0
        while index + 8 <= bytes.count {
            guard areAllowed(bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self)) else { return false }
            index += 8
        }
        if index > 0, index < bytes.count {
            // The last eight bytes, overlapping those checked.
            return areAllowed(bytes.loadUnaligned(fromByteOffset: bytes.count - 8, as: UInt64.self))
        }
        while index < bytes.count {
            guard isAllowed(bytes[index]) else { return false }
            index += 1
        }
        return true
    }

    /// Whether each of the eight bytes of `word` is allowed (the same set as `isAllowed`).
    // Inlinable: the readers check every id of a batch with it (BatchFormats, another module).
    @inlinable
    static func areAllowed(_ word: UInt64) -> Bool {
        let highs: UInt64 = 0x8080_8080_8080_8080
        guard word & highs == 0 else { return false }
        // Each byte below 0x80: adding up to 0x80 to it carries into no other byte.
        func within(_ word: UInt64, _ low: UInt8, _ high: UInt8) -> UInt64 {
            let ones: UInt64 = 0x0101_0101_0101_0101
            let atLeastLow = (word &+ ones &* UInt64(0x80 - low)) & highs
            let aboveHigh = (word &+ ones &* UInt64(0x7F - high)) & highs
            return atLeastLow & ~aboveHigh
        }
        // `- . / 0…9 :` are 0x2D…0x3A; setting bit 0x20 turns `A…Z` into `a…z` (and nothing
        // outside them into them).
        let punctuationOrDigit = within(word, 0x2D, 0x3A) & ~within(word, 0x2F, 0x2F)
        let letter = within(word | 0x2020_2020_2020_2020, 0x61, 0x7A)
        let underscore = within(word, 0x5F, 0x5F)
        return punctuationOrDigit | letter | underscore == highs
    }

    // Inlinable: the readers check every id of a batch with it (BatchFormats, another module).
    @inlinable
    static func isAllowed(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "."), UInt8(ascii: "_"),
            UInt8(ascii: ":"), UInt8(ascii: "-"):
            return true
        default:
            return false
        }
    }

    /// Makes a `String` from bytes already checked by `isValid` (ASCII, so no repair needed).
    // Inlinable: the importer makes the ids it defines with it (LedgerStore, another module).
    @inlinable
    public static func string(_ bytes: UnsafeRawBufferPointer) -> String {
        // Safe: exactly `bytes.count` bytes are written into a buffer of that capacity.
        String(unsafeUninitializedCapacity: bytes.count) { buffer in
            _ = buffer.initialize(from: bytes)
            return bytes.count
        }
    }
}
