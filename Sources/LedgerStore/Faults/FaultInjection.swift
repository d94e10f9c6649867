import Foundation
import Synchronization

/// Kills the process at a `FaultPoint`, for crash tests: with `ORDERS_FAULT=after-commit:3` the
/// process sends itself SIGKILL the third time it reaches `after-commit` (`POINT` alone means
/// `POINT:1`). The variable is read once, at first use; `orders` checks it at start, so a
/// misspelt point is a usage error rather than a crash test that never crashes.
///
/// Points sit at commits, chunks and rejection writes, never per record: when nothing is armed
/// reaching one costs a comparison.
public enum FaultInjection {
    /// The environment variable that arms a fault.
    public static let variable = "ORDERS_FAULT"

    /// The armed point and the arrival at which the process dies, or why the variable names none.
    private static let setting = parse(ProcessInfo.processInfo.environment[variable])
    private static let armed = setting.armed
    private static let arrivals = Atomic<Int>(0)

    /// Why `ORDERS_FAULT` names no fault point (one line), or `nil` when it is unset or valid.
    public static var problem: String? { setting.problem }

    /// Dies by SIGKILL when `point` is armed and this is its chosen arrival.
    public static func reach(_ point: FaultPoint) {
        guard let armed, armed.point == point else { return }
        if arrivals.add(1, ordering: .relaxed).newValue == armed.occurrence {
            kill(getpid(), SIGKILL)
        }
    }

    /// Parses `POINT[:N]`; unset or empty arms nothing.
    static func parse(_ value: String?) -> (armed: (point: FaultPoint, occurrence: Int)?, problem: String?) {
        guard let value, !value.isEmpty else { return (nil, nil) }
        let parts = value.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
        guard let point = FaultPoint(rawValue: String(parts[0])) else {
            let names = FaultPoint.allCases.map(\.rawValue).joined(separator: ", ")
            return (nil, "\(variable)=\(value): unknown fault point \(parts[0]); use POINT[:N] with POINT one of \(names)")
        }
        guard parts.count == 2 else { return ((point, 1), nil) }
        guard let occurrence = Int(parts[1]), occurrence > 0 else {
            return (nil, "\(variable)=\(value): \(parts[1]) is not a count of arrivals; use POINT:N with N at least 1")
        }
        return ((point, occurrence), nil)
    }
}
