import Foundation

/// What every query of a store answers, for comparing two stores as a user sees them.
enum LedgerQueries {
    static let all = [["list", "--limit", "0"], ["customers"], ["revenue"], ["skus"], ["stats"]]

    /// The JSON answer of every query (with its exit status) of the store at `store`. The hash
    /// chain's head is left out of `stats`: it depends on where the commits fell, not only on the ledger.
    static func answers(of store: String) throws -> [String] {
        try all.map { query in
            let result = try OrdersBinary.run(query + ["--store", store, "--format", "json"])
            let output = result.standardOutput.replacing(#/,"chain":\{"seq":\d+,"digest":"[0-9a-f]{64}"\}/#, with: "")
            return "\(result.status) \(output)"
        }
    }

    /// The log's head seq as `stats` tells it (0 while there is no store yet).
    static func headSeq(of store: String) throws -> Int {
        let result = try OrdersBinary.run(["stats", "--store", store, "--format", "json"])
        guard result.status == 0,
            let object = try? JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any]
        else { return 0 }
        return object["head_seq"] as? Int ?? 0
    }
}
