import LedgerPresentation

/// A JSON value built in code from literals (the OpenAPI document), written with its object keys
/// in the order given, one member or item a line, two spaces an indent.
indirect enum JSONValue: Sendable, ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral,
    ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
    case string(String)
    case integer(Int)
    case boolean(Bool)
    case array([JSONValue])
    case object([(key: String, value: JSONValue)])

    init(stringLiteral value: String) { self = .string(value) }
    init(integerLiteral value: Int) { self = .integer(value) }
    init(booleanLiteral value: Bool) { self = .boolean(value) }
    init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    init(dictionaryLiteral elements: (String, JSONValue)...) { self = .object(elements.map { (key: $0.0, value: $0.1) }) }

    /// The value as text; lines after the first are indented by `indent` and two spaces a level.
    func text(indent: String = "") -> String {
        let inner = indent + "  "
        switch self {
        case .string(let text): return JSONText.quote(text)
        case .integer(let number): return "\(number)"
        case .boolean(let flag): return flag ? "true" : "false"
        case .array(let items) where items.isEmpty: return "[]"
        case .object(let members) where members.isEmpty: return "{}"
        case .array(let items):
            return "[\n" + items.map { inner + $0.text(indent: inner) }.joined(separator: ",\n") + "\n" + indent + "]"
        case .object(let members):
            let lines = members.map { inner + JSONText.quote($0.key) + ": " + $0.value.text(indent: inner) }
            return "{\n" + lines.joined(separator: ",\n") + "\n" + indent + "}"
        }
    }
}
