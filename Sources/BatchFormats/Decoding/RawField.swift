/// One field of a record as a reader found it, before any SPEC §2 check.
///
/// `text` and `lines` borrow from the reader's buffers: valid only until the reader's next record.
/// Bitwise copyable, so that a record (ten of these) is copied as plain bytes, with nothing to
/// retain, however often it is handed on.
public enum RawField: BitwiseCopyable {
    /// Not given (an empty CSV field, a missing or `null` JSON key).
    case absent
    /// A CSV field, or a JSON string's unescaped UTF-8.
    case text(UnsafeRawBufferPointer)
    /// A JSON integer that fits in 64 bits.
    case integer(Int64)
    /// A JSON `lines` array.
    case lines(UnsafeBufferPointer<RawLine>)
    /// A JSON value of another type, named in the error message.
    case wrongType(JSONValueKind)
}
