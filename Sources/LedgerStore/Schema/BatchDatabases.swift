internal import LMDB

/// The databases that record batches (store format 2): `batches`, `batch_heads`, `rejections`.
struct BatchDatabases {
    let batches: Database
    let heads: Database
    let rejections: Database

    static let names = ["batches", "batch_heads", "rejections"]
}
