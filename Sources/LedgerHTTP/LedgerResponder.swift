import HTTPTypes
import Hummingbird
import NIOPosix

/// Answers every request: the checks of SPEC §12 first (size, method, token), then the API, the
/// event stream or a page. Read-only: `GET` and `HEAD` only; a `HEAD` gets the `GET` answer's
/// status and headers without its body.
struct LedgerResponder: HTTPResponder {
    typealias Context = BasicRequestContext

    let api: APIRoutes
    let pages: PageRoutes
    let limits: ServerLimits
    /// Where listings are written (`ListingBody`).
    let listingThreads: NIOThreadPool
    /// The token every request must bear (`Authorization: Bearer …`), when one was given.
    let token: String?

    func respond(to request: Request, context: Context) async throws -> Response {
        let head = request.method == .head
        let deadline = RequestDeadline(limits: limits)
        do {
            return try await route(request, head: head, deadline: deadline)
        } catch let error as APIError {
            var response = Self.response(error.status, contentType: "application/json", body: error.body, head: head)
            if error.status == .methodNotAllowed { response.headers[.allow] = "GET, HEAD" }
            if error.status == .unauthorized { response.headers[.wwwAuthenticate] = "Bearer" }
            return response
        }
    }

    /// The answer to a request that passes the checks; an `APIError` otherwise.
    private func route(_ request: Request, head: Bool, deadline: RequestDeadline) async throws -> Response {
        try check(request)
        let path = PercentDecoding.decode(request.uri.path)
        let query = request.uri.query ?? ""
        if path == "/api/events/stream" { return try EventStream.response(query: query, routes: api, head: head) }
        if path == "/api/events" { return try EventPages.response(query: query, routes: api, head: head) }
        if path == "/api" || path.hasPrefix("/api/") {
            switch try api.answer(path: String(path.dropFirst(4)), query: query, deadline: deadline) {
            case .whole(let body):
                return Self.response(.ok, contentType: "application/json", body: body, head: head)
            case .listing(let write):
                return try await ListingBody.response(write, threads: listingThreads, limits: limits, head: head)
            }
        }
        guard PageRoutes.serves(path) else { throw APIError.noRoute(path) }
        let (status, page) = await pages.page(path: path, query: query)
        return Self.response(status, contentType: "text/html; charset=utf-8", body: page, head: head)
    }

    /// The checks made before any route: the request's size, its method and its token.
    private func check(_ request: Request) throws(APIError) {
        let target = request.head.path ?? ""
        guard target.utf8.count <= limits.requestTargetBytes else {
            throw APIError(
                .uriTooLong,
                "the request target has \(target.utf8.count) bytes; at most \(limits.requestTargetBytes) are answered")
        }
        let headerBytes = request.headers.reduce(0) { $0 + $1.name.rawName.utf8.count + $1.value.utf8.count + 4 }
        guard headerBytes <= limits.headerBytes else {
            throw APIError(
                .requestHeaderFieldsTooLarge,
                "the request's headers have \(headerBytes) bytes; at most \(limits.headerBytes) are answered")
        }
        if let length = request.headers[.contentLength].flatMap({ Int($0) }), length > limits.bodyBytes {
            throw APIError(
                .contentTooLarge, "the request has a body of \(length) bytes; the server reads none (GET and HEAD only)")
        }
        guard request.method == .get || request.method == .head else {
            throw APIError(
                .methodNotAllowed, "\(request.method.rawValue) is not answered: the server is read-only (GET and HEAD only)")
        }
        if let token, !Self.bears(request.headers[.authorization], token: token) {
            throw APIError(
                .unauthorized, "this server needs the header Authorization: Bearer <token> (the token of its --token-file)")
        }
    }

    /// Whether `authorization` is `Bearer <token>`, compared in time independent of where it differs.
    static func bears(_ authorization: String?, token: String) -> Bool {
        guard let authorization else { return false }
        let given = Array(authorization.utf8)
        let expected = Array(("Bearer " + token).utf8)
        guard given.count == expected.count else { return false }
        return zip(given, expected).reduce(UInt8(0)) { $0 | ($1.0 ^ $1.1) } == 0
    }

    /// A whole answer; for `HEAD`, its headers only, with the length the body would have.
    static func response(_ status: HTTPResponse.Status, contentType: String, body: String, head: Bool) -> Response {
        response(status, contentType: contentType, body: ByteBuffer(string: body), head: head)
    }

    /// A whole answer of bytes; for `HEAD`, its headers only.
    static func response(_ status: HTTPResponse.Status, contentType: String, body buffer: ByteBuffer, head: Bool) -> Response {
        var headers: HTTPFields = [.contentType: contentType, .contentLength: "\(buffer.readableBytes)"]
        headers[.cacheControl] = "no-store"
        return Response(status: status, headers: headers, body: head ? ResponseBody() : ResponseBody(byteBuffer: buffer))
    }

    /// The `HEAD` answer to what `GET` would send as a stream: its headers, with no length, as the
    /// stream has none (an empty body would claim a length of 0).
    static func headOfStream(_ headers: HTTPFields) -> Response {
        Response(status: .ok, headers: headers, body: ResponseBody { writer in try await writer.finish(nil) })
    }
}
