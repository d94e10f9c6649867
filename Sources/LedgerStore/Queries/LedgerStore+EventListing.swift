public import LedgerServices

extension LedgerStore: EventListing {
    public func events(from: UInt64, through: UInt64, order: String?, limit: Int) throws -> [EventRow]? {
        try snapshot { snapshot in
            var rows: [EventRow] = []
            guard let order else {
                try snapshot.forEachEvent(from: from, through: through, limit: limit) { rows.append($0) }
                return rows
            }
            let found = try snapshot.forEachEvent(ofOrder: order, from: from, through: through, limit: limit) {
                rows.append($0)
            }
            return found ? rows : nil
        }
    }
}
