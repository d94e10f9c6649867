import NIOCore
import NIOHTTPTypes

/// Closes a connection whose client has taken none of its answer for `ServerLimits.requestSeconds`.
/// While the client reads nothing, its socket's buffers fill and NIO holds the answer's writes
/// back (the channel is not writable), so the server's memory stays bounded; without this clock a
/// client that stops reading would keep its connection, and an event stream its task, for ever.
/// Closing ends the write that waits, and with it the answer. It runs on the connection's event
/// loop only.
final class StalledReaderTimer: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart

    private let limit: TimeAmount
    /// The clock of the current stall, if the channel is not writable.
    private var clock: Scheduled<Void>?

    init(limits: ServerLimits) {
        limit = .nanoseconds(limits.requestNanoseconds)
    }

    func channelWritabilityChanged(context: ChannelHandlerContext) {
        if context.channel.isWritable {
            clock?.cancel()
            clock = nil
        } else if clock == nil {
            clock = context.eventLoop.assumeIsolated().scheduleTask(in: limit) { [self] in
                clock = nil
                context.close(promise: nil)
            }
        }
        context.fireChannelWritabilityChanged()
    }

    func channelInactive(context: ChannelHandlerContext) {
        clock?.cancel()
        clock = nil
        context.fireChannelInactive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        clock?.cancel()
        clock = nil
    }
}
