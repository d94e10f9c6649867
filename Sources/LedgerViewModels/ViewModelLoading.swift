/// Runs a query for a view model: `.loading`, then `.loaded` or `.failed` with the error's text.
@MainActor
func load<Value: Sendable>(_ assign: (ViewState<Value>) -> Void, _ query: () throws -> Value) {
    assign(.loading)
    do {
        assign(.loaded(try query()))
    } catch {
        assign(.failed(String(describing: error)))
    }
}
