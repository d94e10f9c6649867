extension LedgerQuerying {
    /// The statement of customer `id` with its `recent` latest orders, read from the customer's
    /// orders alone (the customer index of `orders list --customer`); `nil` when it has none.
    public func statement(ofCustomer id: String, recent: Int) throws -> CustomerStatement? {
        CustomerStatement(customerID: id, orders: try orders(OrderFilter(customer: id, limit: 0)), recent: recent)
    }
}
