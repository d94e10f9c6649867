/// The mirror's tables (README, "Beyond one machine"). Created when missing; the read model
/// tables hold exactly what the CLI's queries answer, one row per row of their JSON.
enum MirrorSchema {
    /// The key of the advisory lock a mirror holds while it writes (two mirrors into one database
    /// would both copy the same events).
    static let lockKey: Int64 = 0x6f72_6465_7273

    /// `CREATE TABLE IF NOT EXISTS` for every table, and the checkpoint's one row.
    static let statements: [String] = [
        """
        CREATE TABLE IF NOT EXISTS events (
            seq bigint PRIMARY KEY, order_id text NOT NULL, version int NOT NULL, type text NOT NULL,
            at timestamptz NOT NULL, customer_id text, currency text, total bigint, amount bigint,
            refund bigint, carrier text, reason text, UNIQUE (order_id, version))
        """,
        """
        CREATE TABLE IF NOT EXISTS event_lines (
            seq bigint NOT NULL REFERENCES events (seq), line_no int NOT NULL, sku text NOT NULL,
            qty int NOT NULL, unit_price bigint NOT NULL, PRIMARY KEY (seq, line_no))
        """,
        """
        CREATE TABLE IF NOT EXISTS orders (
            order_id text PRIMARY KEY, customer_id text NOT NULL, status text NOT NULL, currency text NOT NULL,
            total bigint NOT NULL, paid bigint NOT NULL, refunded bigint NOT NULL, line_count int NOT NULL,
            item_count bigint NOT NULL, placed_at timestamptz NOT NULL, updated_at timestamptz NOT NULL,
            version int NOT NULL)
        """,
        "CREATE INDEX IF NOT EXISTS orders_by_customer ON orders (customer_id)",
        """
        CREATE TABLE IF NOT EXISTS customers (
            customer_id text PRIMARY KEY, orders bigint NOT NULL, open_orders bigint NOT NULL,
            cancelled bigint NOT NULL)
        """,
        """
        CREATE TABLE IF NOT EXISTS customer_net (
            customer_id text NOT NULL, currency text NOT NULL, net bigint NOT NULL,
            PRIMARY KEY (customer_id, currency))
        """,
        """
        CREATE TABLE IF NOT EXISTS revenue (
            date date NOT NULL, currency text NOT NULL, orders_placed bigint NOT NULL,
            orders_cancelled bigint NOT NULL, gross bigint NOT NULL, captured bigint NOT NULL,
            refunded bigint NOT NULL, net bigint NOT NULL, PRIMARY KEY (date, currency))
        """,
        """
        CREATE TABLE IF NOT EXISTS skus (
            sku text PRIMARY KEY, units_ordered bigint NOT NULL, units_cancelled bigint NOT NULL)
        """,
        """
        CREATE TABLE IF NOT EXISTS sku_revenue (
            sku text NOT NULL, currency text NOT NULL, revenue bigint NOT NULL, PRIMARY KEY (sku, currency))
        """,
        """
        CREATE TABLE IF NOT EXISTS stats (
            events bigint NOT NULL, orders bigint NOT NULL, customers bigint NOT NULL, skus bigint NOT NULL,
            head_seq bigint NOT NULL, placed bigint NOT NULL, partially_paid bigint NOT NULL, paid bigint NOT NULL,
            shipped bigint NOT NULL, delivered bigint NOT NULL, cancelled bigint NOT NULL)
        """,
        "CREATE TABLE IF NOT EXISTS mirror_checkpoint (seq bigint NOT NULL)",
        "INSERT INTO mirror_checkpoint (seq) SELECT 0 WHERE NOT EXISTS (SELECT 1 FROM mirror_checkpoint)",
    ]
}
