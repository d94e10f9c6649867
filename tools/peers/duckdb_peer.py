"""DuckDB as the peer of `orders import` and `orders rebuild` in tools/bench-peers.sh.

  python3 duckdb_peer.py load DATABASE BATCH.csv   events and lines tables from the CSV batch
  python3 duckdb_peer.py fold DATABASE             the read models as SQL over those tables
  python3 duckdb_peer.py summary DATABASE          the read models in the words of tools/peers/fold.c

`load` keeps the batch's records as they are: no validation, no ids numbered, no read models.
`fold` makes what `orders rebuild` keeps (SPEC section 6): each order's state, revenue per day and
currency, status counts, customers' and skus' totals. It reads no record order: on a batch whose
records were all accepted, an order's status and its cancel's refund follow from which kinds of
event it has (a cancel refunds all it was paid: a refund needs a shipped order, which cannot be
cancelled).
"""

import sys

import duckdb

COLUMNS = {
    "type": "VARCHAR", "order_id": "VARCHAR", "customer_id": "VARCHAR", "currency": "VARCHAR",
    "lines": "VARCHAR", "amount": "BIGINT", "at": "TIMESTAMP", "carrier": "VARCHAR", "reason": "VARCHAR",
    "command_id": "VARCHAR",
}

LOAD = """
CREATE TABLE events AS SELECT * FROM read_csv({batch}, header = true, columns = {columns});
CREATE TABLE lines AS
    SELECT order_id, split_part(line, '*', 1) AS sku,
        CAST(split_part(split_part(line, '*', 2), '@', 1) AS BIGINT) AS qty,
        CAST(split_part(line, '@', 2) AS BIGINT) AS unit_price
    FROM (SELECT order_id, unnest(string_split(lines, ';')) AS line FROM events WHERE type = 'place');
"""

FOLD = """
CREATE OR REPLACE TABLE orders AS
    WITH per_order AS (
        SELECT order_id,
            any_value(customer_id) FILTER (type = 'place') AS customer_id,
            any_value(currency) FILTER (type = 'place') AS currency,
            any_value(CAST("at" AS DATE)) FILTER (type = 'place') AS placed_day,
            coalesce(sum(amount) FILTER (type = 'pay'), 0) AS paid,
            coalesce(sum(amount) FILTER (type = 'refund'), 0) AS refunded,
            bool_or(type = 'ship') AS shipped, bool_or(type = 'deliver') AS delivered,
            bool_or(type = 'cancel') AS cancelled,
            any_value(CAST("at" AS DATE)) FILTER (type = 'cancel') AS cancel_day
        FROM events GROUP BY order_id),
    totals AS (SELECT order_id, sum(qty * unit_price) AS total, sum(qty) AS items FROM lines GROUP BY order_id)
    SELECT per_order.*, total, items,
        CASE WHEN cancelled THEN 'cancelled' WHEN delivered THEN 'delivered' WHEN shipped THEN 'shipped'
            WHEN paid = total THEN 'paid' WHEN paid > 0 THEN 'partially_paid' ELSE 'placed' END AS status
    FROM per_order JOIN totals USING (order_id);
CREATE OR REPLACE TABLE revenue AS
    WITH money AS (
        SELECT placed_day AS day, currency, 1 AS placed, 0 AS cancelled, total AS gross, 0 AS captured, 0 AS refunded
            FROM orders
        UNION ALL
        SELECT cancel_day, currency, 0, 1, 0, 0, paid FROM orders WHERE cancelled
        UNION ALL
        SELECT CAST(e."at" AS DATE), o.currency, 0, 0, 0,
                CASE WHEN e.type = 'pay' THEN e.amount ELSE 0 END, CASE WHEN e.type = 'refund' THEN e.amount ELSE 0 END
            FROM events e JOIN orders o USING (order_id) WHERE e.type IN ('pay', 'refund'))
    SELECT day, currency, sum(placed) AS orders_placed, sum(cancelled) AS orders_cancelled,
        sum(CAST(gross AS HUGEINT)) AS gross, sum(CAST(captured AS HUGEINT)) AS captured,
        sum(CAST(refunded AS HUGEINT)) AS refunded
    FROM money GROUP BY day, currency;
CREATE OR REPLACE TABLE statuses AS SELECT status, count(*) AS orders FROM orders GROUP BY status;
CREATE OR REPLACE TABLE customers AS
    SELECT customer_id, count(*) AS orders, count(*) FILTER (status NOT IN ('delivered', 'cancelled')) AS open_orders,
        count(*) FILTER (cancelled) AS cancelled
    FROM orders GROUP BY customer_id;
CREATE OR REPLACE TABLE customer_net AS
    SELECT customer_id, currency, sum(paid - refunded - CASE WHEN cancelled THEN paid ELSE 0 END) AS net
    FROM orders GROUP BY customer_id, currency;
CREATE OR REPLACE TABLE skus AS
    SELECT sku, currency, sum(qty) AS units_ordered, sum(qty) FILTER (o.cancelled) AS units_cancelled,
        sum(qty * unit_price) FILTER (NOT o.cancelled) AS revenue
    FROM lines l JOIN orders o USING (order_id) GROUP BY sku, currency;
"""

STATUSES = ["placed", "partially_paid", "paid", "shipped", "delivered", "cancelled"]


def summary(db):
    """Prints what tools/peers/fold.c prints, from the tables `fold` made."""
    one = lambda sql: db.execute(sql).fetchone()
    print("events", one("SELECT count(*) FROM events")[0])
    print("customers", one("SELECT count(*) FROM customers")[0])
    print("skus", one("SELECT count(DISTINCT sku) FROM skus")[0])
    counts = dict(db.execute("SELECT status, orders FROM statuses").fetchall())
    for status in STATUSES:
        print("status", status, counts.get(status, 0))
    for row in db.execute("SELECT * FROM revenue ORDER BY day, currency").fetchall():
        print("revenue", row[0].isoformat(), *row[1:])
    print("customer_totals orders %d open %d cancelled %d" % one(
        "SELECT sum(orders), sum(open_orders), sum(cancelled) FROM customers"))
    print("sku_totals units_ordered %d units_cancelled %d" % one(
        "SELECT sum(units_ordered), coalesce(sum(units_cancelled), 0) FROM skus"))
    net = dict(db.execute("SELECT currency, sum(net) FROM customer_net GROUP BY currency").fetchall())
    revenue = dict(db.execute("SELECT currency, coalesce(sum(revenue), 0) FROM skus GROUP BY currency").fetchall())
    for currency in sorted(net):
        print("currency_totals", currency, "customers_net", net[currency], "skus_revenue", revenue.get(currency, 0))


def main():
    mode, path = sys.argv[1], sys.argv[2]
    db = duckdb.connect(path)
    if mode == "load":
        columns = "{" + ", ".join("'%s': '%s'" % item for item in COLUMNS.items()) + "}"
        batch = "'" + sys.argv[3].replace("'", "''") + "'"
        db.execute(LOAD.format(columns=columns, batch=batch))
    elif mode == "fold":
        db.execute(FOLD)
    elif mode == "summary":
        summary(db)
    else:
        sys.exit("usage: duckdb_peer.py load|fold|summary DATABASE [BATCH.csv]")
    db.close()


if __name__ == "__main__":
    main()
