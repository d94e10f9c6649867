internal import LMDB
internal import LedgerServices

/// What verify checks once the log is replayed, each apart from the others: two threads share
/// them (`CheckQueue`). Listed in the order they are taken, the heaviest first on the stores
/// measured (an order the lines do not follow: `reported`).
enum SharedCheck: CaseIterable {
    /// The command index kept beside `commands` (`command_slots`).
    case commandSlots
    /// `commands` against the log, and its branch keys.
    case commands
    /// The orders, and the index of orders by customer.
    case orders
    /// The `…_names` and `…_ids` databases against the ids the log names, and their branch keys.
    case dictionaries
    case customers, skus
    /// Each event's batch and line, and each batch's file (`ProvenanceCheck`).
    case provenance
    /// The branch keys of the databases no other check walks, and of the log.
    case routing
    case revenue, stats
    /// The batch records, their head keys and rejections, format 1's import records.
    case batches

    /// The order of their lines in the report.
    static let reported: [SharedCheck] = [
        .orders, .customers, .skus, .revenue, .dictionaries, .routing, .commands, .commandSlots, .batches, .provenance,
        .stats,
    ]

    /// The read model a check compares with the log, if it is one.
    private var model: ReadModelName? {
        switch self {
        case .orders: .orders
        case .customers: .customers
        case .skus: .skus
        case .revenue: .revenue
        case .stats: .stats
        case .dictionaries, .commandSlots, .commands, .routing, .batches, .provenance: nil
        }
    }

    /// Runs the check in `ledger` against `replayed`, the whole log replayed; a read model that
    /// lags was compared already (`lagging`). `leaves`: the edges of the leaves that walks kept
    /// before, by database (the log's, the chain's), for the branch keys' check.
    func run(
        _ replayed: ReplayedLedger, _ lagging: LaggingReadModels, in ledger: LedgerTransaction,
        releasing region: MappedRegion?, knowing leaves: [String: LeafEdges]
    ) throws -> [String] {
        if let model {
            return try lagging.found[model] ?? Verifier.compare(model, with: replayed, ledger, releasing: region)
        }
        switch self {
        case .dictionaries:
            return try Verifier.compareDictionaries(
                replayed, namedAtCheckpoint: lagging.namedAtCheckpoint, ledger, releasing: region)
        case .commandSlots: return try Verifier.checkCommandSlots(headSeq: replayed.headSeq, ledger, releasing: region)
        case .commands: return try Verifier.checkCommands(replayed, ledger, releasing: region)
        case .routing:
            return try Verifier.checkRouting(
                ledger, releasing: region, leaving: Verifier.walkedByChecks(ledger), knowing: leaves)
        case .batches: return try Verifier.checkBatches(headSeq: replayed.headSeq, ledger)
        case .provenance: return try ProvenanceCheck.differences(headSeq: replayed.headSeq, ledger, releasing: region)
        default: return []
        }
    }
}
