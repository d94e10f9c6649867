/// A well-formed request to change one order (every SPEC §2 value already checked).
public struct Command: Hashable, Sendable {
    public let commandID: CommandID?
    public let orderID: OrderID
    public let at: Timestamp
    public let action: CommandAction

    public init(commandID: CommandID? = nil, orderID: OrderID, at: Timestamp, action: CommandAction) {
        self.commandID = commandID
        self.orderID = orderID
        self.at = at
        self.action = action
    }
}
