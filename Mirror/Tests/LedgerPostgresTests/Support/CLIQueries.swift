import Foundation

/// Each JSON query of the CLI, and the SQL in `Mirror/queries/` that answers it from the mirror
/// with the same JSON (the files a user runs with `psql`, and the standby demo too).
enum CLIQueries {
    /// `orders ARGUMENTS --format json` and its SQL.
    static let all: [(arguments: [String], sql: String)] = [
        (["list", "--limit", "0"], file("list")),
        (["customers"], file("customers")),
        (["revenue"], file("revenue")),
        (["skus"], file("skus")),
        (["stats"], file("stats")),
    ]

    /// The text of `Mirror/queries/NAME.sql`.
    static func file(_ name: String) -> String {
        let url = Programs.repository.appendingPathComponent("Mirror/queries/\(name).sql")
        guard let text = try? String(contentsOf: url, encoding: .utf8) else { preconditionFailure("missing \(url.path)") }
        return text
    }
}
