/// When the work of one request must end: `ServerLimits.requestSeconds` after it began. The long
/// loops (the replay of `as_of`, a diff, a listing of orders) ask it every few thousand events or
/// rows, never for each; once it has passed they stop, and the request is answered 503.
struct RequestDeadline: Sendable {
    private let end: ContinuousClock.Instant
    /// The limit, as the words of the answer give it.
    private let seconds: String

    /// The deadline of a request that begins now.
    init(limits: ServerLimits) {
        end = .now + .nanoseconds(limits.requestNanoseconds)
        seconds = limits.requestSecondsText
    }

    var hasPassed: Bool { ContinuousClock.now >= end }

    /// `hasPassed`, as the ports ask it.
    var shouldStop: @Sendable () -> Bool { { [end] in ContinuousClock.now >= end } }

    /// The answer once it has passed: 503, in words that say what to ask instead.
    var exceeded: APIError {
        APIError(
            .serviceUnavailable,
            "this request needs more than the \(seconds) s the server gives one (orders serve --request-seconds), "
                + "so its work was stopped: ask for less (a diff over a shorter range, an earlier as_of, a smaller limit), "
                + "or ask the orders command, which has no such limit")
    }

    /// Throws `exceeded` once the deadline has passed.
    func check() throws(APIError) {
        if hasPassed { throw exceeded }
    }
}
