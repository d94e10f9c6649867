/// The shared rule of SPEC §2 for ids: 1–64 characters from `A–Z a–z 0–9 . _ : -`.
public enum Identifier {
    /// Whether `bytes` form a valid id.
    @inlinable
    public static func isValid(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard LedgerLimits.identifierLength.contains(bytes.count) else { return false }
        for byte in bytes where !isAllowed(byte) { return false }
        return true
    }

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
    @inlinable
    static func string(_ bytes: UnsafeRawBufferPointer) -> String {
        String(unsafeUninitializedCapacity: bytes.count) { buffer in
            _ = buffer.initialize(from: bytes)
            return bytes.count
        }
    }
}
