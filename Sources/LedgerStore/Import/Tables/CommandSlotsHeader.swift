/// The header of the command index a store keeps (`StoredCommandSlots`), under the greatest key of
/// `command_slots`: the seed its slots are placed by, how many slots and command ids it holds, and
/// the seq up to which it holds every command of `commands` (and none after), with a check.
struct CommandSlotsHeader: Equatable {
    /// The layout of the slots and the hash that places them; another one is not read.
    static let version: UInt32 = 1
    static let size = 44

    /// The seed of `IdentifierHash` the slots are placed by.
    var seed: UInt64
    var slotCount: Int
    /// The command ids the slots hold: those `commands` holds up to `validAt`.
    var count: Int
    var validAt: UInt64

    init(seed: UInt64, slotCount: Int, count: Int, validAt: UInt64) {
        self.seed = seed
        self.slotCount = slotCount
        self.count = count
        self.validAt = validAt
    }

    // Safe: `StoredCommandSlots` reserves `size` bytes, all that is written.
    func encode(into buffer: UnsafeMutableRawBufferPointer) {
        var writer = ByteWriter(buffer)
        writer.write(Self.version)
        writer.write(seed)
        writer.write(UInt64(slotCount))
        writer.write(UInt64(count))
        writer.write(validAt)
        writer.write(StoredCheck.of(UnsafeRawBufferPointer(rebasing: buffer[..<(Self.size - 8)]), salt: Self.salt))
    }

    /// Reads a header; `nil` when it fails its check or its shape is not one an index can have.
    // Safe: the check is read and the bytes before it hashed only once the length is known to be `size`.
    init?(decoding bytes: UnsafeRawBufferPointer) {
        guard bytes.count == Self.size,
            UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: Self.size - 8, as: UInt64.self))
                == StoredCheck.of(UnsafeRawBufferPointer(rebasing: bytes[..<(Self.size - 8)]), salt: Self.salt)
        else { return nil }
        var reader = ByteReader(bytes, what: "the command index's header")
        guard let version = try? reader.read(UInt32.self), version == Self.version,
            let seed = try? reader.read(UInt64.self), let slots = try? reader.read(UInt64.self),
            let count = try? reader.read(UInt64.self), let validAt = try? reader.read(UInt64.self),
            slots > 0, slots <= 1 << 32, count < slots
        else { return nil }
        self.init(seed: seed, slotCount: Int(slots), count: Int(count), validAt: validAt)
    }

    /// The salt of the header's check (its key).
    private static let salt = UInt64(UInt32.max)
}
