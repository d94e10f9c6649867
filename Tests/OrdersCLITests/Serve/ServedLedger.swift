import Foundation
import TestSupport

/// A store made by importing a batch with rejects, three currencies and markup in a carrier and a
/// reason, and the server over it. Batches are imported by their names in `directory`, as a user
/// in that folder would: the names are what the store keeps and the pages show.
struct ServedLedger {
    let directory = TemporaryDirectory()
    var store: String { directory.path + "/store" }

    static let batch = """
        type,order_id,customer_id,currency,lines,amount,at,carrier,reason
        place,O-1,C-1,EUR,A-1*2@1250;B-7*1@500,,2026-03-01T10:15:00Z,,
        pay,O-1,,,,3000,2026-03-01T10:16:00Z,,
        ship,O-1,,,,,2026-03-02T09:00:00Z,<script>alert(1)</script>,
        place,O-2,C-2,USD,A-1*1@999,,2026-03-01T11:00:00Z,,
        pay,O-2,,,,500,2026-03-02T11:00:00Z,,
        place,O-3,C-1,JPY,Z-9*3@1200,,2026-03-02T12:00:00Z,,
        cancel,O-3,,,,,2026-03-03T12:00:00Z,,"<b>changed</b> mind, & more"
        pay,O-9,,,,100,2026-03-03T12:00:00Z,,
        place,O-4,C-3,EUR,A-1*1@100,,2026-03-04T10:00:00Z,,
        pay,O-4,,,,999999,2026-03-04T10:01:00Z,,
        deliver,O-1,,,,,2026-03-04T12:00:00Z,,
        refund,O-1,,,,500,2026-03-05T12:00:00Z,,
        place,bad id,C-1,EUR,A-1*1@1,,2026-03-05T12:00:00Z,,

        """

    /// A later batch with a command id and a reject, whose file name (`secondName`) holds markup.
    static let secondBatch = """
        type,order_id,customer_id,currency,lines,amount,at,command_id
        pay,O-2,,,,499,2026-03-06T10:00:00Z,cmd-pay-2
        place,O-5,C-2,EUR,A-1*1@700,,2026-03-06T11:00:00Z,cmd-5
        pay,O-5,,,,700,2026-03-06T11:30:00Z,
        pay,O-99,,,,1,2026-03-06T12:00:00Z,

        """

    static let secondName = "second <b>&.csv"

    /// Imports the batch; its rejects make the import exit 1.
    init() throws {
        try importWithRejects("batch.csv", Self.batch)
    }

    /// Imports `count` more orders, placed and paid (two events each): a log whose stream
    /// outgrows the sockets' buffers many times over.
    func importOrders(_ count: Int) throws {
        var batch = "type,order_id,customer_id,currency,lines,amount,at\n"
        for index in 0..<count {
            batch +=
                "place,M-\(index),C-\(index % 97),EUR,A-1*2@150;B-7*1@500,,2026-03-08T10:00:00Z\n"
                + "pay,M-\(index),,,,800,2026-03-08T11:00:00Z\n"
        }
        let result = try OrdersBinary.run(["import", "--store", store, directory.file("orders.csv", batch)])
        guard result.status == 0 else {
            throw HTTPExchange.Failure("the import of \(count) orders exited \(result.status): \(result.standardError)")
        }
    }

    /// Imports `secondBatch` as `secondName`.
    func importSecondBatch() throws {
        try importWithRejects(Self.secondName, Self.secondBatch)
    }

    /// Writes `content` to `name` in the directory and imports it from there; it has rejects, so
    /// the import must exit 1.
    private func importWithRejects(_ name: String, _ content: String) throws {
        _ = directory.file(name, content)
        let result = try OrdersBinary.run(["import", "--store", store, name], in: directory.path)
        guard result.status == 1 else {
            throw HTTPExchange.Failure("the import of \(name) exited \(result.status): \(result.standardError)")
        }
    }

    /// What `orders ARGUMENTS --format json` prints for the store.
    func cli(_ arguments: [String]) throws -> String {
        let result = try OrdersBinary.run(arguments + ["--store", store, "--format", "json"])
        guard result.status == 0 else {
            throw HTTPExchange.Failure("orders \(arguments) exited \(result.status): \(result.standardError)")
        }
        return result.standardOutput
    }
}
