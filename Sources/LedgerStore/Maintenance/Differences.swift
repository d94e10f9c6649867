/// The differences found in one read model: the first `Verifier.listed`, then how many more.
struct Differences {
    let model: String
    private var listed: [String] = []
    private var count = 0

    init(_ model: String) { self.model = model }

    mutating func add(_ text: String) {
        count += 1
        if listed.count < Verifier.listed { listed.append("\(model): \(text)") }
    }

    var lines: [String] {
        count > listed.count ? listed + ["\(model): … and \(count - listed.count) more"] : listed
    }
}
