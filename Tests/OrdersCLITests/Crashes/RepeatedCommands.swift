import Foundation
import TestSupport

/// A batch that sends command ids the store accepted again, each on a payment of an order that
/// does not exist, in the columns of a batch the store imported: every record must come back a
/// duplicate, never an acceptance or a rejection.
enum RepeatedCommands {
    /// Imports into `store` one such record for each of `ids`, in the columns of the batch at
    /// `batch`, from `again.csv` in `directory`: the import's JSON summary and what it printed.
    static func importAgain(
        _ ids: [String], columnsOf batch: String, into store: String, in directory: TemporaryDirectory
    ) throws -> (summary: [String: Any]?, output: String) {
        let header = try String(contentsOfFile: batch, encoding: .utf8).prefix { $0 != "\n" }
        let columns = header.split(separator: ",", omittingEmptySubsequences: false)
        let rows = ids.map { id in
            columns.map { column -> String in
                switch column {
                case "type": "pay"
                case "order_id": "no-such-order"
                case "amount": "1"
                case "at": "2026-03-01T10:00:00Z"
                case "command_id": id
                default: ""
                }
            }.joined(separator: ",")
        }
        let file = directory.file("again.csv", ([String(header)] + rows).joined(separator: "\n") + "\n")
        let result = try OrdersBinary.run(["import", "--store", store, "--format", "json", file])
        let summaries = try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [[String: Any]]
        return (summaries?.first, result.standardOutput)
    }
}
