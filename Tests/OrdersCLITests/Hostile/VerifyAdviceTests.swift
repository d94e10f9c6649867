import Testing

@testable import orders

/// What `orders verify` says mends what it found: a rebuild only for read model rows that differ
/// from the log; a backup for the log and what it records, the id dictionaries, and any damaged
/// branch page (a rebuild writes only rows that differ, and the rows under such a page are all
/// there, only not found by key).
struct VerifyAdviceTests {
    static let rebuild = "the read models: orders rebuild recomputes them from the log"

    @Test func rowsThatDifferFromTheLogAreMendedByARebuild() {
        #expect(VerifyAdvice.line(for: ["customers: C-1: orders 2, the log gives 3"]) == Self.rebuild)
        #expect(VerifyAdvice.line(for: ["stats: 1 entry besides the status counts"]) == Self.rebuild)
    }

    @Test func anIdDictionaryOrADamagedBranchPageIsSentToABackup() {
        let rows = "customers: C-1: orders 2, the log gives 3"
        let pages = "customer_orders: a lookup of key 10101763099010 does not find it (a damaged branch page)"
        for line in ["order_names: 12 names where the log names 13", "sku_ids: a pair names another id"] {
            let advice = VerifyAdvice.line(for: [rows, pages, line])
            #expect(advice.hasPrefix("the log or what it records: orders rebuild cannot mend that; restore"), "\(line)")
        }
        for line in [pages, "orders: a lookup of key 17 does not find it (a damaged branch page)"] {
            #expect(
                VerifyAdvice.line(for: [rows, line]).hasPrefix(
                    "a damaged branch page: orders rebuild cannot mend it (it rewrites only the rows that differ from the "
                        + "log); restore the store from a backup"), "\(line)")
        }
    }
}
