/// The `type` words of SPEC §3.
public enum CommandKind: String, CaseIterable, Sendable {
    case place, pay, ship, deliver, cancel, refund
}
