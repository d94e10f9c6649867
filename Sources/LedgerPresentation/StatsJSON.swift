import LedgerDomain
public import LedgerServices

/// What `orders stats --format json` prints, and `/api/stats` answers.
public enum StatsJSON {
    public static func render(_ stats: LedgerStatistics) -> String {
        var object = JSONObject()
        object.add("events", Int64(stats.events))
        object.add("orders", Int64(stats.orders))
        object.add("customers", Int64(stats.customers))
        object.add("skus", Int64(stats.skus))
        object.add("head_seq", Int64(stats.headSeq))
        let statuses = OrderStatus.allCases.map { "\"\($0.description)\":\(stats.byStatus[$0])" }
        object.add("by_status", raw: "{" + statuses.joined(separator: ",") + "}")
        let checkpoints = ReadModelName.allCases.map { "\"\($0.rawValue)\":\(Int64(stats.checkpoints[$0.rawValue] ?? 0))" }
        object.add("checkpoints", raw: "{" + checkpoints.joined(separator: ",") + "}")
        if let head = stats.chain { object.add("chain", raw: "{\"seq\":\(head.seq),\"digest\":\"\(head.hex)\"}") }
        switch stats.asOf {
        case .seq(let seq): object.add("as_of", raw: "{\"seq\":\(seq)}")
        case .time(let time): object.add("as_of", raw: "{\"at\":" + JSONText.quote(time.description) + "}")
        case nil: break
        }
        return object.text + "\n"
    }
}
