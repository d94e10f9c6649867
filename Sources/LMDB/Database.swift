/// A handle to a named database inside an `Environment`. Valid for the environment's lifetime.
public struct Database: Sendable, Hashable {
    let handle: UInt32
}
