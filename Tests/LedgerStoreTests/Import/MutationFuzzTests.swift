import BatchGenerator
import Foundation
import LedgerDomain
import LedgerServices
import TestSupport
import Testing

@testable import BatchFormats
@testable import LedgerStore

/// Seeded mutation fuzzing of the readers and the importer: valid batches, damaged at random
/// (bytes flipped, quotes, commas, braces, CR, LF and NUL inserted, spans deleted or repeated,
/// the file cut short), must never crash or hang the reader; every record is read or rejected
/// with a line inside the file; and importing the damage leaves a ledger that verifies.
/// `ORDERS_FUZZ_RUNS` runs more cases (tools/soak.sh does).
struct MutationFuzzTests {
    let directory = TemporaryDirectory()
    static let runs = Int(ProcessInfo.processInfo.environment["ORDERS_FUZZ_RUNS"] ?? "") ?? 3_000

    static func seedBatch(_ format: RecordFormat) -> [UInt8] {
        var lines: [String] = []
        var generator = BatchGenerator(
            settings: GeneratorSettings(orders: 12, format: format, seed: 4, badShare: 0.3, customers: 3, skus: 4))
        _ = generator.generate { lines.append($0) }
        return Array((lines.joined(separator: "\n") + "\n").utf8)
    }

    static func mutate(_ input: [UInt8], _ random: inout SplitMix64) -> [UInt8] {
        var bytes = input
        let specials: [UInt8] = [0x22, 0x2C, 0x7B, 0x7D, 0x5B, 0x0D, 0x0A, 0x00, 0x5C, 0xFF, 0xC3, 0x3A]
        for _ in 0..<(1 + Int(random.next(upperBound: UInt64(6)))) {
            guard !bytes.isEmpty else { break }
            let at = Int(random.next(upperBound: UInt64(bytes.count)))
            switch random.next(upperBound: UInt64(6)) {
            case 0: bytes[at] ^= UInt8(truncatingIfNeeded: random.next())
            case 1: bytes.insert(specials[Int(random.next(upperBound: UInt64(specials.count)))], at: at)
            case 2: bytes.removeSubrange(at..<min(bytes.count, at + Int(random.next(upperBound: UInt64(40)))))
            case 3: bytes.insert(contentsOf: bytes[at..<min(bytes.count, at + 30)], at: at)
            case 4: bytes.removeSubrange(at...)
            default: bytes[at] = specials[Int(random.next(upperBound: UInt64(specials.count)))]
            }
        }
        return bytes
    }

    @Test(arguments: RecordFormat.allCases)
    func damagedBatchesNeverCrashAndEveryRecordHasALine(format: RecordFormat) throws {
        let seed = Self.seedBatch(format)
        var random = SplitMix64(seed: format == .csv ? 31 : 37)
        for run in 0..<Self.runs {
            let bytes = Self.mutate(seed, &random)
            let lineCount = bytes.filter { $0 == 0x0A }.count + 1
            let records: [ReadRecord]
            do {
                records = try ReadRecord.readAll(bytes, format: format, bufferCapacity: 64 + run % 200)
            } catch is BatchFileError {
                continue  // a damaged header: the whole file is refused, as it should be
            }
            for record in records {
                #expect((1...lineCount).contains(record.line), "run \(run): line \(record.line) of \(lineCount)")
            }
            #expect(records.map(\.line) == records.map(\.line).sorted(), "run \(run): records out of order")
        }
    }

    @Test(arguments: RecordFormat.allCases)
    func importingDamagedBatchesLeavesALedgerThatVerifies(format: RecordFormat) throws {
        let seed = Self.seedBatch(format)
        var random = SplitMix64(seed: format == .csv ? 41 : 43)
        let store = try LedgerStore(path: directory.path + "/store-\(format)", durable: false)
        let importer = Importer(store: store)
        for run in 0..<(Self.runs / 6) {
            let path = directory.file("run-\(run).\(format.rawValue)", bytes: Self.mutate(seed, &random))
            let collector = RejectsCollector()
            let summary = try importer.importFile(path, options: ImportOptions(chunkSize: 1 + run % 9), rejects: collector)
            let rejected = collector.records.count
            if summary.fileError == nil, !summary.alreadyImported {
                #expect(summary.records == summary.accepted + summary.rejected + summary.duplicates)
                #expect(rejected == summary.rejected)
            }
        }
        let report = try Verifier(store: store).verify()
        #expect(report.isConsistent, "\(report.differences.prefix(3))")
    }
}
