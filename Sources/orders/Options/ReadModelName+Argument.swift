public import ArgumentParser
import LedgerServices

/// `--projection` takes a read model's name; help and completions list them.
extension ReadModelName: ExpressibleByArgument {}
