/// How far a reader may read a batch: the size the file had when it was opened, and the check
/// that runs on reaching it (throws when the file shrank or was rewritten; `true` when it grew).
public struct ReadLimit {
    public let size: UInt64
    public let checkAtEnd: () throws -> Bool

    public init(size: UInt64, checkAtEnd: @escaping () throws -> Bool) {
        self.size = size
        self.checkAtEnd = checkAtEnd
    }
}
