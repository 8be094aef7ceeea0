/// How each kind of expression node prints. An operation prints bare (`a > 1`, as WCDB 2.x prints it);
/// an operand that is itself an operation, or otherwise binds looser than its place allows, is
/// parenthesised by its level, so precedence is always the Swift tree's: `(a > 1) AND (b < 2)`.
extension ExpressionNode {
    func render(into renderer: inout SQLRenderer) {
        switch kind {
        case .value:
            renderer.writeValue()
        case .literal(let literal):
            renderer.write(literal.description)
        case .column(let column):
            renderer.write(column: column)
        case .parameter(let text):
            renderer.noteCallerParameter(text)
            renderer.write(text)
        case .unary(let op, let operand):
            // A primary operand only: `-(-1)`, never the comment `--1`.
            renderer.write(op)
            renderer.render(operand, atMost: .primary)
        case .binary(let op, let left, let right):
            renderer.render(left, atMost: .unary)
            renderer.write(" " + op + " ")
            renderer.render(right, atMost: .unary)
        case .postfix(let operand, let rest):
            renderer.render(operand, atMost: .unary)
            renderer.write(" " + rest)
        case .between(let operand, let not, let low, let high):
            renderer.render(operand, atMost: .unary)
            renderer.write(not ? " NOT BETWEEN " : " BETWEEN ")
            renderer.render(low, atMost: .unary)
            renderer.write(" AND ")
            renderer.render(high, atMost: .unary)
        case .inList(let operand, let not, let items):
            renderer.render(operand, atMost: .unary)
            renderer.write(not ? " NOT IN (" : " IN (")
            for (index, item) in items.enumerated() {
                if index > 0 { renderer.write(", ") }
                renderer.render(item, atMost: .compound)
            }
            renderer.write(")")
        case .inSelect(let operand, let not, let select):
            renderer.render(operand, atMost: .unary)
            renderer.write(not ? " NOT IN (" : " IN (")
            renderer.inlined { select.render(into: &$0) }
            renderer.write(")")
        case .inTable(let operand, let not, let table):
            renderer.render(operand, atMost: .unary)
            renderer.write(not ? " NOT IN " : " IN ")
            renderer.write(table: table)
        case .pattern(let operand, let op, let pattern, let escape):
            renderer.render(operand, atMost: .unary)
            renderer.write(" " + op + " ")
            renderer.render(pattern, atMost: .unary)
            if let escape {
                renderer.write(" ESCAPE ")
                renderer.render(escape, atMost: .unary)
            }
        case .is(let operand, let not, let other):
            renderer.render(operand, atMost: .unary)
            renderer.write(not ? " IS NOT " : " IS ")
            renderer.render(other, atMost: .unary)
        case .collate(let operand, let name):
            renderer.render(operand, atMost: .primary)
            renderer.write(" COLLATE ")
            renderer.write(identifier: name)
        case .function(let name, let isBuiltin, let distinct, let arguments):
            if isBuiltin && EngineSupport.fts5Functions.contains(name) { renderer.note(.fts5) }
            if isBuiltin { renderer.write(name) } else { renderer.write(identifier: name) }
            renderer.write(distinct ? "(DISTINCT " : "(")
            for (index, argument) in arguments.enumerated() {
                if index > 0 { renderer.write(", ") }
                argument.render(into: &renderer)
            }
            renderer.write(")")
        case .cast(let operand, let type):
            renderer.write("CAST(")
            operand.render(into: &renderer)
            renderer.write(" AS " + (type.sqlName.isEmpty ? "NONE" : type.sqlName) + ")")
        case .caseWhen(let base, let pairs, let otherwise):
            renderer.write("CASE")
            if let base {
                renderer.write(" ")
                base.render(into: &renderer)
            }
            for pair in pairs {
                renderer.write(" WHEN ")
                pair.when.render(into: &renderer)
                renderer.write(" THEN ")
                if let then = pair.then { then.render(into: &renderer) } else { renderer.write("NULL") }
            }
            if let otherwise {
                renderer.write(" ELSE ")
                otherwise.render(into: &renderer)
            }
            renderer.write(" END")
        case .exists(let select, let not):
            renderer.write(not ? "NOT EXISTS (" : "EXISTS (")
            renderer.inlined { select.render(into: &$0) }
            renderer.write(")")
        case .subquery(let select):
            renderer.write("(")
            renderer.inlined { select.render(into: &$0) }
            renderer.write(")")
        case .raise(let action, let message):
            if action == .ignore {
                renderer.write("RAISE(IGNORE)")
            } else {
                renderer.write("RAISE(" + action.rawValue + ", " + LiteralValue(message).description + ")")
            }
        case .over(let function, let window):
            renderer.note(.windowFunction)
            function.render(into: &renderer)
            renderer.write(" OVER ")
            window.render(into: &renderer)
        case .filter(let aggregate, let condition):
            renderer.note(.filterClause)
            aggregate.render(into: &renderer)
            renderer.write(" FILTER(WHERE ")
            condition.render(into: &renderer)
            renderer.write(")")
        case .inFunction(let operand, let not, let function, let arguments):
            renderer.render(operand, atMost: .unary)
            renderer.write(not ? " NOT IN " : " IN ")
            renderer.write(table: function)
            renderer.write("(")
            for (index, argument) in arguments.enumerated() {
                if index > 0 { renderer.write(", ") }
                argument.render(into: &renderer)
            }
            renderer.write(")")
        case .row(let items):
            renderer.write("(")
            for (index, item) in items.enumerated() {
                if index > 0 { renderer.write(", ") }
                item.render(into: &renderer)
            }
            renderer.write(")")
        }
    }
}
