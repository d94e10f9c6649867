import ArgumentParser

/// The root command: lists the verbs in the order a new user needs them.
struct OrdersCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "orders",
        abstract: "An event-sourced order ledger: import order batches, then query what they did.",
        discussion: """
            Every accepted command becomes an event in an append-only LMDB log; rejected records are \
            reported with their file, line and reason.

            Start here:
              orders import data/good-batch.csv        # apply a batch
              orders list                              # the orders it made
              orders show O-1001                       # one order, its lines and history
              orders revenue                           # money per day and currency
              orders import --rejects rejects.jsonl data/bad-batch.jsonl

            The store is --store DIR, else $ORDERS_STORE, else $XDG_DATA_HOME/orders \
            (~/.local/share/orders).
            """,
        version: "0.1.0",
        subcommands: [
            ImportCommand.self, ListCommand.self, ShowCommand.self, CustomersCommand.self, RevenueCommand.self,
            SKUsCommand.self, StatsCommand.self, RejectsCommand.self, RebuildCommand.self, VerifyCommand.self, MirrorCommand.self,
        ]
    )
}
