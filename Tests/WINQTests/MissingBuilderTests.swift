import Foundation
import Testing
@testable import WCDBSwift

/// Constructs of 2.x-era builder code that had no builder: a blob literal from `Data`, `CAST(… AS
/// NUMERIC)`, row values (`(a, b) = (1, 'x')`, `(a, b) IN (SELECT …)`), a parenthesised expression, a
/// negative number, and a column `DEFAULT` of each literal kind. Each prints its SQL, and SQLite runs it.
@Suite struct MissingBuilderTests {
    typealias Expression = WCDBSwift.Expression

    static let a = Column(named: "a")
    static let b = Column(named: "b")

    /// Expressions, what they print, and what SQLite evaluates them to (`SELECT expr`), as text.
    static let expressions: [(Expression, String, String?)] = {
        var cases: [(Expression, String, String?)] = []
        cases.append((Expression(with: Data([0x00, 0xFF, 0x00])), "X'00FF00'", nil))
        cases.append((Expression(with: Data()), "X''", nil))
        cases.append((Expression.cast("12abc", as: .numeric), "CAST('12abc' AS NUMERIC)", "12"))
        cases.append((Expression.cast("3.0").as(.numeric), "CAST('3.0' AS NUMERIC)", "3"))
        cases.append((Expression.cast(2.5).as(.integer64), "CAST(2.5 AS INTEGER)", "2"))
        cases.append((Expression.cast(1).as(.text), "CAST(1 AS TEXT)", "1"))
        cases.append((Expression.cast(1).as(.float), "CAST(1 AS REAL)", "1.0"))
        cases.append((Expression.cast("x").as(.BLOB), "CAST('x' AS BLOB)", "x"))
        cases.append((Expression(with: -1), "-1", "-1"))
        cases.append((Expression(with: -2.5), "-2.5", "-2.5"))
        let minusOne = Expression(with: -1)
        cases.append((minusOne + 3, "-1 + 3", "2"))
        let onePlusTwo: Expression = Expression(with: 1) + 2
        let parenthesised = Expression([onePlusTwo])
        cases.append((parenthesised, "(1 + 2)", "3"))
        cases.append((parenthesised * 3, "(1 + 2) * 3", "9"))
        let left = Expression([Expression(with: 1), "x"])
        let right = Expression([1, "x"])
        cases.append((left == right, "(1, 'x') = (1, 'x')", "1"))
        let low = Expression([Expression(with: 1), 2])
        let high = Expression([1, 3])
        cases.append((low < high, "(1, 2) < (1, 3)", "1"))
        return cases
    }()

    @Test(arguments: 0..<expressions.count)
    func expressionPrintsAndRuns(_ index: Int) throws {
        let (expression, sql, result) = Self.expressions[index]
        #expect(expression.description == sql)
        let select = StatementSelect().select(expression)
        #expect(select.description == "SELECT " + sql)
        try withScratchDatabase { database in
            let value = try database.getValue(from: select)
            if let result {
                #expect(value?.stringValue == result)
            }
        }
    }

    @Test func blobLiteralRunsAsItsBytes() throws {
        try withScratchDatabase { database in
            let value = try database.getValue(from: StatementSelect().select(Expression(with: Data([0x00, 0xFF, 0x00]))))
            #expect(value?.dataValue == Data([0x00, 0xFF, 0x00]))
            let typeOf = Expression.function("typeof", Expression(with: Data([1])))
            let type = try database.getValue(from: StatementSelect().select(typeOf))
            #expect(type?.stringValue == "blob")
        }
    }

    /// Row values compared with `=` and with `IN (SELECT …)`: printed, and bound when run.
    @Test func rowValuesPrintAndMatchRows() throws {
        let equal = Expression([Self.a, Self.b]) == Expression([1, "x"])
        #expect(equal.description == "(a, b) = (1, 'x')")
        let inSelect = Expression([Self.a, Self.b]).in(StatementSelect().select(Self.a, Self.b).from("u"))
        #expect(inSelect.description == "(a, b) IN (SELECT a, b FROM u)")
        let notIn = Expression([Self.a, Self.b]).notIn(StatementSelect().select(Self.a, Self.b).from("u"))
        #expect(notIn.description == "(a, b) NOT IN (SELECT a, b FROM u)")
        try withScratchDatabase { database in
            try database.exec("CREATE TABLE t(a INTEGER, b TEXT)")
            try database.exec("CREATE TABLE u(a INTEGER, b TEXT)")
            try database.exec("INSERT INTO t VALUES(1, 'x'), (1, 'y'), (2, 'x')")
            try database.exec("INSERT INTO u VALUES(2, 'x')")
            let matching = StatementSelect().select(Self.b).from("t").where(equal)
            #expect(matching.description == "SELECT b FROM t WHERE (a, b) = (1, 'x')")
            let matched = try database.getRows(from: matching).map { $0[0].stringValue }
            #expect(matched == ["x"])
            let inRows = StatementSelect().select(Self.a).from("t").where(inSelect)
            let inValues = try database.getRows(from: inRows).map { $0[0].int64Value }
            #expect(inValues == [2])
            let notInRows = StatementSelect().select(Self.a).from("t").where(notIn).order(by: Self.b)
            let notInValues = try database.getRows(from: notInRows).map { $0[0].int64Value }
            #expect(notInValues == [1, 1])
        }
    }

    /// A column DEFAULT of each literal kind: printed as SQLite's grammar takes it, stored as that value.
    static let defaults: [(ColumnConstraint, String, String)] = {
        var cases: [(ColumnConstraint, String, String)] = []
        cases.append((.default(1), "DEFAULT 1", "integer 1"))
        cases.append((.default(-1), "DEFAULT -1", "integer -1"))
        cases.append((.default(1.5), "DEFAULT 1.5", "real 1.5"))
        cases.append((.default(-2.5), "DEFAULT -2.5", "real -2.5"))
        cases.append((.default("text"), "DEFAULT 'text'", "text text"))
        cases.append((.default("it's"), "DEFAULT 'it''s'", "text it's"))
        cases.append((.default(Expression.null), "DEFAULT NULL", "null"))
        cases.append((.default(true), "DEFAULT 1", "integer 1"))
        cases.append((.default(Data([0xAB, 0x01])), "DEFAULT X'AB01'", "blob"))
        cases.append((.default(Expression.currentDate), "DEFAULT CURRENT_DATE", "text"))
        cases.append((.default(Expression.currentTime), "DEFAULT CURRENT_TIME", "text"))
        cases.append((.default(Expression.currentTimestamp), "DEFAULT CURRENT_TIMESTAMP", "text"))
        let sum: Expression = Expression(with: 1) + 1
        cases.append((.default(sum), "DEFAULT (1 + 1)", "integer 2"))
        return cases
    }()

    @Test(arguments: 0..<defaults.count)
    func columnDefaultOfEachLiteralKind(_ index: Int) throws {
        let (constraint, sql, stored) = Self.defaults[index]
        let definition = ColumnDef(with: Self.b).addConstraint(constraint)
        #expect(definition.description == "b " + sql)
        let create = StatementCreateTable().create(table: "d").with(columns: ColumnDef(with: Self.a, and: .integer64), definition)
        try withScratchDatabase { database in
            try database.exec(create)
            try database.exec("INSERT INTO d(a) VALUES(1)")
            let type = try database.getValue("SELECT typeof(b) FROM d").stringValue
            #expect(stored.hasPrefix(type))
            let value = try database.getValue("SELECT b FROM d")
            if stored.hasPrefix("blob") {
                #expect(value.dataValue == Data([0xAB, 0x01]))
            } else if stored.contains(" ") {
                #expect(value.stringValue == String(stored.split(separator: " ", maxSplits: 1)[1]))
            }
        }
    }

    /// `ColumnType.null` prints 2.x's `NULL`, which SQLite reads as the no-op NULL constraint: the column
    /// has no declared type, and keeps a value as it is given.
    @Test func aColumnOfTypeNullPrintsNullAndHasNoType() throws {
        let definition = ColumnDef(with: Self.b, and: .null)
        #expect(definition.description == "b NULL")
        let create = StatementCreateTable().create(table: "n").with(columns: definition)
        try withScratchDatabase { database in
            try database.exec(create)
            #expect(try database.getRows("PRAGMA table_info(n)").map { $0[2].stringValue } == [""])
            try database.exec("INSERT INTO n VALUES('1')")
            #expect(try database.getValue("SELECT typeof(b) FROM n").stringValue == "text")
        }
    }
}
