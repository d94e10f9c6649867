/// A range that `orders diff` cannot answer: its ends of different kinds, its start after its end,
/// or a seq past the log's head (a usage error, SPEC §11).
public struct DiffRangeError: Error, Equatable, Sendable {
    public let message: String

    public init(_ message: String) { self.message = message }
}
