/// How a reader's fields are typed: CSV gives text everywhere, JSON gives integers for numbers.
public enum RecordFormat: String, Sendable, CaseIterable {
    case csv
    case jsonl
}
