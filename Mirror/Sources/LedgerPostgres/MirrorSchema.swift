/// The mirror's tables (docs/MIRROR.md). Created when missing; the read model
/// tables hold exactly what the CLI's queries answer, one row per row of their JSON.
///
/// The tables are created bare and their keys and indexes (`keys`) added once a run reaches the
/// log's head: PostgreSQL builds an index over rows already there several times faster than it
/// inserts them one by one, and checks a foreign key over a whole table in one join instead of a
/// trigger per row. A first mirror of a large store thus copies without them; every later
/// transaction runs with them.
enum MirrorSchema {
    /// The key of the advisory lock a mirror holds while it writes (two mirrors into one database
    /// would both copy the same events).
    static let lockKey: Int64 = 0x6f72_6465_7273

    /// `CREATE TABLE IF NOT EXISTS` for every table, and the checkpoint's one row.
    static let tables: [String] = [
        """
        CREATE TABLE IF NOT EXISTS events (
            seq bigint NOT NULL, order_id text NOT NULL, version int NOT NULL, type text NOT NULL,
            at timestamptz NOT NULL, customer_id text, currency text, total bigint, amount bigint,
            refund bigint, carrier text, reason text)
        """,
        """
        CREATE TABLE IF NOT EXISTS event_lines (
            seq bigint NOT NULL, line_no int NOT NULL, sku text NOT NULL, qty int NOT NULL, unit_price bigint NOT NULL)
        """,
        """
        CREATE TABLE IF NOT EXISTS orders (
            order_id text NOT NULL, customer_id text NOT NULL, status text NOT NULL, currency text NOT NULL,
            total bigint NOT NULL, paid bigint NOT NULL, refunded bigint NOT NULL, line_count int NOT NULL,
            item_count bigint NOT NULL, placed_at timestamptz NOT NULL, updated_at timestamptz NOT NULL,
            version int NOT NULL)
        """,
        """
        CREATE TABLE IF NOT EXISTS customers (
            customer_id text NOT NULL, orders bigint NOT NULL, open_orders bigint NOT NULL, cancelled bigint NOT NULL)
        """,
        "CREATE TABLE IF NOT EXISTS customer_net (customer_id text NOT NULL, currency text NOT NULL, net numeric NOT NULL)",
        """
        CREATE TABLE IF NOT EXISTS revenue (
            date date NOT NULL, currency text NOT NULL, orders_placed bigint NOT NULL,
            orders_cancelled bigint NOT NULL, gross numeric NOT NULL, captured numeric NOT NULL,
            refunded numeric NOT NULL, net numeric NOT NULL)
        """,
        "CREATE TABLE IF NOT EXISTS skus (sku text NOT NULL, units_ordered bigint NOT NULL, units_cancelled bigint NOT NULL)",
        "CREATE TABLE IF NOT EXISTS sku_revenue (sku text NOT NULL, currency text NOT NULL, revenue numeric NOT NULL)",
        """
        CREATE TABLE IF NOT EXISTS stats (
            events bigint NOT NULL, orders bigint NOT NULL, customers bigint NOT NULL, skus bigint NOT NULL,
            head_seq bigint NOT NULL, placed bigint NOT NULL, partially_paid bigint NOT NULL, paid bigint NOT NULL,
            shipped bigint NOT NULL, delivered bigint NOT NULL, cancelled bigint NOT NULL)
        """,
        // A mirror made when the stats row kept the hash chain's last link, which the checkpoint's digest replaces.
        "ALTER TABLE stats DROP COLUMN IF EXISTS chain_seq, DROP COLUMN IF EXISTS chain_digest",
        "CREATE TABLE IF NOT EXISTS mirror_checkpoint (seq bigint NOT NULL, digest text)",
        "INSERT INTO mirror_checkpoint (seq) SELECT 0 WHERE NOT EXISTS (SELECT 1 FROM mirror_checkpoint)",
        // A mirror made before the history's digest: it holds none until a run has checked its
        // sampled events and adopts the store's digest at its checkpoint.
        "ALTER TABLE mirror_checkpoint ADD COLUMN IF NOT EXISTS digest text",
        widenedSums,
    ]

    /// The columns that hold sums of money: `numeric`, exact for any sum the read models keep
    /// (`Int128`, SPEC §10), where `bigint` would overflow past 2^63.
    static let sums: [(table: String, column: String)] = [
        ("customer_net", "net"), ("revenue", "gross"), ("revenue", "captured"), ("revenue", "refunded"),
        ("revenue", "net"), ("sku_revenue", "revenue"),
    ]

    /// Makes `numeric` every column of `sums` still `bigint` (in a mirror made before they were
    /// `numeric`), one `ALTER TABLE` per table, so each is rewritten once; a column already
    /// `numeric` is left alone, so every run can run it.
    static var widenedSums: String {
        let pairs = sums.map { "('\($0.table)', '\($0.column)')" }.joined(separator: ", ")
        return """
            DO $$
            DECLARE change record;
            BEGIN
                FOR change IN
                    SELECT money.name, string_agg(format('ALTER COLUMN %I TYPE numeric', money.col), ', ') AS columns
                    FROM (VALUES \(pairs)) AS money (name, col)
                    JOIN pg_attribute a ON a.attrelid = to_regclass(money.name) AND a.attname = money.col
                        AND a.atttypid = 'bigint'::regtype
                    GROUP BY money.name
                LOOP
                    EXECUTE format('ALTER TABLE %I %s', change.name, change.columns);
                END LOOP;
            END $$
            """
    }

    /// The keys and indexes, each by the name PostgreSQL gives it (a constraint's index has its
    /// name), in the order they are added (the foreign key needs the events' key).
    static let keys: [(name: String, statement: String)] = [
        ("events_pkey", "ALTER TABLE events ADD CONSTRAINT events_pkey PRIMARY KEY (seq)"),
        (
            "events_order_id_version_key",
            "ALTER TABLE events ADD CONSTRAINT events_order_id_version_key UNIQUE (order_id, version)"
        ),
        ("event_lines_pkey", "ALTER TABLE event_lines ADD CONSTRAINT event_lines_pkey PRIMARY KEY (seq, line_no)"),
        (
            "event_lines_seq_fkey",
            "ALTER TABLE event_lines ADD CONSTRAINT event_lines_seq_fkey FOREIGN KEY (seq) REFERENCES events (seq)"
        ),
        ("orders_pkey", "ALTER TABLE orders ADD CONSTRAINT orders_pkey PRIMARY KEY (order_id)"),
        ("orders_by_customer", "CREATE INDEX orders_by_customer ON orders (customer_id)"),
        ("customers_pkey", "ALTER TABLE customers ADD CONSTRAINT customers_pkey PRIMARY KEY (customer_id)"),
        ("customer_net_pkey", "ALTER TABLE customer_net ADD CONSTRAINT customer_net_pkey PRIMARY KEY (customer_id, currency)"),
        ("revenue_pkey", "ALTER TABLE revenue ADD CONSTRAINT revenue_pkey PRIMARY KEY (date, currency)"),
        ("skus_pkey", "ALTER TABLE skus ADD CONSTRAINT skus_pkey PRIMARY KEY (sku)"),
        ("sku_revenue_pkey", "ALTER TABLE sku_revenue ADD CONSTRAINT sku_revenue_pkey PRIMARY KEY (sku, currency)"),
    ]

}
