import Foundation
import LedgerDomain
import LedgerServices
import Testing

@testable import LedgerHTTP

struct PageTextTests {
    @Test func markupIsEscapedForElementsAndAttributes() {
        #expect(
            HTMLText.escape(#"<script>alert("x" & 'y')</script>"#)
                == "&lt;script&gt;alert(&quot;x&quot; &amp; &#39;y&#39;)&lt;/script&gt;")
        #expect(HTMLText.escape("plain O-1") == "plain O-1")
    }

    @Test func aPageLoadsNothingFromOtherHostsAndRunsNoScript() {
        let page = HTMLText.page(title: "<t>", body: "<p>x</p>")
        #expect(page.contains("<title>&lt;t&gt;</title>"))
        #expect(!page.contains("<script"))
        #expect(!page.contains("http://") && !page.contains("https://") && !page.contains("//cdn"))
    }

    @Test func theChartHasABarPerRowAsHighAsItsShareOfTheLargest() throws {
        let euro = try #require(Currency("EUR"))
        let rows = [100, 400, 200].enumerated().map { index, gross in
            var totals = RevenueTotals()
            totals.gross = Int128(gross)
            return RevenueRow(
                key: RevenueKey(day: CalendarDate("2026-03-0\(index + 1)")!.daysSinceEpoch, currency: euro), totals: totals)
        }
        let svg = RevenueChart.svg(rows, currency: euro)
        let heights = svg.matches(of: #/ height="(\d+)" data-date="([0-9-]+)" data-gross="(\d+)"/#).map {
            "\($0.2) \($0.3) \($0.1)"
        }
        let plot = RevenueChart.plotHeight
        #expect(heights == ["2026-03-01 100 \(plot / 4)", "2026-03-02 400 \(plot)", "2026-03-03 200 \(plot / 2)"])
    }

    @Test func theOpenAPIDocumentIsJSON() throws {
        let object = try JSONSerialization.jsonObject(with: Data(OpenAPIDocument.json.utf8)) as? [String: Any]
        #expect(object?["openapi"] as? String == "3.1.0")
    }

    @Test func onlyTheWholeBearerTokenIsAccepted() {
        #expect(LedgerResponder.bears("Bearer abc", token: "abc"))
        #expect(!LedgerResponder.bears("Bearer abd", token: "abc"))
        #expect(!LedgerResponder.bears("Bearer abcd", token: "abc"))
        #expect(!LedgerResponder.bears("abc", token: "abc"))
        #expect(!LedgerResponder.bears(nil, token: "abc"))
    }

    @Test func parametersAreCheckedAsTheCommandLineChecksItsOptions() throws {
        let parameters = try QueryParameters(
            query: "limit=5&customer=C%2D1&as_of=7", path: "/api/orders", names: ["limit", "customer", "as_of"])
        #expect(try parameters.count("limit") == 5)
        #expect(try parameters.identifier("customer", kind: "customer") == "C-1")
        #expect(try parameters.asOf() == .seq(7))
        let range = try QueryParameters(query: "from=2026-03-01T10%3A15%3A00Z&to=x", path: "/api/diff", names: ["from", "to"])
        #expect(try range.moment("from") == AsOf("2026-03-01T10:15:00Z"))
        #expect(throws: APIError.self) { try range.moment("to") }
        #expect(throws: APIError.self) { try QueryParameters(query: "top=1", path: "/api/orders", names: ["limit"]) }
        #expect(throws: APIError.self) {
            try QueryParameters(query: "limit=-1", path: "/api/orders", names: ["limit"]).count("limit")
        }
    }

    @Test func percentEscapesAreDecodedAndBrokenOnesKept() {
        #expect(PercentDecoding.decode("C%2D1%zz+%41%4", plusIsSpace: true) == "C-1%zz A%4")
        #expect(PercentDecoding.decode("/orders/a+b%3Cx%3E") == "/orders/a+b<x>")
        #expect(PercentDecoding.decode("%FF") == "\u{FFFD}")
    }
}
