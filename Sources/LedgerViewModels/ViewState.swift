/// What a screen shows: nothing yet, work under way, a value, or why it failed.
public enum ViewState<Value: Sendable>: Sendable {
    case idle
    case loading
    case loaded(Value)
    case failed(String)

    /// `.loaded` with what `query` returns, or `.failed` with the text of what it threw.
    public init(_ query: () throws -> Value) {
        do {
            self = .loaded(try query())
        } catch {
            self = .failed(String(describing: error))
        }
    }

    /// The loaded value, if any.
    public var value: Value? {
        if case .loaded(let value) = self { return value }
        return nil
    }

    /// The failure's message, if any.
    public var failure: String? {
        if case .failed(let message) = self { return message }
        return nil
    }
}
