import ArgumentParser

/// The root command: lists the verbs in the order a new user needs them.
struct OrdersCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "orders",
        abstract: "An event-sourced order ledger: import order batches, then query what they did.",
        discussion: """
            Every accepted command becomes an event in an append-only LMDB log; rejected records are \
            reported with their file, line and reason.

            Examples:
              orders import data/good-batch.csv
              orders import --format json --rejects rejects.jsonl shop-*.csv payments.jsonl
              cat batch.jsonl | orders import --input-format jsonl -

            The store is --store DIR, else $ORDERS_STORE, else $XDG_DATA_HOME/orders \
            (~/.local/share/orders).
            """,
        subcommands: [ImportCommand.self]
    )
}
