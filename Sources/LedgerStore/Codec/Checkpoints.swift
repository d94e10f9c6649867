internal import LedgerServices

/// A checkpoint as `checkpoints` stores it from format 6 on: the seq (little-endian `UInt64`),
/// then its check (`StoredCheck` of the read model's name, salted with the seq).
enum Checkpoints {
    static let size = 16

    /// The stored value of read model `name`'s checkpoint at `seq`.
    static func value(_ seq: UInt64, name: ReadModelName) -> [UInt8] {
        withUnsafeBytes(of: seq.littleEndian, Array.init) + withUnsafeBytes(of: check(seq, name: name).littleEndian, Array.init)
    }

    /// The seq in `bytes`, the stored checkpoint of `name`, or `nil` when it fails its check.
    // Safe: both loads lie inside `bytes`, whose length is checked first.
    static func seq(in bytes: UnsafeRawBufferPointer, name: ReadModelName) -> UInt64? {
        guard bytes.count == size else { return nil }
        let seq = UInt64(littleEndian: bytes.loadUnaligned(as: UInt64.self))
        let stored = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
        return stored == check(seq, name: name) ? seq : nil
    }

    private static func check(_ seq: UInt64, name: ReadModelName) -> UInt64 {
        var name = name.rawValue
        return name.withUTF8 { StoredCheck.of(UnsafeRawBufferPointer($0), salt: seq) }
    }

    /// The database that holds read model `name`'s rows.
    static func table(of name: ReadModelName) -> LedgerTransaction.Table {
        switch name {
        case .orders: \.orders
        case .customers: \.customers
        case .skus: \.skus
        case .revenue: \.revenue
        case .stats: \.stats
        }
    }
}
