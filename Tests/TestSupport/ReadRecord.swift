import BatchFormats
import Foundation
public import LedgerDomain

/// A record read back by a test: its line, raw text, and fields or the `malformed` message.
public struct ReadRecord: Equatable, CustomStringConvertible {
    public var line: Int
    public var raw: String
    public var fields: [String: String]
    public var error: String?

    public init(line: Int, raw: String, fields: [String: String], error: String? = nil) {
        self.line = line
        self.raw = raw
        self.fields = fields
        self.error = error
    }

    public var description: String { "line \(line): \(error.map { "malformed(\($0))" } ?? fields.description)" }

    /// Reads every record of `bytes` with the reader of `format`.
    public static func readAll(
        _ bytes: [UInt8], format: RecordFormat, bufferCapacity: Int = 4 << 20, recordLimit: Int = 1 << 20
    ) throws -> [ReadRecord] {
        let directory = TemporaryDirectory()
        let path = directory.file("batch", bytes: bytes)
        let descriptor = open(path, O_RDONLY)
        defer { close(descriptor) }
        let reader: any BatchReader =
            switch format {
            case .csv: try CSVReader(descriptor: descriptor, recordLimit: recordLimit, bufferCapacity: bufferCapacity)
            case .jsonl: try JSONLinesReader(descriptor: descriptor, recordLimit: recordLimit, bufferCapacity: bufferCapacity)
            }
        var records: [ReadRecord] = []
        while let record = try reader.next() {
            var read = ReadRecord(line: record.line, raw: String(decoding: record.raw, as: UTF8.self), fields: [:])
            switch record.content {
            case .success(let raw):
                for field in KnownField.allCases {
                    switch raw[field] {
                    case .absent: break
                    case .text(let bytes): read.fields[field.rawValue] = String(decoding: bytes, as: UTF8.self)
                    case .integer(let value): read.fields[field.rawValue] = "#\(value)"
                    case .lines(let lines): read.fields[field.rawValue] = "[\(lines.count) lines]"
                    case .wrongType(let kind): read.fields[field.rawValue] = "<\(kind.name)>"
                    }
                }
            case .failure(let rejection):
                read.error = rejection.message
            }
            records.append(read)
        }
        return records
    }

    public static func readAll(_ text: String, format: RecordFormat, bufferCapacity: Int = 4 << 20) throws -> [ReadRecord] {
        try readAll(Array(text.utf8), format: format, bufferCapacity: bufferCapacity)
    }
}
