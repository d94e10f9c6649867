/// An import stopped on request (`ImportOptions.shouldStop`) before it finished: the transaction
/// in progress was abandoned, every earlier commit stays, and importing the same file again
/// continues after them.
public struct ImportInterrupted: Error, Hashable, Sendable {
    /// The batch path as given.
    public let file: String
    /// Lines 1…`committedLines` of the file are committed (by this run and any earlier one);
    /// 0 when no record of it is.
    public let committedLines: Int

    public init(file: String, committedLines: Int) {
        self.file = file
        self.committedLines = committedLines
    }
}
