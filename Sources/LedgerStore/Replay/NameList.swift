/// Ids by dense number, their bytes kept end to end in one buffer: no `String`, and no heap
/// object, per id. `verify` gathers the ids the log names into it and compares them in place
/// with the stored dictionaries; a `String` is made only for an id it has to print.
public struct NameList: RandomAccessCollection, Equatable, Sendable {
    private var bytes: [UInt8] = []
    /// Where each id ends in `bytes` (each starts where the one before it ends).
    private var ends: [Int] = []

    init() {}

    public var startIndex: Int { 0 }
    public var endIndex: Int { ends.count }

    /// The id of number `index`, as text.
    public subscript(index: Int) -> String {
        withBytes(of: index) { String(decoding: $0, as: UTF8.self) }
    }

    /// Lends `body` the bytes of the id of number `index`.
    func withBytes<R>(of index: Int, _ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        let start = index == 0 ? 0 : ends[index - 1]
        return try bytes.withUnsafeBytes { try body(UnsafeRawBufferPointer(rebasing: $0[start..<ends[index]])) }
    }

    /// Whether the id of number `index` is `other`, byte for byte.
    func hasBytes(_ other: UnsafeRawBufferPointer, at index: Int) -> Bool {
        withBytes(of: index) { $0.hasSameBytes(as: other) }
    }

    /// Adds the next id.
    mutating func append(_ name: UnsafeRawBufferPointer) {
        bytes.append(contentsOf: name)
        ends.append(bytes.count)
    }

    /// Adds the ids of `other`, numbered after these.
    mutating func append(contentsOf other: NameList) {
        let offset = bytes.count
        bytes.append(contentsOf: other.bytes)
        ends.append(contentsOf: other.ends.lazy.map { $0 + offset })
    }
}
