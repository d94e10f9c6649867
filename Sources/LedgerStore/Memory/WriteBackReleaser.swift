internal import LMDB

/// Drops the map's pages every few writes while a chunk writes its rows back. The rows go in key
/// order, so each leaf page is read once and the pages behind the write are not read again; left
/// mapped, they add up to most of the database written back (and the kernel maps up to 16 pages
/// around each page read), which is what set the import's peak resident memory on batches whose
/// chunks change rows all over a database.
struct WriteBackReleaser {
    /// Writes between drops: few enough that the pages mapped meanwhile stay small, many enough
    /// that the branch pages read again after a drop cost only a few faults per interval.
    static let interval = 512
    private let region: MappedRegion?
    private var writes = 0

    init(_ region: MappedRegion?) { self.region = region }

    /// Counts one write; drops the pages at every `interval`-th.
    mutating func wrote() {
        writes += 1
        guard writes == Self.interval else { return }
        writes = 0
        region?.releasePages()
    }
}
