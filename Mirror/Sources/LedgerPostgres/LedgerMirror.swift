import LedgerDomain
public import LedgerServices
import PostgresNIO

/// Copies an event log into PostgreSQL and keeps there the read models the CLI answers from.
///
/// Each transaction copies a run of events (`COPY`), the read model rows they change (folded here
/// with the store's own `ReadModelFold`, then deleted and copied anew) and the checkpoint, so a
/// kill at any moment leaves the database at the end of a commit; the next run continues after
/// its checkpoint. A database whose events are not the store's is refused.
///
/// The checkpoint keeps the history's digest at its seq (`EventLogPage.chain`), committed with
/// the rows it covers: `Mirror/queries/digest.sql` prints it as `HEX@SEQ` for
/// `orders verify --expect`, and a run that finds the store's digest there different refuses.
/// PostgreSQL cannot compute the digest itself: it is defined over the store's encoded events.
public struct LedgerMirror: Sendable {
    private let log: any EventLogReading
    private let address: PostgresAddress
    private let logger = Logger(label: "orders.mirror")

    public init(log: any EventLogReading, address: PostgresAddress) {
        self.log = log
        self.address = address
    }

    /// Mirrors the log up to its head (and on, with `follow`, until `shouldStop`). `committed`
    /// hears of each commit.
    public func run(
        _ options: MirrorOptions, shouldStop: @Sendable () -> Bool = { false },
        committed: (MirrorReport) -> Void = { _ in }
    ) async throws -> MirrorReport {
        let connection = try await connect()
        do {
            let report = try await mirror(over: connection, options, shouldStop: shouldStop, committed: committed)
            try? await connection.close()
            return report
        } catch {
            try? await connection.close()
            throw translated(error)
        }
    }

    private func connect() async throws -> PostgresConnection {
        do {
            return try await PostgresConnection.connect(configuration: try address.configuration(), id: 1, logger: logger)
        } catch {
            throw translated(error)
        }
    }

    private func mirror(
        over connection: PostgresConnection, _ options: MirrorOptions, shouldStop: @Sendable () -> Bool,
        committed: (MirrorReport) -> Void
    ) async throws -> MirrorReport {
        let locked = try await connection.query("SELECT pg_try_advisory_lock(\(MirrorSchema.lockKey))", logger: logger)
            .collect().first?.decode(Bool.self)
        guard locked == true else {
            throw MirrorError.busy("another orders mirror is writing into \(address); wait for it to finish or stop it")
        }
        try await execute("BEGIN", on: connection)
        for statement in MirrorSchema.tables { try await execute(PostgresQuery(unsafeSQL: statement), on: connection) }
        try await execute("COMMIT", on: connection)
        let (checkpoint, digest) = try await checkpoint(of: connection)
        var fold = MirrorFold()
        let (samples, storeDigest) = try catchUp(&fold, to: checkpoint, pageSize: options.eventsPerCommit)
        try await checkSameLedger(samples, on: connection)
        try await checkSameHistory(held: digest, store: storeDigest, at: checkpoint, on: connection)
        var report = MirrorReport(startSeq: checkpoint, seq: checkpoint, commits: 0)
        // Without its keys the database is in a first copy (perhaps a resumed one), whose read
        // model tables are written once, at the log's head, instead of in every transaction.
        let missingAtStart = try await missingKeys(on: connection)
        var modelsAtHeadOnly = !missingAtStart.isEmpty
        var keysAdded = false
        while !shouldStop() {
            let page = try log.page(
                after: fold.seq, limit: min(options.eventsPerCommit, MirrorRows.pageEvents), names: fold.names)
            fold.learnNames(of: page)
            if page.events.isEmpty {
                if !keysAdded { try await addMissingKeys(on: connection) }
                keysAdded = true
                guard options.follow else { break }
                try await Task.sleep(for: options.pollInterval)
                continue
            }
            let wroteEveryModel = try await commit(
                page, upTo: options.eventsPerCommit, modelsAtHeadOnly: modelsAtHeadOnly, fold: &fold, on: connection)
            if wroteEveryModel { modelsAtHeadOnly = false }
            report.seq = fold.seq
            report.commits += 1
            committed(report)
        }
        return report
    }

    /// The keys and indexes of `MirrorSchema.keys` the database lacks, by name.
    private func missingKeys(on connection: PostgresConnection) async throws -> Set<String> {
        let names = MirrorSchema.keys.map(\.name)
        let rows = try await connection.query(
            """
            SELECT name FROM unnest(\(names)::text[]) AS name WHERE to_regclass(name) IS NULL
                AND NOT EXISTS (SELECT 1 FROM pg_constraint WHERE conname = name AND pg_table_is_visible(conrelid))
            """, logger: logger
        ).collect()
        return Set(try rows.map { try $0.decode(String.self) })
    }

    /// Adds the keys and indexes the database lacks (all of them after a first copy), in one
    /// transaction; a duplicate event would make the events' key fail here, never pass.
    private func addMissingKeys(on connection: PostgresConnection) async throws {
        let missing = try await missingKeys(on: connection)
        guard !missing.isEmpty else { return }
        try await execute("BEGIN", on: connection)
        // Index builds sort in memory up to this (the server's default, 64 MB, spills a 1M-order store's keys to disk).
        try await execute("SET LOCAL maintenance_work_mem = '256MB'", on: connection)
        for key in MirrorSchema.keys where missing.contains(key.name) {
            try await execute(PostgresQuery(unsafeSQL: key.statement), on: connection)
        }
        MirrorFaults.reach(.beforeKeysCommit)
        try await execute("COMMIT", on: connection)
    }

    /// The database's checkpoint and the digest it holds there (`nil` before any is stored),
    /// after checking that its events end there.
    private func checkpoint(of connection: PostgresConnection) async throws -> (seq: UInt64, digest: String?) {
        let rows = try await connection.query(
            """
            SELECT (SELECT seq FROM mirror_checkpoint), (SELECT count(*) FROM mirror_checkpoint),
                (SELECT coalesce(max(seq), 0) FROM events), (SELECT max(digest) FROM mirror_checkpoint)
            """,
            logger: logger
        ).collect()
        guard let row = rows.first else { throw MirrorError.database("\(address) answered no checkpoint") }
        let (checkpoint, count, maxSeq, digest) = try row.decode((Int64, Int64, Int64, String?).self)
        guard count == 1, checkpoint == maxSeq, checkpoint >= 0 else {
            throw MirrorError.differentLedger(
                "\(address) holds events up to seq \(maxSeq) but its mirror_checkpoint says \(count == 1 ? String(checkpoint) : "\(count) rows"): something other than orders mirror changed it; mirror into an empty database"
            )
        }
        return (UInt64(checkpoint), digest)
    }

    /// Folds the log up to `checkpoint` without writing, keeping the events to compare with the
    /// database's (its first, middle and last) and the store's digest at `checkpoint` (that of
    /// the last page, which ends there).
    private func catchUp(
        _ fold: inout MirrorFold, to checkpoint: UInt64, pageSize: Int
    ) throws -> (samples: [UInt64: String], digest: ChainDigest?) {
        let sampled: Set<UInt64> = checkpoint == 0 ? [] : [1, (checkpoint + 1) / 2, checkpoint]
        var samples: [UInt64: String] = [:]
        var digest: ChainDigest?
        var none: TouchedRows?
        while fold.seq < checkpoint {
            let page = try log.page(after: fold.seq, limit: Int(min(UInt64(pageSize), checkpoint - fold.seq)), names: fold.names)
            fold.learnNames(of: page)
            digest = page.chain
            guard !page.events.isEmpty else {
                throw MirrorError.differentLedger(
                    "\(address) holds \(checkpoint) events but the store's log has only \(page.headSeq): the database mirrors another ledger; mirror into an empty database"
                )
            }
            for event in page.events {
                try fold.apply(event, touched: &none)
                if sampled.contains(fold.seq) { samples[fold.seq] = Self.identity(of: event, fold: fold) }
            }
        }
        return (samples, digest)
    }

    /// One event as text that tells ledgers apart: order, version, type, time and money.
    private static func identity(of event: OrderEvent, fold: MirrorFold) -> String {
        let money = event.kind == .shipped || event.kind == .delivered ? 0 : event.amount
        return "\(fold.orderIDs[event.order.index]) version \(event.version) \(event.kind) at \(event.at) amount \(money)"
    }

    /// Refuses a database whose sampled events differ from the store's.
    private func checkSameLedger(_ samples: [UInt64: String], on connection: PostgresConnection) async throws {
        guard !samples.isEmpty else { return }
        let seqs = samples.keys.sorted().map { Int64($0) }
        let rows = try await connection.query(
            """
            SELECT seq, order_id, version, type, (extract(epoch FROM at) * 1000)::bigint,
                coalesce(total, amount, refund, 0) FROM events WHERE seq = ANY(\(seqs))
            """, logger: logger
        ).collect()
        var found: [UInt64: String] = [:]
        for row in rows {
            let (seq, order, version, type, milliseconds, money) = try row.decode(
                (Int64, String, Int32, String, Int64, Int64).self)
            found[UInt64(seq)] =
                "\(order) version \(version) \(type) at \(Timestamp(milliseconds: milliseconds)) amount \(money)"
        }
        for seq in seqs.map({ UInt64($0) }) where found[seq] != samples[seq] {
            throw MirrorError.differentLedger(
                "\(address) holds another ledger: its event \(seq) is \(found[seq] ?? "missing"), the store's is \(samples[seq] ?? ""); mirror into an empty database"
            )
        }
    }

    /// Refuses a database whose digest at its checkpoint is not the store's there: the store's
    /// history up to it was rewritten, or it is another store whose sampled events happen to
    /// match. A database that holds no digest yet (made before the mirror kept one) adopts the
    /// store's, its sampled events having matched.
    private func checkSameHistory(
        held: String?, store: ChainDigest?, at checkpoint: UInt64, on connection: PostgresConnection
    ) async throws {
        guard checkpoint > 0 else { return }
        guard let held else {
            guard let store else { return }
            try await execute(
                "UPDATE mirror_checkpoint SET digest = \(store.hex) WHERE seq = \(Int64(checkpoint))", on: connection)
            return
        }
        guard held != store?.hex else { return }
        throw MirrorError.differentLedger(
            "\(address) holds the history up to seq \(checkpoint) with digest \(held), the store's is \(store?.hex ?? "none"): the store's history was rewritten or it is another store; restore the store the mirror copied or mirror into an empty database"
        )
    }

    /// Folds the events from `first` on, up to `limit` of them, and commits their rows, the read
    /// model rows they change and the checkpoint in one transaction. The events are read in pages
    /// and their rows go out in slices as they are folded, so that PostgreSQL takes in one slice
    /// while the next is built. With `modelsAtHeadOnly` (a first copy) the read model tables are
    /// left alone unless the transaction reaches the log's head, where they are emptied and
    /// written whole, each row once; it returns whether it did so.
    private func commit(
        _ first: EventLogPage, upTo limit: Int, modelsAtHeadOnly: Bool, fold: inout MirrorFold,
        on connection: PostgresConnection
    ) async throws -> Bool {
        var touched: TouchedRows? =
            modelsAtHeadOnly ? nil : TouchedRows(customersBefore: fold.models.customers.count, skusBefore: fold.models.skus.count)
        var page = first
        var copied = 0
        var chain = first.chain
        var atHead = false
        try await execute("BEGIN", on: connection)
        while true {
            var rows = MirrorRows()
            try await connection.copyFrom(table: "events", columns: MirrorRows.eventColumns, logger: logger) { writer in
                for event in page.events {
                    try fold.apply(event, touched: &touched)
                    rows.add(event, seq: fold.seq, fold: fold)
                    if rows.events.bytes.count >= MirrorRows.sliceBytes { try await writer.write(rows.takeEvents()) }
                }
                if !rows.events.isEmpty { try await writer.write(rows.takeEvents()) }
            }
            try await copy(rows.takeLines(), into: "event_lines", MirrorRows.lineColumns, on: connection)
            copied += page.events.count
            chain = page.chain
            atHead = fold.seq >= page.headSeq
            guard copied < limit, !atHead else { break }
            page = try log.page(after: fold.seq, limit: min(limit - copied, MirrorRows.pageEvents), names: fold.names)
            fold.learnNames(of: page)
            guard !page.events.isEmpty else {
                atHead = true
                break
            }
        }
        MirrorFaults.reach(.afterEvents)
        let wroteEveryModel = modelsAtHeadOnly && atHead
        if let touched {
            try await deleteRows(touched, fold: fold, on: connection)
            try await writeModels(
                orders: touched.orders, customers: touched.customers, revenue: touched.revenue, skus: touched.skus,
                fold: fold, on: connection)
        } else if wroteEveryModel {
            let tables = MirrorRows.readModelTables.map(\.name).joined(separator: ", ")
            try await execute(PostgresQuery(unsafeSQL: "TRUNCATE \(tables)"), on: connection)
            try await writeModels(
                orders: 0..<fold.orders.count, customers: 0..<fold.models.customers.count,
                revenue: fold.models.revenue.keys, skus: 0..<fold.models.skus.count, fold: fold, on: connection)
        }
        let digest = try digestText(chain, at: fold.seq)
        try await execute("UPDATE mirror_checkpoint SET seq = \(Int64(fold.seq)), digest = \(digest)", on: connection)
        MirrorFaults.reach(.beforeCommit)
        try await execute("COMMIT", on: connection)
        MirrorFaults.reach(.afterCommit)
        return wroteEveryModel
    }

    /// Copies the read model rows of the orders, customers, revenue keys and skus given, as the
    /// fold holds them now, and the stats row.
    private func writeModels(
        orders: some Collection<Int>, customers: some Collection<Int>, revenue: some Collection<RevenueKey>,
        skus: some Collection<Int>, fold: MirrorFold, on connection: PostgresConnection
    ) async throws {
        try await stream(orders, into: MirrorRows.orders, on: connection) { MirrorRows.orderRow($0, fold: fold, into: &$1) }
        try await stream(customers, into: MirrorRows.customers, on: connection) {
            MirrorRows.customerRow($0, fold: fold, into: &$1)
        }
        try await stream(customers, into: MirrorRows.customerNet, on: connection) {
            MirrorRows.customerNetRows($0, fold: fold, into: &$1)
        }
        try await stream(revenue, into: MirrorRows.revenue, on: connection) { MirrorRows.revenueRow($0, fold: fold, into: &$1) }
        try await stream(skus, into: MirrorRows.skus, on: connection) { MirrorRows.skuRow($0, fold: fold, into: &$1) }
        try await stream(skus, into: MirrorRows.skuRevenue, on: connection) {
            MirrorRows.skuRevenueRows($0, fold: fold, into: &$1)
        }
        try await copy(MirrorRows.statsRow(fold: fold), into: MirrorRows.stats.name, MirrorRows.stats.columns, on: connection)
    }

    /// Copies the rows `row` writes for each of `keys` into `table`, in slices of
    /// `MirrorRows.sliceBytes`, so a table's rows are never held whole.
    private func stream<Keys: Collection>(
        _ keys: Keys, into table: MirrorRows.Table, on connection: PostgresConnection,
        _ row: (Keys.Element, inout CopyText) -> Void
    ) async throws {
        guard !keys.isEmpty else { return }
        try await connection.copyFrom(table: table.name, columns: table.columns, logger: logger) { writer in
            var rows = CopyText(capacity: MirrorRows.sliceBytes + 4096)
            for key in keys {
                row(key, &rows)
                if rows.bytes.count >= MirrorRows.sliceBytes {
                    try await writer.write(rows.buffer)
                    rows = CopyText(capacity: MirrorRows.sliceBytes + 4096)
                }
            }
            if !rows.isEmpty { try await writer.write(rows.buffer) }
        }
    }

    /// The hex digits of `chain`, the digest of the history up to `seq` (`nil` for a store
    /// without a chain).
    private func digestText(_ chain: ChainDigest?, at seq: UInt64) throws(MirrorError) -> String? {
        guard let chain else { return nil }
        guard chain.seq == seq else {
            throw MirrorError.damagedLog(
                "the store gave the history's digest at seq \(chain.seq) for a page that ends at seq \(seq); run orders verify on it"
            )
        }
        return chain.hex
    }

    /// Deletes the read model rows that `touched` rewrites and earlier transactions wrote.
    private func deleteRows(_ touched: TouchedRows, fold: MirrorFold, on connection: PostgresConnection) async throws {
        let orders = touched.existingOrders.map { fold.orderIDs[$0] }
        if !orders.isEmpty { try await execute("DELETE FROM orders WHERE order_id = ANY(\(orders))", on: connection) }
        let customers = touched.existingCustomers.map { fold.customerIDs[$0] }
        if !customers.isEmpty {
            try await execute("DELETE FROM customers WHERE customer_id = ANY(\(customers))", on: connection)
            try await execute("DELETE FROM customer_net WHERE customer_id = ANY(\(customers))", on: connection)
        }
        let skus = touched.existingSKUs.map { fold.skus[$0] }
        if !skus.isEmpty {
            try await execute("DELETE FROM skus WHERE sku = ANY(\(skus))", on: connection)
            try await execute("DELETE FROM sku_revenue WHERE sku = ANY(\(skus))", on: connection)
        }
        if !touched.existingRevenue.isEmpty {
            let dates = touched.existingRevenue.map { $0.date.description }
            let currencies = touched.existingRevenue.map { $0.currency.description }
            try await execute(
                """
                DELETE FROM revenue WHERE (date, currency) IN
                    (SELECT d::date, c FROM unnest(\(dates)::text[], \(currencies)::text[]) AS k (d, c))
                """, on: connection)
        }
        try await execute("DELETE FROM stats", on: connection)
    }

    private func copy(_ rows: CopyText, into table: String, _ columns: [String], on connection: PostgresConnection) async throws {
        guard !rows.isEmpty else { return }
        try await connection.copyFrom(table: table, columns: columns, logger: logger) { writer in
            try await writer.write(rows.buffer)
        }
    }

    private func execute(_ query: PostgresQuery, on connection: PostgresConnection) async throws {
        _ = try await connection.query(query, logger: logger).collect()
    }

    /// A one-line error for anything a run throws (the database's words where it has some).
    private func translated(_ error: any Error) -> any Error {
        if error is MirrorError || error is CancellationError { return error }
        guard let error = error as? PSQLError else { return error }
        if let message = error.serverInfo?[.message] {
            let state = error.serverInfo?[.sqlState].map { " (SQLSTATE \($0))" } ?? ""
            return MirrorError.database("PostgreSQL at \(address) refused: \(message)\(state)")
        }
        switch error.code {
        case .connectionError:
            let reason = error.underlying.map { String(describing: $0) } ?? "no answer"
            return MirrorError.database(
                "cannot connect to PostgreSQL at \(address.host):\(address.port): \(reason); check that the server runs and the address is right"
            )
        case .serverClosedConnection, .uncleanShutdown:
            return MirrorError.database(
                "PostgreSQL at \(address) closed the connection; what was committed is kept: run the mirror again to continue")
        case .sslUnsupported:
            return MirrorError.database(
                "PostgreSQL at \(address) does not offer TLS; use sslmode=disable or enable ssl on the server")
        default:
            return MirrorError.database("PostgreSQL at \(address) failed: \(error.code)")
        }
    }
}
