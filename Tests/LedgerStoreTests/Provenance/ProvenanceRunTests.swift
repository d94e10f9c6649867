import LedgerDomain
import Testing

@testable import LedgerStore

/// A run of provenance keeps each event's line as a varint delta, and its check finds any change.
struct ProvenanceRunTests {
    @Test func aRunComesBackWithItsLinesWhateverTheirDistances() throws {
        let run = ProvenanceRun(batch: 300, lines: [1, 2, 130, 20_000, 1 << 40])
        let bytes = run.encoded(firstSeq: 77)
        #expect(bytes.count == 8 + 4 + 1 + 1 + 2 + 3 + 6 + 8)
        #expect(try bytes.withUnsafeBytes { try ProvenanceRun(decoding: $0, firstSeq: 77) } == run)
    }

    @Test func aRunStoredUnderAnotherSeqOrWithAByteChangedFailsItsCheck() throws {
        let bytes = ProvenanceRun(batch: 1, lines: [2, 3, 4]).encoded(firstSeq: 5)
        #expect(throws: StoreError.self) { try bytes.withUnsafeBytes { try ProvenanceRun(decoding: $0, firstSeq: 6) } }
        for index in bytes.indices {
            var changed = bytes
            changed[index] ^= 0x10
            #expect(throws: StoreError.self) { try changed.withUnsafeBytes { try ProvenanceRun(decoding: $0, firstSeq: 5) } }
        }
    }

    @Test func aBatchFileRecordKeepsItsPathAndTime() throws {
        let record = BatchFileRecord(file: "in/ä b.csv", committedAt: .init(milliseconds: 1_772_000_000_123))
        #expect(try record.encoded(number: 4).withUnsafeBytes { try BatchFileRecord(decoding: $0, number: 4) } == record)
        #expect(throws: StoreError.self) {
            try record.encoded(number: 4).withUnsafeBytes { try BatchFileRecord(decoding: $0, number: 5) }
        }
    }
}
