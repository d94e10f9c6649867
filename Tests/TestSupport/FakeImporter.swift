public import LedgerServices

/// A `BatchImporting` stand-in: each file's import does what `outcomes` names for it (else
/// `otherwise`), without reading the file.
public struct FakeImporter: BatchImporting {
    /// What one file's import does.
    public enum Outcome: Sendable {
        /// Reports one tick, then accepts `records` records.
        case accepts(records: Int)
        /// Throws an error whose words are `description`.
        case fails(description: String)
        /// Throws `ImportInterrupted` after `committedLines` lines.
        case interrupted(committedLines: Int)
    }

    /// The error of `.fails`.
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    public let outcomes: [String: Outcome]
    public let otherwise: Outcome

    public init(_ outcomes: [String: Outcome] = [:], otherwise: Outcome = .accepts(records: 0)) {
        self.outcomes = outcomes
        self.otherwise = otherwise
    }

    public func importFile(
        _ file: String, options: ImportOptions, rejects: (any RejectsOutput)?, progress: (ImportTick) -> Void
    ) throws -> ImportSummary {
        switch outcomes[file] ?? otherwise {
        case .accepts(let records):
            progress(ImportTick(file: file, records: records / 2, bytesDone: 1, bytesTotal: 2))
            var summary = ImportSummary(file: file)
            summary.records = records
            summary.accepted = records
            return summary
        case .fails(let description):
            throw Failure(description: description)
        case .interrupted(let committedLines):
            throw ImportInterrupted(file: file, committedLines: committedLines)
        }
    }
}
