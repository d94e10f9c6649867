internal import LMDB

/// The databases that say where each event came from (store format 7): `provenance` and
/// `batch_files`. Written with the events and batch records, read only by `orders batches`,
/// `orders blame` and `orders verify`, never on the replay path.
struct ProvenanceDatabases {
    /// First seq of a run of events (big-endian `UInt64`) → `ProvenanceRun`; key 0 →
    /// `ProvenanceStart`.
    let provenance: Database
    /// Batch number (big-endian `UInt64`) → `BatchFileRecord`.
    let batchFiles: Database

    static let names = ["provenance", "batch_files"]
}
