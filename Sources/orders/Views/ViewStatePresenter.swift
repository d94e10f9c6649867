import LedgerViewModels

/// Prints a loaded view state with `render`; a failed one becomes a one-line error, exit 1.
@MainActor
func present<Value>(_ state: ViewState<Value>, _ render: (Value) -> String) throws {
    try present(state) { try OutputBuffer.write(render($0)) }
}

/// Has `write` write a loaded view state to standard output itself (a result too large to
/// render as one string first); a failed one becomes a one-line error, exit 1.
@MainActor
func present<Value>(_ state: ViewState<Value>, writing write: (Value) throws -> Void) throws {
    switch state {
    case .loaded(let value):
        try write(value)
    case .failed(let message):
        throw CommandFailure(message, exitStatus: 1)
    case .idle, .loading:
        throw CommandFailure("the query did not run", exitStatus: 1)
    }
}
