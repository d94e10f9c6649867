/// A problem with a whole batch file (SPEC §5 exit 2): nothing of the file is imported.
public struct BatchFileError: Error, Hashable, Sendable, CustomStringConvertible {
    public let message: String

    public init(_ message: String) { self.message = message }

    public var description: String { message }
}
