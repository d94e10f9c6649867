import LedgerDomain
import LedgerPresentation
import LedgerServices

/// Renders `orders stats`.
enum StatsView {
    static func render(_ stats: LedgerStatistics, format: QueryFormat) -> String {
        let counts: [(String, Int64)] = [
            ("events", Int64(stats.events)), ("orders", Int64(stats.orders)), ("customers", Int64(stats.customers)),
            ("skus", Int64(stats.skus)), ("head_seq", Int64(stats.headSeq)),
        ]
        let statuses = OrderStatus.allCases.map { ($0.description, stats.byStatus[$0]) }
        let checkpoints = ReadModelName.allCases.map { ($0.rawValue, Int64(stats.checkpoints[$0.rawValue] ?? 0)) }
        // The chain's head and the moment of an --as-of answer, as (key, text) pairs.
        var chain: [(String, String)] = []
        if let head = stats.chain { chain = [("seq", "\(head.seq)"), ("digest", head.hex)] }
        var asOf: [(String, String)] = []
        switch stats.asOf {
        case .seq(let seq): asOf = [("seq", "\(seq)")]
        case .time(let time): asOf = [("at", time.description)]
        case nil: break
        }
        switch format {
        case .json:
            return StatsJSON.render(stats)
        case .csv:
            let rows =
                counts.map { [$0.0, "\($0.1)"] } + statuses.map { ["by_status.\($0.0)", "\($0.1)"] }
                + checkpoints.map { ["checkpoint.\($0.0)", "\($0.1)"] } + chain.map { ["chain.\($0.0)", $0.1] }
                + asOf.map { ["as_of.\($0.0)", $0.1] }
            return CSVText.render(header: ["metric", "value"], rows: rows)
        case .table:
            // The digest goes below the table, as verify prints it: in the table its 64 digits
            // would set the width of every count.
            let rows =
                counts.map { [$0.0, DigitGrouping.grouped($0.1)] }
                + statuses.map { ["status \($0.0)", DigitGrouping.grouped($0.1)] }
                + checkpoints.map { ["checkpoint \($0.0)", "\($0.1)"] } + asOf.map { ["as of \($0.0)", $0.1] }
            let digest = stats.chain.map { "chain: \($0.hex) at seq \($0.seq)\n" } ?? ""
            return TextTableRenderer.render(header: ["METRIC", "VALUE"], rows: rows, rightAligned: [1]) + digest
        }
    }
}
