import ArgumentParser

/// The batch format `orders export` writes (SPEC §4).
enum ExportFormat: String, ExpressibleByArgument, CaseIterable {
    case csv, jsonl

    var listingFormat: ListingFormat { self == .csv ? .csv : .jsonl }
}
