@testable import LedgerStore

extension LedgerStore {
    /// Every key and value of the read model databases, as hex.
    func readModelBytes() throws -> [String] {
        let tables: [LedgerTransaction.Table] = [\.orders, \.customerOrders, \.customers, \.skus, \.revenue, \.stats]
        return try read { ledger in
            try tables.flatMap { table in
                try ledger.scan(table) { entries in
                    entries.map { entry in (Array(entry.key) + [0xFF] + Array(entry.value)).map { String($0, radix: 16) }.joined()
                    }
                }
            }
        }
    }
}
