import Foundation

/// `CrashBatches` as a shop system still writing them: the files start cut after a whole record
/// (the first with some records, the others with their header alone), and `append` adds whole
/// records, completing one file before the next grows, so that importing them in order applies
/// the records in the order one import of the final files does.
struct GrowingBatches {
    /// Each file's complete bytes.
    private let contents: [[UInt8]]
    /// For each file, where its header ends and where each of its records ends.
    private let ends: [[Int]]
    /// How many records each file holds now.
    private var written: [Int]
    private let paths: [String]

    /// Cuts the files of `batches` (written in full) to their header and, for the first, `records` records.
    init(_ batches: CrashBatches, firstRecords records: Int) throws {
        paths = batches.paths
        contents = try batches.paths.map { try [UInt8](Data(contentsOf: URL(fileURLWithPath: $0))) }
        ends = zip(contents, batches.recordLines).map { content, recordLines in
            // Where each line starts; a record ends where the next record's first line starts.
            var lineStarts = [0, 0]
            for (offset, byte) in content.enumerated() where byte == UInt8(ascii: "\n") { lineStarts.append(offset + 1) }
            return [lineStarts[2]] + recordLines.dropFirst().map { lineStarts[$0] } + [content.count]
        }
        written = Array(repeating: 0, count: paths.count)
        written[0] = min(records, ends[0].count - 1)
        for index in paths.indices {
            try Data(contents[index][..<ends[index][written[index]]]).write(to: URL(fileURLWithPath: paths[index]))
        }
    }

    /// Whether every file holds all of its records.
    var isComplete: Bool { zip(written, ends).allSatisfy { $0 == $1.count - 1 } }

    /// Appends up to `count` whole records to the first file not yet complete; returns how many.
    mutating func append(records count: Int) throws -> Int {
        guard let index = written.indices.first(where: { written[$0] < ends[$0].count - 1 }) else { return 0 }
        let appended = min(count, ends[index].count - 1 - written[index])
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: paths[index]))
        defer { try? handle.close() }
        try handle.seekToEnd()
        try handle.write(contentsOf: contents[index][ends[index][written[index]]..<ends[index][written[index] + appended]])
        written[index] += appended
        return appended
    }
}
