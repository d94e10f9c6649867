internal import LedgerDomain

/// Turns dense numbers back into ids within one read, remembering the last few thousand customers
/// it looked up (a bound: a walk over every order must not grow with the ledger).
struct NameLookup {
    private static let rememberedCustomers = 4096

    private let ledger: LedgerTransaction
    private var customers: [CustomerNumber: String] = [:]

    init(_ ledger: LedgerTransaction) { self.ledger = ledger }

    mutating func customer(_ number: CustomerNumber) throws -> String {
        if let known = customers[number] { return known }
        guard let id = try ledger.customerID(number) else {
            throw StoreError.corrupt("customer number \(number.rawValue) has no id")
        }
        if customers.count == Self.rememberedCustomers { customers.removeAll(keepingCapacity: true) }
        customers[number] = id
        return id
    }

    func order(_ number: OrderNumber) throws -> String {
        guard let id = try ledger.orderID(number) else { throw StoreError.corrupt("order number \(number.rawValue) has no id") }
        return id
    }

    func sku(_ number: SKUNumber) throws -> String {
        guard let id = try ledger.sku(number) else { throw StoreError.corrupt("sku number \(number.rawValue) has no id") }
        return id
    }
}
