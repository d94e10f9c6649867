/// How far the current file's import is, reported after each committed chunk.
public struct ImportTick: Hashable, Sendable {
    public let file: String
    public let records: Int
    public let bytesDone: UInt64
    public let bytesTotal: UInt64

    public init(file: String, records: Int, bytesDone: UInt64, bytesTotal: UInt64) {
        self.file = file
        self.records = records
        self.bytesDone = bytesDone
        self.bytesTotal = bytesTotal
    }
}
