public import HTTPTypes
import LedgerPresentation

/// An answer other than 200: its status and the words the command line would print, sent as
/// `{"error": "…"}`.
public struct APIError: Error, Sendable {
    public let status: HTTPResponse.Status
    public let message: String

    public init(_ status: HTTPResponse.Status, _ message: String) {
        self.status = status
        self.message = message
    }

    /// The JSON body, one line.
    public var body: String { "{\"error\":" + JSONText.quote(message) + "}\n" }

    /// A query parameter that the route does not take.
    static func unknownParameter(_ name: String, of path: String, takes names: [String]) -> APIError {
        let takes = names.isEmpty ? "takes no parameters" : "takes " + names.joined(separator: ", ")
        return APIError(.badRequest, "\(path) has no parameter '\(name)'; it \(takes)")
    }

    /// No route at `path`.
    static func noRoute(_ path: String) -> APIError {
        APIError(.notFound, "no such path \(path); /api/openapi.json lists the routes")
    }
}
