import Foundation
import Testing

/// The pages as a browser shows them: the DOM that headless Chromium builds from the dashboard and
/// an order page, and a screenshot of each, whole (in `.build/screenshots/`; `docs/serve-*.png`
/// are these).
@Suite(.serialized, .enabled(if: Chromium.path != nil, Comment(rawValue: Chromium.missing)))
struct ServeBrowserTests {
    let ledger: ServedLedger
    let server: RunningServer
    var profile: String { ledger.directory.path + "/chromium" }
    static let screenshots = OrdersBinary.repository.appendingPathComponent(".build/screenshots").path

    /// The served store with both batches: the dashboard lists them, one with markup in its name.
    init() throws {
        ledger = try ServedLedger()
        try ledger.importSecondBatch()
        server = try RunningServer(store: ledger.store)
    }

    /// Tall enough for the whole dashboard: its charts, statuses, skus and batches.
    static let dashboardHeight = 1700

    func url(_ path: String) -> String { "http://127.0.0.1:\(server.port)\(path)" }

    @Test func theDashboardDrawsABarPerRevenueRow() throws {
        let dom = try Chromium.run(url("/"), ["--dump-dom"], profile: profile)
        #expect(dom.contains("<h1>Order ledger</h1>"), "\(dom.prefix(300))")
        let rows = try JSONSerialization.jsonObject(with: Data(ledger.cli(["revenue"]).utf8)) as! [[String: Any]]
        let bars = dom.matches(of: #/<rect class="bar"[^>]* data-date="([0-9-]+)" data-gross="(\d+)"/#)
        #expect(bars.count == rows.count)
        var drawn: [String: [String]] = [:]
        for svg in dom.split(separator: "<svg").dropFirst() {
            let currency = String(try #require(svg.firstMatch(of: #/data-currency="([A-Z]{3})"/#)).1)
            drawn[currency] = svg.matches(of: #/data-date="([0-9-]+)" data-gross="(\d+)"/#).map { "\($0.1) \($0.2)" }
        }
        for currency in Set(rows.map { $0["currency"] as! String }) {
            let expected = rows.filter { $0["currency"] as! String == currency }.map { "\($0["date"]!) \($0["gross"]!)" }
            #expect(drawn[currency] == expected, "\(currency)")
        }
        let stats = try JSONSerialization.jsonObject(with: Data(ledger.cli(["stats"]).utf8)) as! [String: Any]
        for (status, count) in stats["by_status"] as! [String: Int] {
            #expect(dom.contains("<tr data-status=\"\(status)\"><td>\(status)</td><td class=\"number\">\(count)</td></tr>"))
        }
        #expect(dom.contains("<form action=\"/orders\" method=\"get\""))
        #expect(dom.contains("second &lt;b&gt;&amp;.csv"))
        #expect(!dom.contains("<script") && !dom.contains("<b>"))
        try FileManager.default.createDirectory(atPath: Self.screenshots, withIntermediateDirectories: true)
        _ = try Chromium.run(
            url("/"), ["--screenshot=\(Self.screenshots)/dashboard.png"], profile: profile, height: Self.dashboardHeight)
        #expect(FileManager.default.fileExists(atPath: Self.screenshots + "/dashboard.png"))
    }

    @Test func theOrderPageShowsMarkupAsText() throws {
        let dom = try Chromium.run(url("/orders/O-1"), ["--dump-dom"], profile: profile)
        #expect(dom.contains(#"<span class="carrier">&lt;script&gt;alert(1)&lt;/script&gt;</span>"#), "\(dom)")
        #expect(!dom.contains("<script"))
        #expect(dom.matches(of: #/<li data-seq=/#).count == 5)
        #expect(dom.contains("<tr><td>A-1</td><td class=\"number\">2</td><td class=\"number\">12.50</td>"))
        let cancelled = try Chromium.run(url("/orders?id=O-3"), ["--dump-dom"], profile: profile)
        #expect(cancelled.contains(#"<span class="reason">&lt;b&gt;changed&lt;/b&gt; mind, &amp; more</span>"#))
        #expect(!cancelled.contains("<b>"))
        try FileManager.default.createDirectory(atPath: Self.screenshots, withIntermediateDirectories: true)
        _ = try Chromium.run(url("/orders/O-1"), ["--screenshot=\(Self.screenshots)/order.png"], profile: profile)
        #expect(FileManager.default.fileExists(atPath: Self.screenshots + "/order.png"))
    }
}
