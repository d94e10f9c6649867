internal import BatchFormats

extension BatchReader {
    /// The SHA-256 of every byte consumed so far, and whether they end with a line end. An
    /// importer makes its readers with a `BatchHash` (see `Importer`), so that is what they hold.
    func consumedBatchHash() -> (hash: BatchHash, endsWithLineEnd: Bool) {
        let (digest, endsWithLineEnd) = consumedHash()
        guard let hash = digest as? BatchHash else { preconditionFailure("an importer's reader hashes with BatchHash") }
        return (hash, endsWithLineEnd)
    }
}
