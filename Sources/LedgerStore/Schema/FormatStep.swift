/// The steps that bring an older store up to this build's format, in order: step `to` turns a
/// store of format `to − 1` into one of format `to`. Each is small; all of them run in the one
/// write transaction that opens the store and stamps the new format, so a crash in the middle
/// leaves the old format whole, and a store several formats behind takes every step in turn.
enum FormatStep: UInt32, CaseIterable {
    /// Format 2: batch records and stored rejections (their databases are created by the open;
    /// format 1's import records are adopted by the imports that meet them, `LegacyImports`).
    case batchRecords = 2
    /// Format 3: the log's hash chain, computed over the log as it stands.
    case hashChain = 3

    /// Applies this step to a store of the format before it.
    func apply(to ledger: LedgerTransaction) throws {
        switch self {
        case .batchRecords: break
        case .hashChain: try ledger.chainExistingLog()
        }
    }

    /// The steps a store of `format` needs, in order.
    static func needed(from format: UInt32) -> [FormatStep] {
        allCases.filter { $0.rawValue > format }.sorted { $0.rawValue < $1.rawValue }
    }
}
