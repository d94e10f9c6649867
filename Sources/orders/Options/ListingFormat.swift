import ArgumentParser

/// How a listing that streams prints (`list`, `events`): `table` for people; `json` (an array,
/// one object per line), `jsonl` (one object per line, nothing else) and `csv` for programs.
enum ListingFormat: String, ExpressibleByArgument, CaseIterable {
    case table, json, jsonl, csv
}
