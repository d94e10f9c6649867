import ArgumentParser
import LedgerDomain

/// `--input-format`: the batch format, when the file name does not tell.
enum InputFormat: String, ExpressibleByArgument, CaseIterable {
    case csv
    case jsonl

    var recordFormat: RecordFormat {
        switch self {
        case .csv: .csv
        case .jsonl: .jsonl
        }
    }
}
