"""What `orders` answers about a store, in the words of tools/peers/fold.c (tools/bench-peers.sh).

  python3 orders_summary.py STATS.json REVENUE.json CUSTOMERS.json SKUS.json

The files are what `orders stats|revenue|customers|skus --format json` printed. Python's
integers are exact, so money sums past 64 bits compare as the fold's 128-bit ones do.
"""

import json
import sys

STATUSES = ["placed", "partially_paid", "paid", "shipped", "delivered", "cancelled"]


def read(path):
    with open(path) as file:
        return json.load(file)


def main():
    stats, revenue, customers, skus = (read(path) for path in sys.argv[1:5])
    print("events", stats["events"])
    print("customers", stats["customers"])
    print("skus", stats["skus"])
    for status in STATUSES:
        print("status", status, stats["by_status"][status])
    for row in revenue:
        print("revenue", row["date"], row["currency"], row["orders_placed"], row["orders_cancelled"],
              row["gross"], row["captured"], row["refunded"])
    print("customer_totals orders %d open %d cancelled %d" % tuple(
        sum(row[field] for row in customers) for field in ("orders", "open_orders", "cancelled")))
    print("sku_totals units_ordered %d units_cancelled %d" % tuple(
        sum(row[field] for row in skus) for field in ("units_ordered", "units_cancelled")))
    net, sold = {}, {}
    for row in customers:
        for currency, amount in row["net"].items():
            net[currency] = net.get(currency, 0) + amount
    for row in skus:
        for currency, amount in row["revenue"].items():
            sold[currency] = sold.get(currency, 0) + amount
    for currency in sorted(net):
        print("currency_totals", currency, "customers_net", net[currency], "skus_revenue", sold.get(currency, 0))


if __name__ == "__main__":
    main()
