/// How large a replay's arrays will be, as the id dictionaries count them: a capacity hint that
/// spares the arrays from growing (and copying) while the log is folded.
struct ReplaySizes {
    var orders = 0
    var customers = 0
    var skus = 0
}
