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
              orders customer C-ada                    # one customer's statement
              orders revenue --by month --chart        # money per month and currency, as bars
              orders import --rejects rejects.jsonl data/bad-batch.jsonl

            The store is --store DIR, else $ORDERS_STORE, else $XDG_DATA_HOME/orders \
            (~/.local/share/orders). --store, --format and --color may also come before the \
            command (orders --store /srv/ledger list). A mistyped command or option is answered \
            with the nearest one; orders COMMAND --help shows each command's options and examples.

            Exit status: 0 success (import: every record accepted or skipped as a duplicate); \
            1 import: some records rejected (the rest imported); queries, events, export, backup: \
            a missing store or order, or a damaged store; verify: differences found; 2 usage \
            error, file error (nothing imported from that file), or a path refused (--rejects, \
            --output or a backup inside the store); 74 standard output (or --output) could not be \
            written, also after an import that committed; 75 the store stayed busy longer than \
            --wait; 130 and 143 interrupted by SIGINT or SIGTERM.

            Colour: tables are coloured on a terminal; --color never|always decides, and NO_COLOR, \
            FORCE_COLOR and TERM=dumb are honoured.
            """,
        version: "0.1.0",
        subcommands: [
            ImportCommand.self, ListCommand.self, ShowCommand.self, CustomerCommand.self, CustomersCommand.self,
            RevenueCommand.self, SKUsCommand.self, StatsCommand.self, EventsCommand.self, BatchesCommand.self,
            BlameCommand.self, DiffCommand.self, ExportCommand.self,
            BackupCommand.self, RejectsCommand.self, RebuildCommand.self,
            VerifyCommand.self, UpgradeCommand.self, MirrorCommand.self, ServeCommand.self,
        ]
    )
}
