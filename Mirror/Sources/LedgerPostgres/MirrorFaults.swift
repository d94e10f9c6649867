import Foundation
import Synchronization

/// Kills the mirror at a `MirrorFaultPoint`, for crash tests: with
/// `ORDERS_MIRROR_FAULT=mirror-after-commit:3` the process sends itself SIGKILL the third time it
/// reaches that point (`POINT` alone: the first time). A name or count that is not one is a usage
/// error (`problem`), so a misspelt fault cannot make a crash test pass without crashing.
public enum MirrorFaults {
    /// The environment variable that arms a fault (apart from `ORDERS_FAULT`, whose points `orders` checks).
    public static let variable = "ORDERS_MIRROR_FAULT"

    private static let setting = parse(ProcessInfo.processInfo.environment[variable])
    private static let arrivals = Atomic<Int>(0)

    /// Why the variable names no fault point (one line), or `nil` when it is unset or valid.
    public static var problem: String? { setting.problem }

    /// Dies by SIGKILL when `point` is armed and this is its chosen arrival.
    static func reach(_ point: MirrorFaultPoint) {
        guard let armed = setting.armed, armed.point == point else { return }
        if arrivals.add(1, ordering: .relaxed).newValue == armed.occurrence { kill(getpid(), SIGKILL) }
    }

    /// Parses `POINT[:N]`; unset or empty arms nothing.
    static func parse(_ value: String?) -> (armed: (point: MirrorFaultPoint, occurrence: Int)?, problem: String?) {
        guard let value, !value.isEmpty else { return (nil, nil) }
        let parts = value.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
        guard let point = MirrorFaultPoint(rawValue: String(parts[0])) else {
            let names = MirrorFaultPoint.allCases.map(\.rawValue).joined(separator: ", ")
            return (nil, "\(variable)=\(value): unknown fault point \(parts[0]); use POINT[:N] with POINT one of \(names)")
        }
        guard parts.count == 2 else { return ((point, 1), nil) }
        guard let occurrence = Int(parts[1]), occurrence > 0 else {
            return (nil, "\(variable)=\(value): \(parts[1]) is not a count of arrivals; use POINT:N with N at least 1")
        }
        return ((point, occurrence), nil)
    }
}
