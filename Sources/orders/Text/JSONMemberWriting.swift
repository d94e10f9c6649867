/// Something a JSON object's members are added to, in order, absent values left out: a
/// `JSONObject` being built, or an `OutputBuffer` writing one as it goes. One renderer of an
/// object serves both.
protocol JSONMemberWriting {
    mutating func add(_ key: String, _ value: String?)
    mutating func add(_ key: String, _ value: (some BinaryInteger)?)
    /// Adds already-rendered JSON (an object or an array).
    mutating func add(_ key: String, raw: String)
}

extension JSONObject: JSONMemberWriting {}
