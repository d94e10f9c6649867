/// Text for HTML: every value from the ledger goes through `escape`, so that an id or a carrier
/// that holds markup shows as text; and the frame every page shares, with its style inline (a page
/// loads nothing from other hosts, and needs no script).
enum HTMLText {
    /// `text` with `& < > " '` written as character references: safe in an element and in a
    /// quoted attribute.
    static func escape(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            default: result.append(character)
            }
        }
        return result
    }

    /// A whole page: `title` (escaped here) and `body` (markup made with `escape`).
    static func page(title: String, body: String) -> String {
        """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>\(escape(title))</title>
        <style>
        body { font-family: system-ui, sans-serif; margin: 1.5rem auto; max-width: 70rem; padding: 0 1rem; color: #1d2330; }
        h1 { font-size: 1.5rem; } h2 { font-size: 1.15rem; margin-top: 2rem; }
        a { color: #1f5fbf; }
        table { border-collapse: collapse; margin: 0.5rem 0; }
        th, td { padding: 0.25rem 0.75rem; border-bottom: 1px solid #dde1e8; text-align: left; }
        td.number, th.number { text-align: right; font-variant-numeric: tabular-nums; }
        .chart { display: block; margin: 0.5rem 0 1rem; }
        .chart rect.bar { fill: #3b7ddd; }
        .chart text { font-size: 11px; fill: #4a5264; }
        .status { display: inline-block; padding: 0.1rem 0.5rem; border-radius: 0.5rem; background: #e8edf5; }
        ol.timeline li { margin: 0.3rem 0; }
        form { margin: 1rem 0; } input { padding: 0.3rem; } .empty { color: #6a7284; }
        </style>
        </head>
        <body>
        <nav><a href="/">Dashboard</a> · <a href="/api/openapi.json">API</a></nav>
        \(body)
        </body>
        </html>

        """
    }
}
