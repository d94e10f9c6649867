internal import LedgerDomain

/// Customer and sku numbers already committed to the log. A committed number never changes, so
/// these stay true across chunks and beside other importers; numbers defined by a chunk join only
/// after that chunk commits (an aborted transaction's numbers were never real).
struct KnownIdentifiers {
    /// Past this many entries a map starts over (memory stays bounded).
    static let limit = 1 << 20

    var customers: [CustomerID: CustomerNumber] = [:]
    var skus: [SKU: SKUNumber] = [:]

    mutating func merge(_ learned: KnownIdentifiers) {
        if customers.count + learned.customers.count > Self.limit { customers.removeAll(keepingCapacity: true) }
        if skus.count + learned.skus.count > Self.limit { skus.removeAll(keepingCapacity: true) }
        customers.merge(learned.customers) { old, _ in old }
        skus.merge(learned.skus) { old, _ in old }
    }
}
