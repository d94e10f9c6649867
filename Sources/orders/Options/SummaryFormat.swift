import ArgumentParser

/// How `import` prints its summary.
enum SummaryFormat: String, ExpressibleByArgument, CaseIterable {
    case table
    case json
}
