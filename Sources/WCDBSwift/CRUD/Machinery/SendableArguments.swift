/// The clause arguments of a verb as Sendable WINQ values, converted on the caller's thread.
struct SendableArguments: Sendable {
    let condition: Expression?
    let orderList: [OrderingTerm]?
    let limit: Expression?
    let offset: Expression?

    init(_ condition: Condition?, _ orderList: [OrderBy]?, _ limit: Limit?, _ offset: Offset?) {
        self.condition = condition?.asExpression()
        self.orderList = orderList?.map { $0.asOrder() }
        self.limit = limit?.asExpression()
        self.offset = offset?.asExpression()
    }

    static func properties(_ properties: [PropertyConvertible]?) -> [Property]? {
        properties?.map { $0.asProperty() }
    }
}
