/// A replay (of `rebuild`, `verify`, a diff or a query `--as-of`) stopped on request before it
/// finished; a rebuild's transaction was abandoned, so the read models are unchanged.
public struct ReplayInterrupted: Error, Hashable, Sendable {
    public init() {}
}
