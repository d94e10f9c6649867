/// The shared rule of SPEC §2 for ids: 1–64 characters from `A–Z a–z 0–9 . _ : -`.
public enum Identifier {
    /// Whether `bytes` form a valid id.
    // Measured: inlinable: the readers check every id of a batch with it (BatchFormats, another module).
    @inlinable
    public static func isValid(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard LedgerLimits.identifierLength.contains(bytes.count) else { return false }
        for byte in bytes where !isAllowed(byte) { return false }
        return true
    }

    // Measured: inlinable: the readers check every id of a batch with it (BatchFormats, another module).
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
