import LedgerDomain
import LedgerServices
import LedgerStore

/// Renders `orders stats`.
enum StatsView {
    static func render(_ stats: LedgerStatistics, format: QueryFormat) -> String {
        let counts: [(String, Int64)] = [
            ("events", Int64(stats.events)), ("orders", Int64(stats.orders)), ("customers", Int64(stats.customers)),
            ("skus", Int64(stats.skus)), ("head_seq", Int64(stats.headSeq)),
        ]
        let statuses = OrderStatus.allCases.map { ($0.description, stats.byStatus[$0]) }
        let checkpoints = ReadModelName.allCases.map { ($0.rawValue, Int64(stats.checkpoints[$0.rawValue] ?? 0)) }
        switch format {
        case .json:
            var object = JSONObject()
            for (key, value) in counts { object.add(key, value) }
            object.add("by_status", raw: "{" + statuses.map { "\"\($0.0)\":\($0.1)" }.joined(separator: ",") + "}")
            object.add("checkpoints", raw: "{" + checkpoints.map { "\"\($0.0)\":\($0.1)" }.joined(separator: ",") + "}")
            return object.text + "\n"
        case .csv:
            let rows =
                counts.map { [$0.0, "\($0.1)"] } + statuses.map { ["by_status.\($0.0)", "\($0.1)"] }
                + checkpoints.map { ["checkpoint.\($0.0)", "\($0.1)"] }
            return CSVText.render(header: ["metric", "value"], rows: rows)
        case .table:
            let rows =
                counts.map { [$0.0, "\($0.1)"] } + statuses.map { ["status \($0.0)", "\($0.1)"] }
                + checkpoints.map { ["checkpoint \($0.0)", "\($0.1)"] }
            return TextTableRenderer.render(header: ["METRIC", "VALUE"], rows: rows, rightAligned: [1])
        }
    }
}
