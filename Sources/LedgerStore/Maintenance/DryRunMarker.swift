import FoundationEssentials
import Glibc

/// What a dry run writes into its copy's lock file: its pid and the boot it runs in
/// (`/proc/sys/kernel/random/boot_id`), so that a later dry run removes only copies whose
/// owner is gone, and only copies a dry run made.
struct DryRunMarker: Equatable {
    let pid: Int32
    let bootID: String

    /// The first word of every marker: a file holding anything else is not a dry run's.
    private static let tag = "orders-dry-run"

    /// This process's marker.
    static var current: DryRunMarker { DryRunMarker(pid: getpid(), bootID: currentBootID) }

    /// The boot id of the running system (empty where the system gives none).
    static let currentBootID: String = {
        guard let text = try? String(contentsOfFile: "/proc/sys/kernel/random/boot_id", encoding: .utf8) else { return "" }
        return String(text.filter { !$0.isWhitespace })
    }()

    init(pid: Int32, bootID: String) {
        self.pid = pid
        self.bootID = bootID
    }

    /// Reads the marker from the start of `descriptor`'s file; `nil` when it holds none.
    init?(readingFrom descriptor: Int32) {
        var bytes = [UInt8](repeating: 0, count: 256)
        // Safe: `pread` writes at most the buffer's count of bytes, inside the closure.
        let count = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { return nil }
        let words = String(decoding: bytes.prefix(count), as: UTF8.self).split(separator: " ", omittingEmptySubsequences: false)
        guard words.count == 3, words[0] == Self.tag, let pid = Int32(words[1]), pid > 0, words[2].hasSuffix("\n") else {
            return nil
        }
        self.init(pid: pid, bootID: String(words[2].dropLast()))
    }

    /// The marker as written: `orders-dry-run PID BOOT_ID` and a line end.
    var text: String { "\(Self.tag) \(pid) \(bootID)\n" }

    /// Whether the dry run that wrote this marker is gone: it ran in an earlier boot, or no
    /// process has its pid now.
    var isGone: Bool {
        bootID != Self.currentBootID || kill(pid, 0) != 0 && errno == ESRCH
    }
}
