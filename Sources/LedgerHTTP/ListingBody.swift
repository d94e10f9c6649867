import HTTPTypes
import Hummingbird
import NIOPosix

/// The response to a listing (`APIAnswer.listing`): its objects are written on a thread of
/// `threads`, where the store's read transaction can stay (it must never cross an `await`), and
/// sent as they come. An answer that fits in one chunk goes out whole, with its length; a failure
/// before the first chunk is its status; a failure later, or a connection that takes nothing for
/// the request's time, ends the connection.
enum ListingBody {
    static func response(
        _ write: @escaping @Sendable (inout JSONArrayWriter) throws -> Void, threads: NIOThreadPool,
        limits: ServerLimits, head: Bool
    ) async throws -> Response {
        let chunks = AnswerChunks(limits: limits)
        threads.submit { state in
            guard case .active = state else {
                chunks.fail(APIError(.serviceUnavailable, "the server is stopping"))
                return
            }
            var writer = JSONArrayWriter(chunks)
            do {
                try write(&writer)
                try writer.end()
            } catch {
                chunks.fail(error)
            }
        }
        var iterator = chunks.stream.makeAsyncIterator()
        let first: ByteBuffer
        let second: ByteBuffer?
        do {
            first = try await iterator.next() ?? ByteBuffer()
            second = try await iterator.next()
        } catch {
            chunks.abandon()
            throw error as? APIError ?? APIError(.serviceUnavailable, "\(error)")
        }
        guard let second else {
            return LedgerResponder.response(.ok, contentType: "application/json", body: first, head: head)
        }
        let headers: HTTPFields = [.contentType: "application/json", .cacheControl: "no-store"]
        guard !head else {
            chunks.abandon()
            return LedgerResponder.headOfStream(headers)
        }
        return Response(
            status: .ok, headers: headers,
            body: ResponseBody { writer in
                defer { chunks.abandon() }
                for chunk in [first, second] {
                    try await writer.write(chunk)
                    chunks.sent()
                }
                for try await chunk in chunks.stream {
                    try await writer.write(chunk)
                    chunks.sent()
                }
                try await writer.finish(nil)
            })
    }
}
