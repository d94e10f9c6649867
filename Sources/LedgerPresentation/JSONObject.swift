/// Builds one JSON object with its keys in the order they are added; absent values are left out.
public struct JSONObject {
    private var members: [String] = []

    public init() {}

    public mutating func add(_ key: String, _ value: String?) {
        if let value { members.append("\(JSONText.quote(key)):\(JSONText.quote(value))") }
    }

    public mutating func add(_ key: String, _ value: (some BinaryInteger)?) {
        if let value { members.append("\(JSONText.quote(key)):\(value)") }
    }

    /// Adds already-rendered JSON (an object or an array).
    public mutating func add(_ key: String, raw: String) {
        members.append("\(JSONText.quote(key)):\(raw)")
    }

    public var text: String { "{" + members.joined(separator: ",") + "}" }

    /// A JSON array of rendered values, one per line.
    public static func array(_ items: [String]) -> String {
        items.isEmpty ? "[]" : "[\n  " + items.joined(separator: ",\n  ") + "\n]"
    }
}
