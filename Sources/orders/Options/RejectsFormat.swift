import ArgumentParser

/// How `orders rejects` prints: JSON Lines like the `--rejects` file, CSV, or a table for people.
enum RejectsFormat: String, ExpressibleByArgument, CaseIterable {
    case jsonl
    case csv
    case table
}
