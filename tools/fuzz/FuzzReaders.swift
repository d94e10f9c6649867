import BatchFormats
import Foundation
import LedgerDomain

/// libFuzzer entry point: the input becomes a batch file, read to the end by the CSV reader and
/// by the JSON Lines reader (with a small buffer, so records straddle refills) and decoded.
/// A crash, a hang or a leak is a finding; rejections and file errors are normal outcomes.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzReaders(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let path = NSTemporaryDirectory() + "orders-fuzz-\(getpid())"
    let descriptor = open(path, O_RDWR | O_CREAT | O_TRUNC, 0o600)
    guard descriptor >= 0 else { return 0 }
    defer {
        close(descriptor)
        unlink(path)
    }
    _ = write(descriptor, data, size)
    for format in RecordFormat.allCases {
        _ = lseek(descriptor, 0, SEEK_SET)
        let decoder = CommandDecoder(format: format)
        do {
            let reader: any BatchReader =
                format == .csv
                ? try CSVReader(descriptor: descriptor, recordLimit: 4096, bufferCapacity: 64)
                : try JSONLinesReader(descriptor: descriptor, recordLimit: 4096, bufferCapacity: 64)
            var previous = 0
            while let record = try reader.next() {
                precondition(record.line > previous, "records come in line order")
                previous = record.line
                _ = record.content.flatMap(decoder.decode)
            }
        } catch {
            continue
        }
    }
    return 0
}
