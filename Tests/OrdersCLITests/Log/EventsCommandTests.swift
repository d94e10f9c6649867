import Foundation
import TestSupport
import Testing

/// `orders events`: the log, one object per event, with the fields each event carries.
struct EventsCommandTests {
    let directory = TemporaryDirectory()

    /// A store holding the good sample batch.
    func sampleStore() throws -> String {
        let store = directory.path + "/store"
        #expect(try OrdersBinary.run(["import", "--store", store, "data/good-batch.csv"]).status == 0)
        return store
    }

    /// The JSON objects of a JSON Lines output.
    static func objects(_ text: String) throws -> [[String: Any]] {
        try text.split(separator: "\n").map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        }
    }

    @Test func everyEventCarriesExactlyTheKeysOfItsTypeAndMatchesTheOrdersHistory() throws {
        let store = try sampleStore()
        let result = try OrdersBinary.run(["events", "--store", store, "--format", "jsonl"])
        #expect(result.status == 0)
        let events = try Self.objects(result.standardOutput)
        #expect(events.map { $0["seq"] as? Int } == Array(1...events.count).map { $0 })
        let keys: [String: Set<String>] = [
            "placed": ["customer_id", "currency", "total", "lines"], "paid": ["amount"], "refunded": ["amount"],
            "shipped": ["carrier"], "delivered": [], "cancelled": ["refund", "reason"],
        ]
        for event in events {
            let type = try #require(event["type"] as? String)
            let extra = Set(event.keys).subtracting(["seq", "order_id", "version", "type", "at"])
            #expect(extra.isSubset(of: keys[type] ?? []), "\(event)")
            if type == "placed" || type == "cancelled" { #expect(extra.contains(type == "placed" ? "lines" : "refund")) }
            #expect(!event.values.contains { $0 is NSNull })
        }
        // Each order's events are its `show` history (seq, version, type, at, amount, refund, carrier, reason).
        for orderID in Set(events.compactMap { $0["order_id"] as? String }) {
            let show = try OrdersBinary.run(["show", "--store", store, "--format", "json", orderID])
            let history = try #require(
                (try JSONSerialization.jsonObject(with: Data(show.standardOutput.utf8)) as? [String: Any])?["history"]
                    as? [[String: Any]])
            let stream = events.filter { $0["order_id"] as? String == orderID }.map { event in
                event.filter { ["seq", "version", "type", "at", "amount", "refund", "carrier", "reason"].contains($0.key) }
            }
            #expect(NSArray(array: stream).isEqual(to: history), "\(orderID)")
            let ofOrder = try OrdersBinary.run(["events", "--store", store, "--format", "jsonl", "--order", orderID])
            #expect(
                NSArray(array: try Self.objects(ofOrder.standardOutput))
                    .isEqual(to: events.filter { $0["order_id"] as? String == orderID }))
        }
    }

    @Test func everyFormatListsTheSameEvents() throws {
        let store = try sampleStore()
        let jsonl = try OrdersBinary.run(["events", "--store", store, "--format", "jsonl"]).standardOutput
        let json = try OrdersBinary.run(["events", "--store", store, "--format", "json"]).standardOutput
        let array = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
        #expect(NSArray(array: array).isEqual(to: try Self.objects(jsonl)))
        #expect(json.split(separator: "\n").count == array.count + 2, "one object per line")
        let csv = try OrdersBinary.run(["events", "--store", store, "--format", "csv"]).standardOutput
        let csvLines = csv.split(separator: "\r\n")
        #expect(csvLines.first == "seq,order_id,version,type,at,customer_id,currency,total,lines,amount,refund,carrier,reason")
        #expect(csvLines.count == array.count + 1)
        #expect(csvLines.contains("1,O-1001,1,placed,2026-03-01T10:15:00.000Z,C-ada,EUR,3000,A-1*2@1250;B-7*1@500,,,,"))
        let table = try OrdersBinary.run(["events", "--store", store]).standardOutput.split(separator: "\n")
        #expect(table.first == "SEQ  AT                        ORDER          V  TYPE       DETAILS")
        #expect(table.count == array.count + 1)
        #expect(
            table[1] == "  1  2026-03-01T10:15:00.000Z  O-1001         1  placed     customer C-ada, total EUR 30.00, 2 lines")
    }

    @Test func fromToAndLimitChooseARangeOfSeqs() throws {
        let store = try sampleStore()
        func seqs(_ arguments: [String]) throws -> [Int] {
            let result = try OrdersBinary.run(["events", "--store", store, "--format", "jsonl"] + arguments)
            #expect(result.status == 0)
            return try Self.objects(result.standardOutput).compactMap { $0["seq"] as? Int }
        }
        #expect(try seqs(["--from", "3", "--to", "6"]) == [3, 4, 5, 6])
        #expect(try seqs(["--from", "3", "--limit", "2"]) == [3, 4])
        #expect(try seqs(["--from", "1000"]) == [])
        #expect(try seqs(["--order", "O-1002", "--from", "6", "--limit", "2"]) == [6, 7])
        let none = try OrdersBinary.run(["events", "--store", store, "--from", "1000"])
        #expect(none.standardOutput == "No events match.\n")
        #expect(
            try OrdersBinary.run(["events", "--store", store, "--from", "1000", "--format", "json"]).standardOutput == "[]\n")
    }

    @Test func aMissingOrderOrAContradictionIsOneLine() throws {
        let store = try sampleStore()
        let missing = try OrdersBinary.run(["events", "--store", store, "--order", "O-404"])
        #expect(missing.status == 1)
        #expect(missing.standardError == "orders: error: no order O-404 in this store; orders list shows the ids there are\n")
        let both = try OrdersBinary.run(["events", "--store", store, "--follow", "--to", "5"])
        #expect(both.status == 2)
        #expect(both.standardError.hasPrefix("orders: error: --follow and --to exclude each other"))
        #expect(try OrdersBinary.run(["events", "--store", directory.path + "/none"]).status == 1)
    }
}
