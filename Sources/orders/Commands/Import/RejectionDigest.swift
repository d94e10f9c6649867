import LedgerDomain
import LedgerServices

/// Keeps what an import's summary shows of its rejections, file by file: the first few records
/// and the number per code, while every record goes on to the `--rejects` file when there is one.
/// Safe: used by one import task at a time, one file after another, so its state is never
/// touched from two threads at once.
final class RejectionDigest: RejectsOutput, @unchecked Sendable {
    /// How many records a file's digest shows.
    static let shownPerFile = 5

    /// What one file's rejections come to.
    struct FileDigest {
        var first: [RejectedRecord] = []
        var countPerCode: [RejectionCode: Int] = [:]
    }

    private let next: (any RejectsOutput)?
    private(set) var files: [String: FileDigest] = [:]
    /// The chunk written last and what it added, to take back when a retried commit writes it again.
    private var lastChunk: (chunk: Int, counted: [String: [RejectionCode: Int]], shown: [String: Int])?

    /// Passes every record on to `next` (the `--rejects` file), if any.
    init(passingOnTo next: (any RejectsOutput)?) { self.next = next }

    func write(_ records: [RejectedRecord], chunk: Int) throws {
        try next?.write(records, chunk: chunk)
        if let lastChunk, lastChunk.chunk == chunk {
            for (file, counts) in lastChunk.counted {
                for (code, count) in counts { files[file]?.countPerCode[code, default: 0] -= count }
            }
            for (file, count) in lastChunk.shown { files[file]?.first.removeLast(count) }
        }
        var counted: [String: [RejectionCode: Int]] = [:]
        var shown: [String: Int] = [:]
        for record in records {
            var digest = files[record.file] ?? FileDigest()
            digest.countPerCode[record.rejection.code, default: 0] += 1
            counted[record.file, default: [:]][record.rejection.code, default: 0] += 1
            if digest.first.count < Self.shownPerFile {
                digest.first.append(record)
                shown[record.file, default: 0] += 1
            }
            files[record.file] = digest
        }
        lastChunk = (chunk, counted, shown)
    }
}
