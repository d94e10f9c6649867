import Foundation
import TestSupport
import Testing

/// Text from a batch or a file name never reaches a person's terminal as control characters:
/// tables, summaries and error lines show them escaped (`\u{1B}`), JSON escapes them the JSON
/// way and CSV keeps them byte for byte for programs, escaped only on a terminal.
struct TerminalSafeOutputTests {
    let directory = TemporaryDirectory()
    var store: String { directory.path + "/store" }
    /// Retitles and clears a terminal, then a C1 CSI, DEL, a right-to-left override, NUL and a
    /// bidirectional isolate.
    static let carrier = "\u{1B}]0;owned\u{07}\u{1B}[2J\u{9B}\u{7F}\u{202E}\u{0}x\u{2066}"
    /// Colours the terminal, breaks the line three ways, marks right-to-left, hides a zero-width
    /// space and a byte order mark, then spells an escape with a backslash (shown doubled, so it
    /// cannot pass for an escaped ESC).
    static let reason = "\u{1B}[31mred\r\n\u{200F}\u{2028}\u{200B}\u{FEFF}\\u{1B}"
    /// A batch name that is an escape sequence too.
    static let batchName = "day\u{1B}[2J\u{85}.jsonl"

    init() throws {
        let lines = [
            #"{"type":"place","order_id":"O-1","customer_id":"C-1","currency":"EUR","lines":[{"sku":"A","qty":1,"unit_price":100}],"at":"2026-03-01T10:00:00Z"}"#,
            #"{"type":"pay","order_id":"O-1","amount":100,"at":"2026-03-01T10:01:00Z"}"#,
            #"{"type":"ship","order_id":"O-1","carrier":\#(Self.json(Self.carrier)),"at":"2026-03-01T10:02:00Z"}"#,
            #"{"type":"place","order_id":"O-2","customer_id":"C-1","currency":"EUR","lines":[{"sku":"A","qty":1,"unit_price":100}],"at":"2026-03-01T10:00:00Z"}"#,
            #"{"type":"cancel","order_id":"O-2","reason":\#(Self.json(Self.reason)),"at":"2026-03-01T10:03:00Z"}"#,
            #"{"type":"ship","order_id":"O-\u001b[2J\u009b","carrier":"x","at":"2026-03-01T10:03:00Z"}"#,
        ]
        directory.file(Self.batchName, lines.joined(separator: "\n") + "\n")
    }

    /// `text` as a JSON string whose every non-ASCII, control, quote or backslash scalar is a `\u` escape.
    static func json(_ text: String) -> String {
        "\""
            + text.unicodeScalars.map {
                $0.value < 0x20 || $0.value > 0x7E || $0 == "\"" || $0 == "\\" ? String(format: "\\u%04x", $0.value) : String($0)
            }
            .joined() + "\""
    }

    /// The scalars a terminal would act on: C0 but newline, DEL, C1, line and paragraph
    /// separators, bidirectional controls.
    static func unsafeScalars(_ text: String) -> [UInt32] {
        text.unicodeScalars.map(\.value).filter { value in
            (value < 0x20 && value != 0x0A) || (0x7F...0x9F).contains(value)
                || [0x061C, 0x200E, 0x200F, 0x00AD, 0x180E, 0x200B, 0xFEFF].contains(value)
                || (0x2060...0x2064).contains(value) || (0xFFF9...0xFFFB).contains(value)
                || (0x2028...0x202E).contains(value) || (0x2066...0x2069).contains(value)
        }
    }

    func run(_ arguments: [String]) throws -> OrdersBinary.Output {
        try OrdersBinary.run(arguments, in: directory.path)
    }

    @Test func everyTableSummaryAndErrorLineShowsControlCharactersEscaped() throws {
        let rejects = directory.path + "/rejects.jsonl"
        let imported = try run(["import", "--store", store, "--rejects", rejects, Self.batchName])
        #expect(imported.status == 1)
        var outputs: [(String, OrdersBinary.Output)] = [("import", imported)]
        let commands: [[String]] = [
            ["show", "O-1"], ["show", "O-2"], ["list"], ["customers"], ["skus"], ["revenue"], ["stats"], ["verify"], ["rebuild"],
            ["import", Self.batchName],  // already imported
            ["import", "missing\u{1B}[2J\u{9B}.csv"], ["import", "--format", "json", "missing\u{1B}[2J.csv"],
            ["show", "O-\u{1B}]0;x\u{07}"], ["list", "--status", "\u{1B}[2J"], ["revenue", "--from", "\u{9B}2J"],
            ["import", "--rejects", Self.batchName, Self.batchName],
        ]
        for command in commands {
            outputs.append((command.joined(separator: " "), try run([command[0], "--store", store] + command.dropFirst())))
        }
        for (command, output) in outputs {
            #expect(Self.unsafeScalars(output.standardOutput) == [], "\(command): standard output")
            #expect(Self.unsafeScalars(output.standardError) == [], "\(command): standard error")
        }
        let show = try run(["show", "--store", store, "O-1"]).standardOutput
        #expect(show.contains(#"shipped   carrier \u{1B}]0;owned\u{7}\u{1B}[2J\u{9B}\u{7F}\u{202E}\u{0}x\u{2066}"#))
        let cancelled = try run(["show", "--store", store, "O-2"]).standardOutput
        #expect(cancelled.contains(#"reason \u{1B}[31mred\u{D}\u{A}\u{200F}\u{2028}\u{200B}\u{FEFF}\\u{1B}"#))
        #expect(imported.standardOutput.hasPrefix(#"FILE                      RECORDS"#))
        #expect(imported.standardOutput.contains(#"day\u{1B}[2J\u{85}.jsonl        6"#))
        #expect(
            try run(["import", "--store", store, "missing\u{1B}[2J\u{9B}.csv"]).standardError
                == #"orders: error: missing\u{1B}[2J\u{9B}.csv: cannot open: No such file or directory"# + "\n")
        #expect(
            try run(["show", "--store", store, "O-\u{1B}]0;x\u{07}"]).standardError
                == #"orders: error: no order O-\u{1B}]0;x\u{7} in this store; orders list shows the ids there are"# + "\n")
    }

    @Test func jsonOutputEscapesControlCharactersAndDecodesToTheExactText() throws {
        let rejects = directory.path + "/rejects.jsonl"
        #expect(try run(["import", "--store", store, "--rejects", rejects, Self.batchName]).status == 1)
        let show = try run(["show", "--store", store, "--format", "json", "O-1"])
        #expect(Self.unsafeScalars(show.standardOutput) == [])
        let object = try JSONSerialization.jsonObject(with: Data(show.standardOutput.utf8)) as! [String: Any]
        let history = object["history"] as! [[String: Any]]
        #expect(history.last?["carrier"] as? String == Self.carrier)
        let summary = try run(["import", "--store", store, "--format", "json", Self.batchName]).standardOutput
        #expect(Self.unsafeScalars(summary) == [])
        let files = try JSONSerialization.jsonObject(with: Data(summary.utf8)) as! [[String: Any]]
        #expect(files.first?["file"] as? String == Self.batchName)
        let rejected = try String(contentsOfFile: rejects, encoding: .utf8)
        #expect(Self.unsafeScalars(rejected) == [])
        let reject = try JSONSerialization.jsonObject(with: Data(rejected.utf8)) as! [String: Any]
        #expect(reject["message"] as? String == "order_id \"O-\u{1B}[2J\u{9B}\" is not a valid id (1–64 of A–Z a–z 0–9 . _ : -)")
        #expect(reject["file"] as? String == Self.batchName)
    }

    @Test func csvOutputKeepsTheTextByteForByte() throws {
        #expect(try run(["import", "--store", store, Self.batchName]).status == 1)
        let csv = try run(["show", "--store", store, "--format", "csv", "O-1"]).standardOutput
        #expect(csv.contains("2026-03-01T10:02:00.000Z,,," + Self.carrier + ",\r\n"))
    }

    @Test func csvOnATerminalShowsControlCharactersEscaped() throws {
        #expect(try run(["import", "--store", store, Self.batchName]).status == 1)
        let commands: [[String]] = [
            ["show", "O-1"], ["show", "O-2"], ["events"], ["export"], ["rejects", Self.batchName], ["list"], ["revenue"],
        ]
        for command in commands {
            let output = try OrdersBinary.runOnTerminal(
                [command[0], "--store", store, "--format", "csv"] + command.dropFirst(), in: directory.path)
            #expect(output.status == 0, "\(command): \(output.standardError)")
            // CSV's own line ends are the only control characters left.
            #expect(Self.unsafeScalars(output.standardOutput.replacing("\r\n", with: "\n")) == [], "\(command)")
            #expect(!output.standardOutput.isEmpty, "\(command)")
        }
        let show = try OrdersBinary.runOnTerminal(["show", "--store", store, "--format", "csv", "O-1"], in: directory.path)
        #expect(show.standardOutput.contains(#",,,\u{1B}]0;owned\u{7}\u{1B}[2J\u{9B}\u{7F}\u{202E}\u{0}x\u{2066},"# + "\r\n"))
    }
}
