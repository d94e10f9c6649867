import Foundation
import LedgerServices
import TestSupport

@testable import LedgerStore

/// The hand-computed ledger the provenance tests share: `a.csv` (a record over two lines, a
/// rejection, a duplicate command id, a record without one) and `b.csv`, the same bytes and two
/// more records, which continues it.
///
/// seq  order  type       line  command id
///   1  O-1    placed     a:2   c-1
///   2  O-2    placed     a:3   —
///   3  O-1    paid       a:4   c-2
///   4  O-2    cancelled  a:7   c-4       (lines 7–8; a:5 rejected, a:6 a duplicate)
///   5  O-1    shipped    a:9   c-5
///   6  O-1    delivered  b:10  c-6       (b continues a after line 9)
///   7  O-3    placed     b:11  c-7
struct ProvenanceLedger {
    static let header = "type,order_id,customer_id,currency,lines,amount,at,command_id,reason\n"
    static let first =
        header + "place,O-1,C-1,EUR,A-1*2@1000,,2026-03-01T10:00:00Z,c-1,\n"
        + "place,O-2,C-2,USD,B-1*1@500,,2026-03-01T10:01:00Z,,\n" + "pay,O-1,,,,2000,2026-03-01T10:02:00Z,c-2,\n"
        + "pay,O-9,,,,100,2026-03-01T10:03:00Z,c-9,\n" + "pay,O-1,,,,5,2026-03-01T10:04:00Z,c-2,\n"
        + "cancel,O-2,,,,,2026-03-01T10:06:00Z,c-4,\"late\nagain\"\n" + "ship,O-1,,,,,2026-03-01T10:07:00Z,c-5,\n"
    static let second =
        first + "deliver,O-1,,,,,2026-03-01T10:08:00Z,c-6,\n" + "place,O-3,C-1,EUR,A-1*1@700,,2026-03-02T09:00:00Z,c-7,\n"

    let directory = TemporaryDirectory()
    let store: LedgerStore
    let firstPath: String
    let secondPath: String

    /// Imports `a.csv`, then `b.csv` (in chunks of `chunkSize` records).
    init(chunkSize: Int = 2) throws {
        store = try LedgerStore(path: directory.path + "/store", durable: false)
        firstPath = directory.file("a.csv", Self.first)
        secondPath = directory.file("b.csv", Self.second)
        let importer = Importer(store: store)
        _ = try importer.importFile(firstPath, options: ImportOptions(chunkSize: chunkSize))
        _ = try importer.importFile(secondPath, options: ImportOptions(chunkSize: chunkSize))
    }

    static func digest(_ text: String) -> String { DigestText.hex(Array(text.utf8).withUnsafeBytes { BatchHash.of($0) }) }
}
