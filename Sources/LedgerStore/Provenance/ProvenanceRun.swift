/// The provenance of a run of consecutive events that one batch made (an entry of `provenance`,
/// keyed by the run's first seq): the batch's number and each event's line, the first physical
/// line of the record that made it. Lines only grow within a batch, so they are kept as
/// variable-length deltas: about one byte per event.
///
/// Layout: batch number (`UInt64`), event count (`UInt32`), the first line and then each line's
/// distance from the one before as LEB128 varints, and a check (`StoredCheck`, salted with the
/// first seq) of all the bytes before it.
struct ProvenanceRun: Equatable {
    let batch: UInt64
    let lines: [Int]

    /// The most events one entry holds: its value stays within an LMDB page for the usual line
    /// distances, and `blame` decodes at most this many varints to find a line.
    static let maximumEvents = 512

    init(batch: UInt64, lines: [Int]) {
        self.batch = batch
        self.lines = lines
    }

    /// The stored bytes of the run starting at `firstSeq`.
    func encoded(firstSeq: UInt64) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(20 + lines.count)
        Self.append(batch, to: &bytes)
        Self.append(UInt32(lines.count), to: &bytes)
        var previous = 0
        for line in lines {
            var delta = UInt64(line - previous)
            previous = line
            while delta >= 0x80 {
                bytes.append(UInt8(delta & 0x7F) | 0x80)
                delta >>= 7
            }
            bytes.append(UInt8(delta))
        }
        let check = bytes.withUnsafeBytes { StoredCheck.of($0, salt: firstSeq) }
        Self.append(check, to: &bytes)
        return bytes
    }

    private static func append<T: FixedWidthInteger>(_ value: T, to bytes: inout [UInt8]) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    /// Decodes the run stored under `firstSeq`; a value that fails its check, or whose lines do
    /// not grow, is damage.
    // Safe: the check is read and the bytes before it hashed only once the length is known to hold it.
    init(decoding bytes: UnsafeRawBufferPointer, firstSeq: UInt64) throws(StoreError) {
        let body = bytes.count - 8
        guard body >= 12,
            UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: body, as: UInt64.self))
                == StoredCheck.of(UnsafeRawBufferPointer(rebasing: bytes[..<body]), salt: firstSeq)
        else { throw StoreError.corrupt("the provenance entry of seq \(firstSeq) fails its check") }
        var reader = ByteReader(UnsafeRawBufferPointer(rebasing: bytes[..<body]), what: "a provenance entry")
        batch = try reader.read()
        let count = Int(try reader.read(UInt32.self))
        guard count >= 1, count <= Self.maximumEvents else {
            throw StoreError.corrupt("the provenance entry of seq \(firstSeq) holds \(count) events")
        }
        var lines: [Int] = []
        lines.reserveCapacity(count)
        var offset = reader.offset
        var previous = 0
        while lines.count < count {
            var delta: UInt64 = 0
            var shift: UInt64 = 0
            while true {
                guard offset < body, shift < 63 else {
                    throw StoreError.corrupt("the provenance entry of seq \(firstSeq) is truncated")
                }
                let byte = bytes[offset]
                offset += 1
                delta |= UInt64(byte & 0x7F) << shift
                if byte < 0x80 { break }
                shift += 7
            }
            guard delta >= 1, delta <= UInt64(Int.max - previous) else {
                throw StoreError.corrupt("the lines of the provenance entry of seq \(firstSeq) do not grow")
            }
            previous += Int(delta)
            lines.append(previous)
        }
        guard offset == body else { throw StoreError.corrupt("the provenance entry of seq \(firstSeq) has bytes left over") }
        self.lines = lines
    }
}
