import BatchFormats
import LedgerDomain

/// Builds `RawRecord`s whose text fields point at bytes that live as long as the fixture.
final class RawRecordFixture {
    // Safe: allocated by the fixture and freed only in `deinit`, so the records made from them are
    // valid while a test holds the fixture.
    private var buffers: [UnsafeMutableRawBufferPointer] = []

    deinit {
        for buffer in buffers { buffer.deallocate() }
    }

    func text(_ value: String) -> RawField {
        let bytes = Array(value.utf8)
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: bytes.count, alignment: 1)
        buffer.copyBytes(from: bytes)
        buffers.append(buffer)
        return .text(UnsafeRawBufferPointer(buffer))
    }

    /// A CSV-style record: every given field as text.
    func csv(_ fields: [KnownField: String]) -> RawRecord {
        var record = RawRecord()
        for (field, value) in fields { record[field] = text(value) }
        return record
    }

    func decodeCSV(_ fields: [KnownField: String]) -> Result<Command, Rejection> {
        CommandDecoder(format: .csv).decode(csv(fields))
    }
}
