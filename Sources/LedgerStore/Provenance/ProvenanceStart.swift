/// Where provenance begins in a store (key 0 of `provenance`): the first seq and the first batch
/// number recorded since the store kept provenance. A new store starts at seq 1 and batch 1; a
/// store upgraded to format 7 after the events it held then, whose provenance is not known.
struct ProvenanceStart: Equatable {
    var firstSeq: UInt64
    var firstBatch: UInt64

    static let size = 24

    // Safe: `putProvenanceStart` reserves `size` bytes, all that is written.
    func encode(into buffer: UnsafeMutableRawBufferPointer) {
        var writer = ByteWriter(buffer)
        writer.write(firstSeq)
        writer.write(firstBatch)
        writer.write(StoredCheck.of(UnsafeRawBufferPointer(rebasing: buffer[..<16]), salt: 0))
    }

    init(firstSeq: UInt64, firstBatch: UInt64) {
        self.firstSeq = firstSeq
        self.firstBatch = firstBatch
    }

    // Safe: the check is read and the bytes before it hashed only once the length is known to be `size`.
    init(decoding bytes: UnsafeRawBufferPointer) throws(StoreError) {
        guard bytes.count == Self.size,
            UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: 16, as: UInt64.self))
                == StoredCheck.of(UnsafeRawBufferPointer(rebasing: bytes[..<16]), salt: 0)
        else { throw StoreError.corrupt("the provenance entry that says where it starts fails its check") }
        var reader = ByteReader(bytes, what: "where provenance starts")
        firstSeq = try reader.read()
        firstBatch = try reader.read()
    }
}
