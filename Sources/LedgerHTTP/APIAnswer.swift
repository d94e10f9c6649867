/// What an API route answers with: a body made at once, or a listing that may be long (every
/// order, every customer), written from one snapshot on a listing thread and sent in chunks.
enum APIAnswer {
    case whole(String)
    /// Writes the listing's objects into the array writer it is lent, on a listing thread;
    /// what it throws before its first chunks is the answer's status.
    case listing(@Sendable (inout JSONArrayWriter) throws -> Void)
}
