import FoundationEssentials
import Glibc
import ProcessControl

/// Kills the process at a `FaultPoint`, for crash tests: with `ORDERS_FAULT=after-commit:3` the
/// process sends itself SIGKILL the third time it reaches `after-commit` (`POINT` alone means
/// `POINT:1`; `FaultTrigger` reads and checks the variable). `orders` checks it at start, so a
/// misspelt point is a usage error rather than a crash test that never crashes.
///
/// Points sit at commits, chunks and rejection writes, never per record: when nothing is armed
/// reaching one costs a comparison.
public enum FaultInjection {
    /// The environment variable that arms a fault.
    public static let variable = "ORDERS_FAULT"

    private static let trigger = FaultTrigger<FaultPoint>(variable: variable)

    /// Why `ORDERS_FAULT` names no fault point (one line), or `nil` when it is unset or valid.
    /// Every process asks at start: when the variable is unset, the trigger is not made (making a
    /// generic class's first instance costs a run-time type lookup that `orders show` would feel).
    public static var problem: String? { getenv(variable) == nil ? nil : trigger.problem }

    /// Dies by SIGKILL when `point` is armed and this is its chosen arrival.
    public static func reach(_ point: FaultPoint) { trigger.reach(point) }
}
