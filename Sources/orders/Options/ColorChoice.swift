import ArgumentParser

/// `--color`: `auto` colours a table only for a terminal (and honours `NO_COLOR`, `FORCE_COLOR`
/// and `TERM=dumb`); `always` and `never` decide outright.
enum ColorChoice: String, ExpressibleByArgument, CaseIterable {
    case auto, always, never
}
