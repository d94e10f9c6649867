/// Writes a JSON array of rendered objects, one a line, byte for byte as
/// `JSONObject.array(items) + "\n"` would, handing it on a chunk at a time.
struct JSONArrayWriter {
    /// The bytes gathered before they are handed on.
    static let chunkBytes = 1 << 16

    private let chunks: AnswerChunks
    private var text = ""
    private var items = 0

    init(_ chunks: AnswerChunks) {
        self.chunks = chunks
        text.reserveCapacity(Self.chunkBytes + 4096)
    }

    /// Appends one rendered object.
    mutating func item(_ object: String) throws {
        text += items == 0 ? "[\n  " : ",\n  "
        text += object
        items += 1
        if text.utf8.count >= Self.chunkBytes {
            try chunks.hand(text)
            text.removeAll(keepingCapacity: true)
        }
    }

    /// Closes the array and hands on what is left: the answer is whole.
    mutating func end() throws {
        text += items == 0 ? "[]\n" : "\n]\n"
        try chunks.hand(text)
        chunks.end()
    }
}
