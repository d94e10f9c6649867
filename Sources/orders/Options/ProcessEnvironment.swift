import FoundationEssentials
import Glibc
import SystemPaths

/// Variables of the process's environment, read one at a time with `getenv` (`ProcessInfo`'s
/// `environment` copies every variable into a dictionary first: a cost every query would pay at
/// start).
enum ProcessEnvironment {
    /// The value of `name` (as a path's text: `SystemPath`), or `nil` when it is unset.
    static func value(_ name: String) -> String? { getenv(name).map { SystemPath.text(cString: $0) } }

    /// The variables among `names` that are set, by name.
    static func values(_ names: [String]) -> [String: String] {
        var values: [String: String] = [:]
        for name in names { values[name] = value(name) }
        return values
    }
}
