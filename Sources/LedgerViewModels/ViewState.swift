/// What a screen shows: nothing yet, work under way, a value, or why it failed.
public enum ViewState<Value: Sendable>: Sendable {
    case idle
    case loading
    case loaded(Value)
    case failed(String)

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
