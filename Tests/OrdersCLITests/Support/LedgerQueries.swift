/// What every query of a store answers, for comparing two stores as a user sees them.
enum LedgerQueries {
    static let all = [["list", "--limit", "0"], ["customers"], ["revenue"], ["skus"], ["stats"]]

    /// The JSON answer of every query (with its exit status) of the store at `store`.
    static func answers(of store: String) throws -> [String] {
        try all.map { query in
            let result = try OrdersBinary.run(query + ["--store", store, "--format", "json"])
            return "\(result.status) \(result.standardOutput)"
        }
    }
}
