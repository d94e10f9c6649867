import FoundationEssentials
import Glibc
import Synchronization

/// Kills the process at a named point, for crash tests. An environment variable arms it:
/// `POINT:3` sends SIGKILL the third time the process reaches `POINT` (`POINT` alone: the first
/// time). The variable is read once, when the trigger is made; a name or count that is not one is
/// a `problem` the program reports as a usage error, so that a misspelt fault cannot make a crash
/// test pass without crashing.
///
/// `orders` arms its `FaultPoint`s with `ORDERS_FAULT`, `orders-mirror` its `MirrorFaultPoint`s
/// with `ORDERS_MIRROR_FAULT`. When nothing is armed, reaching a point costs a comparison.
public final class FaultTrigger<Point>: Sendable
where Point: RawRepresentable & CaseIterable & Equatable & Sendable, Point.RawValue == String {
    /// The environment variable that arms the trigger.
    public let variable: String
    /// The armed point and the arrival at which the process dies, or `nil` when none is.
    public let armed: (point: Point, occurrence: Int)?
    /// Why the variable names no fault point (one line), or `nil` when it is unset or valid.
    public let problem: String?
    private let arrivals = Atomic<Int>(0)

    /// Reads `variable` from the process's environment (with `getenv`: every process reaches this
    /// at start, and `ProcessInfo`'s environment would first copy every variable into a dictionary).
    public init(variable: String) {
        self.variable = variable
        (armed, problem) = Self.parse(getenv(variable).map { String(cString: $0) }, variable: variable)
    }

    /// Reads `variable` from `environment`.
    public init(variable: String, environment: [String: String]) {
        self.variable = variable
        (armed, problem) = Self.parse(environment[variable], variable: variable)
    }

    /// Dies by SIGKILL when `point` is armed and this is its chosen arrival.
    public func reach(_ point: Point) {
        guard let armed, armed.point == point else { return }
        if arrivals.add(1, ordering: .relaxed).newValue == armed.occurrence {
            kill(getpid(), SIGKILL)
        }
    }

    /// Parses `POINT[:N]`, naming `variable` in the problem it finds.
    private static func parse(_ value: String?, variable: String) -> (armed: (point: Point, occurrence: Int)?, problem: String?) {
        guard let value, !value.isEmpty else { return (nil, nil) }
        let parts = value.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
        guard let point = Point(rawValue: String(parts[0])) else {
            let names = Point.allCases.map(\.rawValue).joined(separator: ", ")
            return (nil, "\(variable)=\(value): unknown fault point \(parts[0]); use POINT[:N] with POINT one of \(names)")
        }
        guard parts.count == 2 else { return ((point, 1), nil) }
        guard let occurrence = Int(parts[1]), occurrence > 0 else {
            return (nil, "\(variable)=\(value): \(parts[1]) is not a count of arrivals; use POINT:N with N at least 1")
        }
        return ((point, occurrence), nil)
    }
}
