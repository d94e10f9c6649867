import ArgumentParser

/// How a query prints: `table` for people, `json` and `csv` for programs.
enum QueryFormat: String, ExpressibleByArgument, CaseIterable {
    case table, json, csv
}
