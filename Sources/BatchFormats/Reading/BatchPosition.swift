/// Where the next unread record of a batch file starts: a byte offset and its 1-based line.
public struct BatchPosition: Hashable, Sendable, Comparable {
    public var offset: UInt64
    public var line: Int

    public static func < (lhs: BatchPosition, rhs: BatchPosition) -> Bool { lhs.offset < rhs.offset }

    public init(offset: UInt64, line: Int) {
        self.offset = offset
        self.line = line
    }
}
