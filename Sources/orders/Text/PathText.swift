/// The last component of a path and what comes before it, as `NSString`'s `lastPathComponent`
/// and `deletingLastPathComponent` answer for `/`-separated paths (runs of `/` count as one, a
/// trailing `/` is ignored), without bringing Foundation's `NSString` into the binary.
enum PathText {
    private static let slash = UInt8(ascii: "/")

    /// `/a/b/` → `b`; `/` → `/`; `a` → `a`.
    static func lastComponent(of path: String) -> String {
        let fixed = fixingSlashes(path)
        guard fixed.count > 1 else { return String(decoding: fixed, as: UTF8.self) }
        return String(decoding: fixed[startOfLastComponent(fixed)...], as: UTF8.self)
    }

    /// `/a/b/` → `/a`; `/a` → `/`; `/` → `/`; `a` → the empty path.
    static func deletingLastComponent(of path: String) -> String {
        let fixed = fixingSlashes(path)
        guard fixed.count > 1 else { return fixed == [slash] ? "/" : "" }
        switch startOfLastComponent(fixed) {
        case 0: return ""
        case 1: return "/"
        case let start: return String(decoding: fixed[..<(start - 1)], as: UTF8.self)
        }
    }

    /// The path's bytes with each run of `/` made one, and a trailing `/` dropped (but for `/`).
    private static func fixingSlashes(_ path: String) -> [UInt8] {
        var fixed: [UInt8] = []
        fixed.reserveCapacity(path.utf8.count)
        for byte in path.utf8 where byte != slash || fixed.last != slash { fixed.append(byte) }
        if fixed.count > 1, fixed.last == slash { fixed.removeLast() }
        return fixed
    }

    private static func startOfLastComponent(_ fixed: [UInt8]) -> Int {
        (fixed.lastIndex(of: slash).map { $0 + 1 }) ?? 0
    }
}
