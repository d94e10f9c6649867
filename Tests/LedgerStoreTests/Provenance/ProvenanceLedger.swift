import Foundation
import LedgerServices
import TestSupport

@testable import LedgerStore

/// The hand-computed ledger the provenance tests share: `a.csv` (a record over two lines, a
/// rejection, a duplicate command id, a record without one) and `b.csv`, the same bytes and two
/// more records, which continues it.
/// `ProvenanceBatches` lists the seq, line and command id of each event.
struct ProvenanceLedger {
    static let header = ProvenanceBatches.header
    static let first = ProvenanceBatches.first
    static let second = ProvenanceBatches.second

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
