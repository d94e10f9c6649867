import ProcessControl

/// Kills the mirror at a `MirrorFaultPoint`, for crash tests: with
/// `ORDERS_MIRROR_FAULT=mirror-after-commit:3` the process sends itself SIGKILL the third time it
/// reaches that point (`POINT` alone: the first time; `FaultTrigger` reads and checks the variable).
/// A name or count that is not one is a usage error (`problem`), so a misspelt fault cannot make a
/// crash test pass without crashing.
public enum MirrorFaults {
    /// The environment variable that arms a fault (apart from `ORDERS_FAULT`, whose points `orders` checks).
    public static let variable = "ORDERS_MIRROR_FAULT"

    private static let trigger = FaultTrigger<MirrorFaultPoint>(variable: variable)

    /// Why the variable names no fault point (one line), or `nil` when it is unset or valid.
    public static var problem: String? { trigger.problem }

    /// Dies by SIGKILL when `point` is armed and this is its chosen arrival.
    static func reach(_ point: MirrorFaultPoint) { trigger.reach(point) }
}
