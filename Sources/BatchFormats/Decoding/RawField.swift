/// One field of a record as a reader found it, before any SPEC §2 check.
///
/// `text` borrows bytes from the reader's buffer: valid only during the reader's callback.
public enum RawField {
    /// Not given (an empty CSV field, a missing or `null` JSON key).
    case absent
    /// A CSV field, or a JSON string's unescaped UTF-8.
    case text(UnsafeRawBufferPointer)
    /// A JSON integer that fits in 64 bits.
    case integer(Int64)
    /// A JSON `lines` array.
    case lines([RawLine])
    /// A JSON value of another type; the text names it for the error message.
    case wrongType(String)
}
