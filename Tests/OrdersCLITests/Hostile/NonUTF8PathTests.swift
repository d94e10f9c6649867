import Foundation
import SystemPaths
import TestSupport
import Testing

/// Paths are bytes on Linux: a store, a batch, a rejects file, an export and a backup whose names
/// are not UTF-8 are the files named, never others with U+FFFD in their names, and messages show
/// such a byte escaped.
struct NonUTF8PathTests {
    let directory = TemporaryDirectory()

    /// Runs `script` in `/bin/sh` in the test's directory, with `$0` the `orders` binary (Foundation's
    /// `Process` passes arguments as UTF-8, so the names are made by `printf` in the script).
    func shell(_ script: String) throws -> OrdersBinary.Output {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", script, OrdersBinary.url.path]
        process.currentDirectoryURL = URL(fileURLWithPath: directory.path)
        var environment = ProcessInfo.processInfo.environment
        environment["ORDERS_STORE"] = nil
        environment["NO_COLOR"] = "1"
        process.environment = environment
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let printed = output.fileHandleForReading.readDataToEndOfFile()
        let said = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return OrdersBinary.Output(
            status: process.terminationStatus, killedBySignal: false,
            standardOutput: String(decoding: printed, as: UTF8.self), standardError: String(decoding: said, as: UTF8.self))
    }

    /// The names in the test's directory, as bytes.
    func names(in path: String = "") -> Set<[UInt8]> {
        Set((SystemPath.entries(of: directory.path + path) ?? []).map(SystemPath.bytes))
    }

    @Test func aStoreABatchAndEveryOutputWithNonUTF8NamesAreTheFilesNamed() throws {
        let batch = OrdersBinary.repository.path + "/data/good-batch.csv"
        let bad = OrdersBinary.repository.path + "/data/bad-batch.jsonl"
        let define = #"S=$(printf 'st\377\376'); B=$(printf 'z\377.csv'); "#
        let imported = try shell(define + #"cp "\#(batch)" "$B" && exec "$0" import --store "$S" "$B""#)
        #expect(imported.status == 0, "\(imported.standardError)")
        #expect(imported.standardOutput.contains("z\\xff.csv"), "\(imported.standardOutput)")
        #expect(names().isSuperset(of: [[0x73, 0x74, 0xFF, 0xFE], [0x7A, 0xFF] + Array(".csv".utf8)]), "\(names())")
        #expect(!names().contains(Array("st\u{FFFD}\u{FFFD}".utf8)) && !names().contains(Array("z\u{FFFD}.csv".utf8)))
        let rejects = try shell(
            define + #"exec "$0" import --store "$S" --rejects "$(printf 'r\376.jsonl')" "\#(bad)""#)
        #expect(rejects.status == 1, "\(rejects.standardError)")
        let exported = try shell(define + #"exec "$0" export --store "$S" --output "$(printf 'e\376.jsonl')""#)
        #expect(exported.status == 0, "\(exported.standardError)")
        let backup = try shell(define + #"exec "$0" backup --store "$S" "$(printf 'k\377')/copy""#)
        #expect(backup.status == 0, "\(backup.standardError)")
        #expect(backup.standardOutput.hasPrefix("backed up st\\xff\\xfe to k\\xff/copy: events up to seq "))
        #expect(
            names().isSuperset(of: [[0x72, 0xFE] + Array(".jsonl".utf8), [0x65, 0xFE] + Array(".jsonl".utf8), [0x6B, 0xFF]]))
        #expect(names(in: "/" + SystemPath.text([0x6B, 0xFF])).contains(Array("copy".utf8)))
        let verify = try shell(#"exec "$0" verify --store "$(printf 'k\377')/copy""#)
        #expect(verify.status == 0, "\(verify.standardError)")
        let dryRun = try shell(define + #"exec "$0" import --dry-run --store "$S" "\#(bad)""#)
        #expect(
            dryRun.status == 0 && dryRun.standardOutput.contains("already imported; nothing changed"), "\(dryRun.standardOutput)")
        #expect(dryRun.standardError.contains("st\\xff\\xfe is left as it was"), "\(dryRun.standardError)")
    }

    @Test func aMissingNonUTF8BatchIsNamedEscapedAndAMissingStoreToo() throws {
        let missing = try shell(#"exec "$0" import --store s "$(printf 'nope\377.csv')""#)
        #expect(missing.status == 2)
        #expect(missing.standardError == "orders: error: nope\\xff.csv: cannot open: No such file or directory\n")
        let noStore = try shell(#"exec "$0" stats --store "$(printf 'none\377')""#)
        #expect(noStore.status == 1)
        #expect(noStore.standardError.hasPrefix("orders: error: no store at none\\xff; import a batch first"))
    }

    @Test func everyByteStringHasOneTextThatMapsBack() {
        let samples: [[UInt8]] = [
            [], Array("plain/ascii.csv".utf8), [0xFF, 0xFE], [0x7A, 0xC3], [0xC3, 0xA9], [0xED, 0xA0, 0x80],
            [0xF4, 0x8F, 0xBF, 0xBF], [0xF4, 0x90, 0x80, 0x80], [0xC0, 0xAF], Array("é€😀".utf8) + [0x80],
        ]
        for bytes in samples { #expect(SystemPath.bytes(SystemPath.text(bytes)) == bytes, "\(bytes)") }
        #expect(SystemPath.text(Array("é".utf8)) == "é")
    }
}
