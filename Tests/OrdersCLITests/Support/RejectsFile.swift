import Foundation
import Testing

/// The lines of a `--rejects` file, each with the batch file and line it reports. A last line cut
/// short (the writer was killed mid-line) is kept apart; a missing file holds no lines.
struct RejectsFile {
    /// Each complete line: `file:line` of the rejected record, and the line as written.
    let entries: [(record: String, text: String)]
    /// Whether the file ends in part of a line.
    let torn: Bool

    init(path: String) throws {
        guard let data = FileManager.default.contents(atPath: path) else {
            entries = []
            torn = false
            return
        }
        var lines = String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        torn = lines.removeLast() != ""
        entries = try lines.map { line in
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            let record = "\(try #require(object["file"] as? String)):\(try #require(object["line"] as? Int))"
            return (record, String(line))
        }
    }
}
