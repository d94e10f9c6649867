internal import BatchFormats
internal import LedgerDomain

/// A decoded record as the import applies it (`ChunkEventLog`): the command and the bytes and lines
/// of its batch's `DecodedText`, borrowed while the batch is applied. Copying it copies plain
/// values; its ids are read in place, with the hashes the reading thread computed.
struct ParsedCommand: CommandFacts {
    let decoded: DecodedCommand
    // Safe: both point into a `ParsedBatch`'s text, lent by `ChunkApplier.prepare`'s closures; a
    // command is made and applied inside them, and what the log keeps of it is copied.
    let text: UnsafeRawBufferPointer
    let lines: UnsafeBufferPointer<DecodedLine>

    var kind: CommandKind { decoded.kind }
    var at: Timestamp { decoded.at }
    var amount: Int64 { decoded.amount }
    var currency: Currency { decoded.currency }
    var lineCount: Int { decoded.lines.count }

    func line(_ index: Int) -> (quantity: Int64, unitPrice: Int64) {
        let line = lines[decoded.lines.lowerBound + index]
        return (line.quantity, line.unitPrice)
    }

    var note: String? { decoded.note.map { String(decoding: $0.bytes(in: text), as: UTF8.self) } }

    var orderIDText: String { String(decoding: decoded.orderID.bytes(in: text), as: UTF8.self) }

    /// The sku of line `index`.
    func sku(_ index: Int) -> TextSpan { lines[decoded.lines.lowerBound + index].sku }

    /// The bytes of `span`, one of this command's.
    func bytes(_ span: TextSpan) -> UnsafeRawBufferPointer { span.bytes(in: text) }
}
