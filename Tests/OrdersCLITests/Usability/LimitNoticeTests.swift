import Foundation
import TestSupport
import Testing

/// A limit never cuts a list silently: the table's last line says how many there are, and JSON,
/// JSON Lines and CSV say it on standard error, for every command with a limit.
struct LimitNoticeTests {
    let directory = TemporaryDirectory()
    var store: String { directory.path + "/store" }

    /// 150 orders (past `list`'s default limit of 100) over two skus.
    init() throws {
        var batch = "type,order_id,customer_id,currency,lines,at\n"
        for index in 0..<150 {
            batch += "place,O-\(1000 + index),C-\(index % 9),EUR,\(index % 2 == 0 ? "A" : "B")*1@100,2026-03-01T10:00:00Z\n"
        }
        #expect(try OrdersBinary.run(["import", "--store", store, directory.file("many.csv", batch)]).status == 0)
    }

    func run(_ arguments: [String]) throws -> OrdersBinary.Output {
        let result = try OrdersBinary.run(arguments + ["--store", store])
        #expect(result.status == 0, "\(arguments): \(result.standardError)")
        return result
    }

    @Test func listPastTheDefaultLimitSaysSoInEveryFormat() throws {
        let table = try run(["list"])
        #expect(table.standardOutput.split(separator: "\n").last == "100 of 150 orders (--limit 0 for all)")
        #expect(table.standardOutput.split(separator: "\n").count == 102)
        #expect(table.standardError.isEmpty)
        let note = "orders: note: 100 of 150 orders written (--limit 0 for all)\n"
        let json = try run(["list", "--format", "json"])
        #expect((try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [Any])?.count == 100)
        #expect(json.standardError == note)
        let jsonl = try run(["list", "--format", "jsonl"])
        #expect(jsonl.standardOutput.split(separator: "\n").count == 100)
        #expect(jsonl.standardError == note)
        let csv = try run(["list", "--format", "csv"])
        #expect(csv.standardOutput.split(separator: "\r\n").count == 101)
        #expect(csv.standardError == note)
    }

    @Test func aListThatIsNotCutSaysNothingMore() throws {
        let all = try run(["list", "--limit", "0"])
        #expect(all.standardOutput.split(separator: "\n").last == "150 orders")
        #expect(try run(["list", "--limit", "0", "--format", "csv"]).standardError.isEmpty)
        let filtered = try run(["list", "--customer", "C-1", "--limit", "5"])
        #expect(filtered.standardOutput.split(separator: "\n").last == "5 of 17 orders (--limit 0 for all)")
        // Counted from the status counts, from a walk of a past moment, and from a walk by date.
        for arguments in [["--status", "placed,paid"], ["--as-of", "150"], ["--from", "2026-03-01"]] {
            let cut = try run(["list", "--limit", "5"] + arguments)
            #expect(cut.standardOutput.split(separator: "\n").last == "5 of 150 orders (--limit 0 for all)", "\(arguments)")
        }
        #expect(try run(["list", "--status", "paid", "--limit", "5"]).standardOutput == "No orders match.\n")
    }

    @Test func eventsAndSkusSayWhatTheirLimitLeftOut() throws {
        let events = try run(["events", "--limit", "3"])
        #expect(events.standardOutput.split(separator: "\n").last == "3 of 150 events (--limit 0 for all)")
        let jsonl = try run(["events", "--limit", "3", "--format", "jsonl"])
        #expect(jsonl.standardError == "orders: note: 3 of 150 events written (--limit 0 for all)\n")
        #expect(try run(["events", "--order", "O-1000", "--limit", "1"]).standardOutput.hasSuffix("\n") == true)
        let skus = try run(["skus", "--top", "1"])
        #expect(skus.standardOutput.split(separator: "\n").last == "1 of 2 skus (--top 0 for all)")
        let csv = try run(["skus", "--top", "1", "--format", "csv"])
        #expect(csv.standardError == "orders: note: 1 of 2 skus written (--top 0 for all)\n")
        #expect(try run(["skus", "--top", "2", "--format", "json"]).standardError.isEmpty)
    }
}
