internal import BatchFormats
internal import LedgerDomain

/// Brings in, ahead of applying a record, the memory its lookups read: the import's tables are
/// far larger than the caches, and without this each lookup of an order, customer, sku or command
/// id, and each order state, waits for its cache misses one after another. The records of a batch
/// are known ahead (the reading thread decoded and hashed them), so the applying thread asks, for
/// the records ahead of the one it applies, in stages: the table slots (`slotDistance` ahead),
/// the entries they point to (`entryDistance`), and the state of the order numbered in its entry
/// (`stateDistance`). Each stage reads only what the one before brought in. (The read model rows
/// are folded on a thread of their own, which prefetches them: `ReadModelCache.fold`.) Hints
/// only: a prefetch never changes what a lookup finds, and a number guessed wrong (hash bits
/// shared) costs a useless prefetch.
struct ImportPrefetch {
    let identifiers: ImportIdentifiers
    let commands: CommandIndex
    let orders: OrderStates

    // How many records ahead of the one applied each stage works: far enough for a cache miss to
    // be served before the record is applied; the time is not sensitive to the exact distances.
    static let slotDistance = 16
    static let entryDistance = 10
    static let stateDistance = 5

    /// Called before record `index` of `records` is applied: asks for what the records at each
    /// stage's distance after it will read.
    func ahead(of index: Int, in records: [ParsedRecord], lines: UnsafeBufferPointer<DecodedLine>) {
        if let command = command(index + Self.slotDistance, of: records) { slots(of: command, lines: lines) }
        if let command = command(index + Self.entryDistance, of: records) { entries(of: command, lines: lines) }
        if let command = command(index + Self.stateDistance, of: records), command.kind != .place,
            let order = identifiers.orders.guessNumber(hash: command.orderID.hash)
        {
            orders.prefetch(OrderNumber(order))
        }
    }

    private func command(_ index: Int, of records: [ParsedRecord]) -> DecodedCommand? {
        index < records.count ? records[index].command : nil
    }

    private func slots(of command: DecodedCommand, lines: UnsafeBufferPointer<DecodedLine>) {
        identifiers.orders.prefetchSlot(hash: command.orderID.hash)
        if let id = command.commandID { commands.prefetchSlot(hash: id.hash) }
        guard command.kind == .place else { return }
        identifiers.customers.prefetchSlot(hash: command.customer.hash)
        for line in command.lines { identifiers.skus.prefetchSlot(hash: lines[line].sku.hash) }
    }

    private func entries(of command: DecodedCommand, lines: UnsafeBufferPointer<DecodedLine>) {
        identifiers.orders.prefetchEntry(hash: command.orderID.hash, count: Int(command.orderID.count))
        guard command.kind == .place else { return }
        identifiers.customers.prefetchEntry(hash: command.customer.hash, count: Int(command.customer.count))
        for line in command.lines {
            identifiers.skus.prefetchEntry(hash: lines[line].sku.hash, count: Int(lines[line].sku.count))
        }
    }
}
