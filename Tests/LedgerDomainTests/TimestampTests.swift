import LedgerDomain
import Testing

struct TimestampTests {
    @Test(arguments: [
        ("2026-03-01T10:15:00Z", "2026-03-01T10:15:00.000Z"),
        ("2026-03-01T10:15:00.1Z", "2026-03-01T10:15:00.100Z"),
        ("2026-03-01T10:15:00.123456789Z", "2026-03-01T10:15:00.123Z"),
        ("2026-03-01T10:15:00+01:30", "2026-03-01T08:45:00.000Z"),
        ("2026-03-01T00:15:00-00:00", "2026-03-01T00:15:00.000Z"),
        ("2026-03-01T23:15:00-02:00", "2026-03-02T01:15:00.000Z"),
        ("2024-02-29T12:00:00Z", "2024-02-29T12:00:00.000Z"),
        ("1970-01-01T00:00:00Z", "1970-01-01T00:00:00.000Z"),
        ("9999-12-31T23:59:59.999Z", "9999-12-31T23:59:59.999Z"),
    ])
    func validTimesAreKeptAsUTCMilliseconds(input: String, printed: String) {
        #expect(Timestamp(input)?.description == printed)
    }

    @Test(arguments: [
        "2026-03-01t10:15:00Z", "2026-03-01T10:15:00z", "2026-03-01T10:15:60Z", "2026-02-30T10:15:00Z",
        "2025-02-29T00:00:00Z", "2026-03-01T24:00:00Z", "2026-03-01T10:15:00", "2026-03-01T10:15:00.Z",
        "2026-03-01T10:15:00.1234567890Z", "2026-03-01T10:15:00+24:00", "2026-03-01T10:15:00+01:60",
        "1969-12-31T23:59:59Z", "1970-01-01T00:30:00+01:00", "9999-12-31T23:00:00-01:00",
        "10000-01-01T00:00:00Z", " 2026-03-01T10:15:00Z", "2026-03-01 10:15:00Z", "2026-3-01T10:15:00Z", "",
    ])
    func invalidTimesAreRejected(input: String) {
        #expect(Timestamp(input) == nil)
    }

    @Test func theSpecRangeEndsWhereTheParserStops() {
        let last = Timestamp("9999-12-31T23:59:59.999Z")!
        #expect(last.isInSpecRange && Timestamp(milliseconds: 0).isInSpecRange)
        #expect(!Timestamp(milliseconds: last.milliseconds + 1).isInSpecRange && !Timestamp(milliseconds: -1).isInSpecRange)
    }

    @Test func datesAreTheUTCCalendarDay() {
        let time = Timestamp("2026-03-01T23:30:00-01:00")!
        #expect(CalendarDate(day: time.day).description == "2026-03-02")
        #expect(CalendarDate("2026-03-02")?.daysSinceEpoch == time.day)
        #expect(CalendarDate("2026-02-30") == nil)
    }
}
