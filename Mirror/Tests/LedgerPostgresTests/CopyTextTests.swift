import Testing

@testable import LedgerPostgres

/// COPY text writes every digit of an integer up to 128 bits: the read models' sums are `Int128`.
struct CopyTextTests {
    func text(_ values: [any BinaryInteger]) -> String {
        var rows = CopyText()
        for value in values { rows.integer(value) }
        rows.endRow()
        return String(decoding: rows.bytes, as: UTF8.self)
    }

    @Test func integersOfEveryWidthKeepEveryDigit() {
        #expect(text([0, -1, Int64.min, UInt64.max]) == "0\t-1\t-9223372036854775808\t18446744073709551615\n")
        #expect(
            text([
                Int128(10_000_000_000_000_000_000) - 1, Int128(10_000_000_000_000_000_000), -Int128(10_000_000_000_000_000_001),
            ])
                == "9999999999999999999\t10000000000000000000\t-10000000000000000001\n")
        #expect(
            text([Int128(UInt64.max) + 1, Int128(1_000_000_000_000_000) * 40_000 + 7])
                == "18446744073709551616\t40000000000000000007\n")
        #expect(
            text([Int128.min, Int128.max, UInt128.max])
                == "-170141183460469231731687303715884105728\t170141183460469231731687303715884105727\t"
                + "340282366920938463463374607431768211455\n")
    }
}
