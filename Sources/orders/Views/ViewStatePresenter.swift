import LedgerViewModels

/// Prints a loaded view state with `render`; a failed one becomes a one-line error, exit 1.
@MainActor
func present<Value>(_ state: ViewState<Value>, _ render: (Value) -> String) throws {
    switch state {
    case .loaded(let value):
        print(render(value), terminator: "")
    case .failed(let message):
        throw CommandFailure(message, exitStatus: 1)
    case .idle, .loading:
        throw CommandFailure("the query did not run", exitStatus: 1)
    }
}
