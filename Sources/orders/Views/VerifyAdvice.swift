import LedgerServices

/// What can mend the differences `orders verify` found, by kind: the read models are recomputed
/// from the log by `orders rebuild`, but nothing recomputes the log, its hash chain, the id
/// dictionaries, the records of what was imported or where each event came from (provenance):
/// those come back from a backup. Nor does a rebuild mend a damaged branch page: it writes only
/// the rows that differ, and the rows under such a page are all there, only not found by key.
enum VerifyAdvice {
    /// The prefixes of the differences that only a backup can mend.
    static let beyondRebuild = [
        "log:", "chain:", "batches:", "batch_heads:", "commands:", "rejections:", "ids:", "imports:", "meta:",
        "provenance:", "batch_files:", "order_names:", "customer_names:", "sku_names:", "order_ids:", "customer_ids:",
        "sku_ids:",
    ]

    /// What mends the differences: a backup when the log or a record beside it differs (a
    /// rebuild would copy the damage into the read models) or a branch page is damaged, else a rebuild.
    static func line(for differences: [String]) -> String {
        let inLog = differences.contains { line in beyondRebuild.contains { line.hasPrefix($0) } }
        let inPages = differences.contains { $0.hasSuffix(VerifyReport.damagedBranchPage) }
        guard inLog || inPages else { return "the read models: orders rebuild recomputes them from the log" }
        let what =
            inLog
            ? "the log or what it records: orders rebuild cannot mend that"
            : "a damaged branch page: orders rebuild cannot mend it (it rewrites only the rows that differ from the log)"
        return what + "; restore the store from a backup (orders backup makes one), and prove the backup's history "
            + "with orders verify --expect HEX@SEQ and a digest recorded before the damage"
    }
}
