import Foundation
import LedgerStore

/// A one-line progress display on standard error (only when it is a terminal).
final class ImportProgressView {
    private let enabled: Bool
    private var started = Date()
    private var lastDrawn = Date.distantPast
    private var shown = false
    private var file = ""

    init(enabled: Bool) { self.enabled = enabled }

    func update(_ tick: ImportTick) {
        guard enabled else { return }
        if tick.file != file {
            file = tick.file
            started = Date()
        }
        let now = Date()
        guard now.timeIntervalSince(lastDrawn) >= 0.1 || tick.bytesDone == tick.bytesTotal else { return }
        lastDrawn = now
        let elapsed = max(now.timeIntervalSince(started), 0.001)
        let percent = tick.bytesTotal == 0 ? 100 : Int(Double(tick.bytesDone) * 100 / Double(tick.bytesTotal))
        let rate = Int(Double(tick.records) / elapsed)
        Terminal.writeStandardError("\r\u{1B}[2Kimporting \(tick.file): \(tick.records) records, \(percent)%, \(rate) records/s")
        shown = true
    }

    func finish() {
        guard shown else { return }
        Terminal.writeStandardError("\r\u{1B}[2K")
        shown = false
        lastDrawn = .distantPast
    }
}
