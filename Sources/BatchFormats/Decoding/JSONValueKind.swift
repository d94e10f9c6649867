/// A JSON value a known field cannot take, as `RawField.wrongType` names it.
public enum JSONValueKind: BitwiseCopyable, Equatable {
    case array, boolean, object
    /// A number with a fraction or an exponent (every number the format takes is an integer).
    case fraction
    /// An integer that does not fit in 64 bits.
    case outOfRange

    /// How an error message names it.
    public var name: String {
        switch self {
        case .array: "an array"
        case .boolean: "a boolean"
        case .object: "an object"
        case .fraction: "a number with a fraction or exponent"
        case .outOfRange: "an integer out of range"
        }
    }
}
