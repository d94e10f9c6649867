/// How far a reader may read a batch: the size the file had when it was opened, and the check
/// that runs on reaching it (throws when the file shrank or was rewritten; `true` when it grew).
struct ReadLimit {
    let size: UInt64
    let checkAtEnd: () throws -> Bool
}
