import BatchFormats
import Foundation
import LedgerDomain

/// libFuzzer entry point for the store's decoders, compiled into one module with them
/// (`tools/fuzz-store.sh`). The first byte chooses the decoder, as `damage-store seeds` writes
/// it; the rest is the stored value. Whatever the bytes, a decoder answers or throws
/// `StoreError`: a trap, a signal, a leak, a read out of bounds or an allocation sized by a
/// stored number is a finding.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzStoreDecoders(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    guard size > 0 else { return 0 }
    let value = UnsafeRawBufferPointer(start: data + 1, count: size - 1)
    switch data[0] % 8 {
    case 0: event(value)
    case 1: _ = try? OrderStateCodec.decode(value)
    case 2: _ = try? ReadModelCodec.customer(value)
    case 3: _ = try? ReadModelCodec.sku(value)
    case 4:
        _ = try? ReadModelCodec.revenue(value)
        _ = try? ReadModelCodec.revenueKey(value)
    case 5: _ = try? ReadModelCodec.statusCounts(value)
    case 6:
        guard value.count >= 16 else { return 0 }
        _ = try? StoredRejection(
            key: UnsafeRawBufferPointer(rebasing: value[..<16]), decoding: UnsafeRawBufferPointer(rebasing: value[16...]))
    default: _ = try? ImportProgress(decoding: value)
    }
    return 0
}

/// Reads an event every way the store does: in place with its bounds checked (small
/// dictionaries, so that numbers are out of bounds often), folded into rows when they pass, and
/// decoded in full; and glanced at as the replay's lookahead does.
private func event(_ bytes: UnsafeRawBufferPointer) {
    if let peek = EncodedEvent.Peek(bytes) {
        var skus = 0
        for sku in peek.skus { skus &+= sku.index }
        _ = (peek.kind, peek.order, peek.customer, skus)
    }
    guard let event = try? EncodedEvent(bytes) else { return }
    _ = try? event.names()
    _ = event.note
    let seq = UInt64(truncatingIfNeeded: event.previousSeq &+ 1)
    guard EventBounds(orders: 64, customers: 64, skus: 64).problem(with: event, seq: seq) == nil else { return }
    var rows = InMemoryReadModels()
    let placed = event.kind == .placed ? OrderService().evolve(nil, event) : nil
    if let placed {
        ReadModelFold.apply(event, before: nil, after: placed, placedLines: event.lines, to: &rows)
    }
    _ = try? EventCodec.decode(bytes)
}
