internal import BatchFormats
internal import LedgerDomain

/// What a file is to the store (SPEC §5), by one rule: the longest committed batch prefix of the
/// same format that the file starts with decides.
enum BatchMatch {
    /// No batch: the file is a new batch.
    case new
    /// A finished batch covering the whole file: already imported.
    case imported(number: UInt64, batch: StoredBatch)
    /// A finished batch that the file extends: a new batch continues after it.
    case continues(number: UInt64, batch: StoredBatch, hash: BatchHash)
    /// An unfinished batch: its import continues where it stopped.
    case resumes(number: UInt64, batch: StoredBatch, hash: BatchHash)
    /// A finished batch whose last line had no line end, which the file extends: a file error.
    case extendsCutLine(StoredBatch)

    /// Checks the candidates against the file (hashing its first bytes once, up to the longest
    /// candidate) and applies the rule.
    static func find(
        _ file: BatchFile, candidates: [(number: UInt64, batch: StoredBatch, verified: Bool)]
    ) throws(BatchFileError) -> BatchMatch {
        let fitting = candidates.filter { $0.batch.next.offset <= file.size }
        let lengths = Array(Set(fitting.map(\.batch.next.offset))).sorted()
        let hashes = Dictionary(uniqueKeysWithValues: zip(lengths, try file.hashes(at: lengths)))
        let matching = fitting.compactMap { candidate -> (number: UInt64, batch: StoredBatch, hash: BatchHash)? in
            let hash = hashes[candidate.batch.next.offset]!
            return hash.digest == candidate.batch.digest ? (candidate.number, candidate.batch, hash) : nil
        }
        guard let best = matching.max(by: { ($0.batch.next.offset, $0.number) < ($1.batch.next.offset, $1.number) }) else {
            return .new
        }
        if !best.batch.finished { return .resumes(number: best.number, batch: best.batch, hash: best.hash) }
        if best.batch.next.offset == file.size { return .imported(number: best.number, batch: best.batch) }
        if !best.batch.endsWithLineEnd { return .extendsCutLine(best.batch) }
        return .continues(number: best.number, batch: best.batch, hash: best.hash)
    }
}
