import FoundationEssentials

/// Progress of a replay on standard error (only when it is a terminal): events, %, rate, time left.
final class ReplayProgressView {
    private let enabled: Bool
    private let verb: String
    private let total: Int
    private let started = Date()
    private var shown = false

    init(verb: String, total: Int, enabled: Bool) {
        self.verb = verb
        self.total = total
        self.enabled = enabled
    }

    func update(_ events: Int) {
        guard enabled, total > 0 else { return }
        let elapsed = max(Date().timeIntervalSince(started), 0.001)
        let fraction = Double(events) / Double(total)
        let rate = Double(events) / elapsed
        let left = rate > 0 ? Double(total - events) / rate : 0
        Terminal.writeStandardError(
            "\r\u{1B}[2K\(verb): \(events)/\(total) events, \(Int(fraction * 100))%, \(Int(rate)) events/s, about \(Int(left.rounded())) s left"
        )
        shown = true
    }

    func finish() {
        if shown { Terminal.writeStandardError("\r\u{1B}[2K") }
    }
}
