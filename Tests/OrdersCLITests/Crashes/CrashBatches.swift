import BatchGenerator
import TestSupport

/// Generated CSV batches of exact record counts for crash tests, with the line each record starts
/// on, so a test can tell which commit holds a record and where an import must resume.
struct CrashBatches {
    /// The batch files, in the order they are imported.
    let paths: [String]
    /// For each batch, the line each of its records starts on.
    let recordLines: [[Int]]

    /// Cuts the start of one generated batch (10% bad records) into consecutive batches of
    /// `recordCounts` records, as if a day's records came in several files.
    init(in directory: TemporaryDirectory, name: String, seed: UInt64, recordCounts: [Int]) {
        let total = recordCounts.reduce(0, +)
        var records: [String] = []
        var generator = BatchGenerator(
            settings: GeneratorSettings(
                orders: total, seed: seed, badShare: 0.1, customers: 200, skus: 60))
        _ = generator.generate { records.append($0) }
        let header = records.removeFirst()
        precondition(records.count >= total, "the generator wrote fewer records than asked")
        var paths: [String] = []
        var recordLines: [[Int]] = []
        var start = 0
        for (index, count) in recordCounts.enumerated() {
            let batch = records[start..<start + count]
            start += count
            var line = 2
            recordLines.append(
                batch.map { record in
                    defer { line += 1 + record.utf8.count(where: { $0 == UInt8(ascii: "\n") }) }
                    return line
                })
            paths.append(directory.file("\(name)-\(index).csv", ([header] + batch).joined(separator: "\n") + "\n"))
        }
        self.paths = paths
        self.recordLines = recordLines
    }

    /// Which commit (counting from 1 across the batches in order) holds the record starting on
    /// `line` of batch `path`, when each commit takes `perCommit` records.
    func commit(holdingLine line: Int, of path: String, perCommit: Int) -> Int {
        guard let batch = paths.firstIndex(of: path), let record = recordLines[batch].firstIndex(of: line) else {
            preconditionFailure("no record starts on line \(line) of \(path)")
        }
        let earlier = recordLines[..<batch].reduce(0) { $0 + ($1.count + perCommit - 1) / perCommit }
        return earlier + record / perCommit + 1
    }
}
