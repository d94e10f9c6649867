/// The stateless rules of an order (SPEC §3). Import, replay and verify all fold with `evolve`.
public protocol OrderDeciding: Sendable {
    /// Accepts or rejects a well-formed command against the order's current state (`nil`: no such order).
    /// Checks codes 2–5 of SPEC §3 in their order; `malformed` was decided when the record was read.
    func decide(_ command: some CommandFacts, current: OrderState?) -> Result<Decision, Rejection>

    /// The order's state after `event`. `current` is `nil` only for a `placed` event.
    func evolve(_ current: OrderState?, _ event: some OrderEventFacts) -> OrderState
}
