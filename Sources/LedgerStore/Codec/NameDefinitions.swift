/// The ids a `placed` event names for the first time. Embedding them keeps the log self-contained:
/// the id dictionaries can be rebuilt from it without hashing a string per event.
struct NameDefinitions: Hashable {
    /// The order id (always present on a `placed` event).
    var order: String?
    /// The customer id, when this event is the customer's first order.
    var customer: String?
    /// Skus first seen in this event, in line order (their numbers are consecutive).
    var skus: [String] = []
}
