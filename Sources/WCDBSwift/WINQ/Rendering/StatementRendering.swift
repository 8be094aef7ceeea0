/// How each statement node and clause prints. Values in WHERE, HAVING, LIMIT, SET, VALUES and ON are
/// value slots (bound when the statement runs); those of ORDER BY and GROUP BY are printed in, where an
/// integer names a result column.
extension SelectNode {
    func render(into renderer: inout SQLRenderer) {
        with.render(into: &renderer)
        cores[0].render(into: &renderer)
        for (op, core) in zip(compoundOperators, cores.dropFirst()) {
            renderer.write(" " + op + " ")
            core.render(into: &renderer)
        }
        orderLimit.render(into: &renderer)
    }
}

extension SelectCore {
    func render(into renderer: inout SQLRenderer) {
        if !values.isEmpty {
            renderer.write("VALUES")
            renderer.render(rows: values)
            return
        }
        renderer.write(distinct ? "SELECT DISTINCT " : "SELECT ")
        for (index, column) in columns.enumerated() {
            if index > 0 { renderer.write(", ") }
            column.render(into: &renderer)
        }
        if !tables.isEmpty {
            renderer.write(" FROM ")
            for (index, table) in tables.enumerated() {
                if index > 0 { renderer.write(", ") }
                table.render(into: &renderer)
            }
        }
        renderer.render(where: condition)
        if !groups.isEmpty {
            renderer.write(" GROUP BY ")
            for (index, group) in groups.enumerated() {
                if index > 0 { renderer.write(", ") }
                renderer.renderInlined(group)
            }
        }
        if let having {
            renderer.write(" HAVING ")
            renderer.render(having)
        }
        if !windows.isEmpty {
            renderer.note(.windowClause)
            renderer.write(" WINDOW ")
            for (index, window) in windows.enumerated() {
                if index > 0 { renderer.write(", ") }
                renderer.write(identifier: window.name)
                renderer.write(" AS ")
                window.window.render(into: &renderer)
            }
        }
    }
}

extension InsertNode {
    func render(into renderer: inout SQLRenderer) {
        with.render(into: &renderer)
        renderer.write(isReplace ? "REPLACE" : "INSERT" + (conflict.map { " OR " + $0.rawValue } ?? ""))
        renderer.write(" INTO ")
        renderer.write(table: table)
        if let alias {
            renderer.note(.insertAlias)
            renderer.write(" AS ")
            renderer.write(identifier: alias)
        }
        if !columns.isEmpty {
            renderer.write("(")
            renderer.write(names: columns)
            renderer.write(")")
        }
        if let select {
            renderer.write(" ")
            select.render(into: &renderer)
        } else if isDefaultValues {
            renderer.write(" DEFAULT VALUES")
        } else {
            renderer.write(" VALUES")
            renderer.render(rows: rows)
        }
        if let upsert {
            renderer.note(.upsert)
            renderer.write(" ")
            upsert.render(into: &renderer)
        }
        renderer.render(returning: returning)
    }
}

extension UpdateNode {
    func render(into renderer: inout SQLRenderer) {
        with.render(into: &renderer)
        renderer.write("UPDATE" + (conflict.map { " OR " + $0.rawValue } ?? "") + " ")
        renderer.write(table: table, alias: tableAlias, indexHint: indexHint)
        renderer.write(" SET ")
        renderer.render(assignments: assignments)
        renderer.render(where: condition)
        renderer.render(returning: returning)
        orderLimit.render(into: &renderer)
    }
}

extension DeleteNode {
    func render(into renderer: inout SQLRenderer) {
        with.render(into: &renderer)
        renderer.write("DELETE FROM ")
        renderer.write(table: table, alias: tableAlias, indexHint: indexHint)
        renderer.render(where: condition)
        renderer.render(returning: returning)
        orderLimit.render(into: &renderer)
    }
}

extension OrderLimitClause {
    func render(into renderer: inout SQLRenderer) {
        if !orders.isEmpty {
            renderer.write(" ORDER BY ")
            for (index, order) in orders.enumerated() {
                if index > 0 { renderer.write(", ") }
                order.render(into: &renderer)
            }
        }
        if let range {
            renderer.write(" LIMIT ")
            renderer.render(range.0)
            renderer.write(", ")
            renderer.render(range.1)
        } else if let limit {
            renderer.write(" LIMIT ")
            renderer.render(limit)
            if let offset {
                renderer.write(" OFFSET ")
                renderer.render(offset)
            }
        } else if let offset {
            // SQLite takes OFFSET only after a LIMIT; -1 is "no limit" (the offset must not vanish).
            renderer.write(" LIMIT -1 OFFSET ")
            renderer.render(offset)
        }
    }
}

extension WithClause {
    func render(into renderer: inout SQLRenderer) {
        guard !expressions.isEmpty else { return }
        renderer.write(recursive ? "WITH RECURSIVE " : "WITH ")
        for (index, expression) in expressions.enumerated() {
            if index > 0 { renderer.write(", ") }
            expression.render(into: &renderer)
        }
        renderer.write(" ")
    }
}

extension SQLRenderer {
    /// The `qualified-table-name` of UPDATE and DELETE; not every engine takes an alias there.
    mutating func write(table: TableName, alias: String?, indexHint: TableOrSubquery.IndexHint?) {
        write(table: table)
        if alias != nil { note(.qualifiedTableAlias) }
        TableOrSubquery.render(alias: alias, indexHint: indexHint, into: &self)
    }

    /// `a, b, c`, each expression bound or inlined by the mode.
    mutating func render(list expressions: [Expression]) {
        for (index, expression) in expressions.enumerated() {
            if index > 0 { write(", ") }
            render(expression)
        }
    }

    /// `(a, b), (c, d)`: the rows of VALUES.
    mutating func render(rows: [[Expression]]) {
        for (index, row) in rows.enumerated() {
            write(index > 0 ? ", (" : "(")
            render(list: row)
            write(")")
        }
    }

    /// ` RETURNING a, b` of INSERT, UPDATE and DELETE, when there are columns (before ORDER BY and LIMIT).
    mutating func render(returning columns: [ColumnResult]) {
        guard !columns.isEmpty else { return }
        note(.returning)
        write(" RETURNING ")
        for (index, column) in columns.enumerated() {
            if index > 0 { write(", ") }
            column.render(into: &self)
        }
    }

    /// ` WHERE condition`, when there is one.
    mutating func render(where condition: Expression?) {
        guard let condition else { return }
        write(" WHERE ")
        render(condition)
    }

    /// `a, b, c`: bare column names (column lists of INSERT, UPDATE SET, USING, a CTE).
    mutating func write(names columns: [ColumnName]) {
        for (index, column) in columns.enumerated() {
            if index > 0 { write(", ") }
            if column.isAll { write("*") } else { write(identifier: column.name) }
        }
    }

    /// `a = x, (b, c) = y` of UPDATE and UPSERT.
    mutating func render(assignments: [Assignment]) {
        for (index, assignment) in assignments.enumerated() {
            if index > 0 { write(", ") }
            if assignment.columns.count == 1 {
                write(names: assignment.columns)
            } else {
                write("(")
                write(names: assignment.columns)
                write(")")
            }
            write(" = ")
            render(assignment.value)
        }
    }
}
