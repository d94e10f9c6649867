/// Where the next unread record of a batch file starts: a byte offset and its 1-based line.
public struct BatchPosition: Hashable, Sendable {
    public var offset: UInt64
    public var line: Int

    public init(offset: UInt64, line: Int) {
        self.offset = offset
        self.line = line
    }
}
