import FoundationEssentials
import LedgerServices
import LedgerViewModels
import Observation

/// A one-line progress display on standard error (only when it is a terminal), redrawn whenever
/// the observed import view model's progress changes.
@MainActor
final class ImportProgressView {
    private let viewModel: ImportViewModel
    private let enabled: Bool
    private var started: (file: String, at: Date)?
    private var lastDrawn = Date.distantPast
    private var shown = false
    private var observing = false

    init(viewModel: ImportViewModel, enabled: Bool) {
        self.viewModel = viewModel
        self.enabled = enabled
    }

    func start() {
        guard enabled else { return }
        observing = true
        observe()
    }

    func stop() {
        observing = false
        clear()
    }

    private func observe() {
        guard observing else { return }
        withObservationTracking {
            draw(viewModel.progress)
        } onChange: {
            // Called before the change lands: draw on the next turn of the main actor.
            Task { @MainActor [weak self] in self?.observe() }
        }
    }

    private func draw(_ tick: ImportTick?) {
        guard let tick else { return clear() }
        let now = Date()
        if started?.file != tick.file { started = (tick.file, now) }
        guard now.timeIntervalSince(lastDrawn) >= 0.1 || tick.bytesDone == tick.bytesTotal else { return }
        lastDrawn = now
        let elapsed = max(now.timeIntervalSince(started?.at ?? now), 0.001)
        let fraction = tick.bytesTotal == 0 ? 1 : Double(tick.bytesDone) / Double(tick.bytesTotal)
        let rate = Double(tick.records) / elapsed
        let remaining = fraction > 0 ? elapsed * (1 - fraction) / fraction : 0
        Terminal.writeStandardError(
            "\r\u{1B}[2Kimporting \(tick.file.terminalSafe): \(tick.records) records, \(Int(fraction * 100))%, "
                + "\(Int(rate)) records/s, about \(Int(remaining.rounded())) s left")
        shown = true
    }

    private func clear() {
        guard shown else { return }
        Terminal.writeStandardError("\r\u{1B}[2K")
        shown = false
    }
}
