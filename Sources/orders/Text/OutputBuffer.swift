import CStandardOutput
import Foundation

/// Standard output for results of any length: rows are rendered into a buffer that is handed to
/// stdio whenever it holds 64 KiB, so output is written while it is read and memory stays flat.
/// Every hand-over is checked: a failed write is one line and exit 1; a closed pipe ends quietly.
struct OutputBuffer {
    private static let capacity = 1 << 16
    /// Where the bytes go, as error messages name it.
    let destination: String
    private var bytes: [UInt8] = []
    /// Whether the JSON object being written has no member yet.
    private var firstMember = true

    /// `destination`: standard output, or the file it was pointed at (`export --output`).
    init(destination: String = "standard output") {
        self.destination = destination
        bytes.reserveCapacity(Self.capacity + 4096)
    }

    mutating func append(_ text: String) { bytes.append(contentsOf: text.utf8) }

    mutating func append(_ value: some BinaryInteger) { bytes.append(contentsOf: String(value).utf8) }

    /// `text` as a JSON string (`JSONText.quote`; printable ASCII is copied as it is).
    mutating func append(jsonString text: String) {
        let plain = text.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") }
        guard plain else { return append(JSONText.quote(text)) }
        bytes.append(UInt8(ascii: "\""))
        bytes.append(contentsOf: text.utf8)
        bytes.append(UInt8(ascii: "\""))
    }

    /// `text` as one CSV field (`CSVText.field`).
    mutating func append(csvField text: String) { append(CSVText.field(text)) }

    /// Hands the buffer to stdio once it holds 64 KiB.
    mutating func writeIfFull() throws {
        if bytes.count >= Self.capacity { try write() }
    }

    /// Hands everything buffered to stdio, and with `flush` makes stdio write it out now.
    mutating func write(flush: Bool = false) throws {
        if !bytes.isEmpty {
            let failure = bytes.withUnsafeBytes { cstdout_write($0.baseAddress, UInt($0.count)) }
            bytes.removeAll(keepingCapacity: true)
            try check(failure)
        }
        if flush { try check(cstdout_finish()) }
    }

    private func check(_ failure: Int32) throws {
        guard failure != 0 else { return }
        if failure == EPIPE { Foundation.exit(0) }
        let reason = failure > 0 ? String(cString: strerror(failure)) : "the write failed"
        throw CommandFailure("cannot write \(destination): \(reason)", exitStatus: 1)
    }
}

extension OutputBuffer: JSONMemberWriting {
    /// Starts a JSON object; its members follow, then `closeObject`.
    mutating func openObject() {
        bytes.append(UInt8(ascii: "{"))
        firstMember = true
    }

    mutating func closeObject() { bytes.append(UInt8(ascii: "}")) }

    mutating func add(_ key: String, _ value: String?) {
        guard let value else { return }
        memberKey(key)
        append(jsonString: value)
    }

    mutating func add(_ key: String, _ value: (some BinaryInteger)?) {
        guard let value else { return }
        memberKey(key)
        append(value)
    }

    mutating func add(_ key: String, raw: String) {
        memberKey(key)
        append(raw)
    }

    /// Writes `"key":` (keys are plain ASCII), after a comma unless it is the object's first.
    mutating func memberKey(_ key: String) {
        if !firstMember { bytes.append(UInt8(ascii: ",")) }
        firstMember = false
        append(jsonString: key)
        bytes.append(UInt8(ascii: ":"))
    }
}
