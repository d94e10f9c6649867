/// What importing one batch file did (SPEC §5 summary).
public struct ImportSummary: Hashable, Sendable {
    /// The path exactly as given.
    public let file: String
    public var records = 0
    public var accepted = 0
    public var rejected = 0
    public var duplicates = 0
    public var firstSeq: UInt64?
    public var lastSeq: UInt64?
    /// The same content had been imported completely before; nothing changed.
    public var alreadyImported = false
    /// The line an interrupted import of the same content continued from.
    public var resumedFromLine: Int?
    /// The lines of the finished batch this file extends: only the records after them were
    /// applied, and the counts are theirs (SPEC §5 continuation).
    public var continuedAfterLine: Int?
    /// `--atomic` found rejections, so nothing was applied.
    public var rolledBack = false
    /// A file error (SPEC §5 exit 2): nothing of the file was imported.
    public var fileError: String?

    public init(file: String) { self.file = file }

    /// 0: every record accepted or skipped; 1: some rejected; 2: file error (SPEC §5).
    public var exitStatus: Int32 {
        if fileError != nil { return 2 }
        return rejected > 0 ? 1 : 0
    }
}
