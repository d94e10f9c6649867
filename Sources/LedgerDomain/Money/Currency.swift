/// A three-letter currency code (`A–Z`), packed into 32 bits so that it fits fixed-layout records.
public struct Currency: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The three ASCII letters, first letter in the lowest byte; 0 means "none".
    public let packed: UInt32

    /// Accepts exactly three upper-case ASCII letters.
    public init?(bytes: UnsafeRawBufferPointer) {
        guard bytes.count == 3 else { return nil }
        var packed: UInt32 = 0
        for (index, byte) in bytes.enumerated() {
            guard (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) else { return nil }
            packed |= UInt32(byte) << (8 * UInt32(index))
        }
        self.packed = packed
    }

    /// Accepts exactly three upper-case ASCII letters.
    public init?(_ code: String) {
        var copy = code
        guard let valid = copy.withUTF8({ Currency(bytes: UnsafeRawBufferPointer($0)) }) else { return nil }
        self = valid
    }

    /// Rebuilds a currency from its packed form (as stored in events and state).
    // Inlinable: made per event read in place by the replay (LedgerStore).
    @inlinable public init(packed: UInt32) { self.packed = packed }

    /// Whether `packed` holds three upper-case ASCII letters (what a stored currency must be).
    // Inlinable: checked per placed event read in place by the replay (LedgerStore).
    @inlinable public var isCode: Bool {
        packed >> 24 == 0 && (packed & 0xFF) &- 0x41 < 26 && (packed >> 8 & 0xFF) &- 0x41 < 26
            && (packed >> 16 & 0xFF) &- 0x41 < 26
    }

    public var description: String {
        // A small string, written in place (no array made: tables print one per row).
        String(unsafeUninitializedCapacity: 3) { bytes in
            bytes[0] = UInt8(truncatingIfNeeded: packed)
            bytes[1] = UInt8(truncatingIfNeeded: packed >> 8)
            bytes[2] = UInt8(truncatingIfNeeded: packed >> 16)
            return 3
        }
    }

    /// Alphabetical order of the codes: the letters as one big-endian number.
    public static func < (lhs: Currency, rhs: Currency) -> Bool { lhs.packed.byteSwapped < rhs.packed.byteSwapped }
}
