import Foundation
import Testing
@testable import WCDBSwift

/// WCDB 2.x's expression builders: literal-convertible `LiteralValue`, `Expression(nil)`, keyword literals
/// called as functions, bind parameters, functions built step by step, `escape`, `case`, `cast`, IN a
/// table, the aggregates' `isDistinct:` labels. Each prints what 2.x prints (binary operations keep this
/// library's parentheses) and runs in a SELECT on a real database.
@Suite struct ExpressionBuilderTests {
    static let literals: [(WCDBSwift.Expression, String, String)] = {
        let integer: LiteralValue = 1
        let real: LiteralValue = 1.5
        let text: LiteralValue = "it's"
        let bool: LiteralValue = true
        let null: LiteralValue = nil
        return [
            (integer.asExpression(), "1", "1"),
            (real.asExpression(), "1.5", "1.5"),
            (text.asExpression(), "'it''s'", "it's"),
            (bool.asExpression(), "1", "1"),  // 2.x prints TRUE, which SQLite 3.15.2 does not know
            (null.asExpression(), "NULL", ""),
            (WCDBSwift.Expression(nil), "NULL", ""),
            (Expression.null, "NULL", ""),
            (LiteralValue(nil).asExpression(), "NULL", ""),
            (LiteralValue(Int64(17626545782784)).asExpression(), "17626545782784", "17626545782784"),
            (LiteralValue(Date(timeIntervalSince1970: 10000)).asExpression(), "10000.0", "10000.0"),
            (integer + 2, "1 + 2", "3"),
        ]
    }()

    @Test(arguments: 0..<literals.count)
    func literalsConvertAndRun(_ index: Int) throws {
        let (expression, sql, value) = Self.literals[index]
        #expect(expression.description == sql)
        try withScratchDatabase { database in
            let selected = try database.getValue(StatementSelect().select(expression).description)
            #expect(selected.stringValue == value)
        }
    }

    @Test func keywordLiteralsCalledAsFunctions() throws {
        #expect(LiteralValue.currentDate().description == "CURRENT_DATE")
        #expect(LiteralValue.currentTime().description == "CURRENT_TIME")
        #expect(LiteralValue.currentTimestamp().description == "CURRENT_TIMESTAMP")
        #expect(Column.rowid().description == "rowid" && Column.all().description == "*")
        let def = ColumnDef(with: Column(named: "created"), and: .text).makeDefault(to: LiteralValue.currentDate())
        #expect(def.description == "created TEXT DEFAULT CURRENT_DATE")
        try withScratchDatabase { database in
            try database.exec(StatementCreateTable().create(table: "t").with(columns: Column(named: "a").asDef(with: .integer64), def))
            try database.exec("INSERT INTO t(a) VALUES(1)")
            let today = try column("SELECT created = date('now') FROM t", in: database)
            #expect(today == ["1"])
        }
    }

    static let parameters: [(BindParameter, String)] = [
        (BindParameter(1), "?1"), (BindParameter("name"), ":name"), (.at(named: "name"), "@name"),
        (.dollar(named: "name"), "$name"), (.colon(named: "name"), ":name"), (.def, "?"),
        (._1, "?1"), (._2, "?2"), (._3, "?3"), (._4, "?4"), (._5, "?5"), (._6, "?6"), (._7, "?7"), (._8, "?8"),
        (._9, "?9"), (._10, "?10"),
    ]

    @Test(arguments: 0..<parameters.count)
    func bindParametersPrintAs2xDoes(_ index: Int) {
        let (parameter, sql) = Self.parameters[index]
        #expect(parameter.description == sql)
        #expect(Expression(with: parameter).description == sql)
    }

    @Test func namedParametersOfEachPrefixBind() throws {
        try withScratchDatabase { database in
            for parameter in [BindParameter.at(named: "v"), .dollar(named: "v"), .colon(named: "v")] {
                let statement = try database.prepare(StatementSelect().select(Expression(with: parameter) + 1))
                defer { statement.finalize() }
                statement.bind(41, toIndex: 1)
                #expect(try statement.step())
                #expect(statement.value(atIndex: 0).int64Value == 42)
            }
        }
    }

    /// Expressions 2.x builds step by step, what they print, and what SQLite answers for them.
    static let built: [(WCDBSwift.Expression, String, String)] = {
        let a = Column(named: "a")
        let b = Column(named: "b")
        return [
            (Expression.function("abs").invoke().arguments(-3), "abs(-3)", "3"),
            (Expression.function("max").arguments(1).arguments(5, 2), "max(1, 5, 2)", "5"),
            (Expression.function("count").invokeAll(), "count(*)", "3"),
            (Expression.function("count").invoke().arguments(b).distinct(), "count(DISTINCT b)", "2"),
            (a.count(isDistinct: true), "COUNT(DISTINCT a)", "3"),
            (a.count(isDistinct: false), "COUNT(a)", "3"),
            (a.sum(isDistinct: true), "SUM(DISTINCT a)", "6"),
            (a.avg(isDistinct: false), "AVG(a)", "2.0"),
            (a.total(isDistinct: false), "TOTAL(a)", "6.0"),
            (a.max(isDistinct: true), "MAX(DISTINCT a)", "3"),
            (a.min(isDistinct: false), "MIN(a)", "1"),
            (b.groupConcat(isDistinct: true), "GROUP_CONCAT(DISTINCT b)", "x,y"),
            (a.groupConcat(separateBy: "-"), "GROUP_CONCAT(a, '-')", "1-2-3"),
            (b.like("x%").escape("\\"), "b LIKE 'x%' ESCAPE '\\'", "1"),
            (Expression.cast("12").as(.integer64), "CAST('12' AS INTEGER)", "12"),
            (Expression(with: "3.5").as(.float), "CAST('3.5' AS REAL)", "3.5"),
            (Expression.case(a, (when: 1, then: "one"), (when: 2, then: "two"), else: "many"),
             "CASE a WHEN 1 THEN 'one' WHEN 2 THEN 'two' ELSE 'many' END", "one"),
            (Expression.case().when(a > 1).then(2).else(3).asExpression(), "CASE WHEN a > 1 THEN 2 ELSE 3 END", "3"),
            (a.inTable("ids").schema("main"), "a IN main.ids", "1"),
            (a.notInTable("ids").schema(Schema.main), "a NOT IN main.ids", "0"),
        ]
    }()

    @Test(arguments: 0..<built.count)
    func builtStepByStepAndRun(_ index: Int) throws {
        let (expression, sql, first) = Self.built[index]
        #expect(expression.description == sql)
        try withScratchDatabase { database in
            try database.exec("CREATE TABLE t(a INTEGER, b TEXT)")
            try database.exec("INSERT INTO t VALUES(1, 'x'), (2, 'y'), (3, 'x')")
            try database.exec("CREATE TABLE ids(a INTEGER)")
            try database.exec("INSERT INTO ids VALUES(1), (2)")
            let rows = try database.getRows(StatementSelect().select(expression).from("t").order(by: Column.rowid).description)
            #expect(rows.first?.first?.stringValue == first)
        }
    }

    @Test func distinctGroupConcatWithASeparatorPrintsButSQLiteRefusesIt() throws {
        let expression = Column(named: "b").groupConcat(isDistinct: true, separateBy: "-")
        #expect(expression.description == "GROUP_CONCAT(DISTINCT b, '-')")
        try withScratchDatabase { database in
            try database.exec("CREATE TABLE t(b TEXT)")
            expectSQLiteRefuses(StatementSelect().select(expression).from("t"), in: database, "DISTINCT aggregates must have exactly one argument")
        }
    }

    @Test func inATableValuedFunctionPrintsAs2xDoes() throws {
        // 2.x's test names the column `left`, a keyword, which this library quotes ("left"); `x` prints bare.
        let x = Column(named: "x")
        #expect(x.in(function: "testFunction").schema("testSchema").invoke().arguments(1, 2).description
            == "x IN testSchema.testFunction(1, 2)")
        #expect(x.notIn(function: "testFunction").invoke().arguments(1, 2).description == "x NOT IN testFunction(1, 2)")
        #expect(x.notIn(function: "testFunction").description == "x NOT IN testFunction()")
        // The statement reaches SQLite as printed: SQLite 3.15.2 has no table-valued function built in and
        // names the missing one; with JSON, `x IN json_each(…)` compares with all 8 of its columns.
        try withScratchDatabase { database in
            let select = StatementSelect().select(Expression(with: 1).in(function: "json_each").arguments("[1]"))
            expectSQLiteRefuses(select, in: database, Engine.current.supports(.json) ? "sub-select returns 8 columns" : "json_each")
        }
    }

    @Test func fts5AuxiliaryFunctionsPrintAndRunWhereTheEngineHasFTS5() throws {
        let table = Column(named: "messages")
        #expect(table.bm25().description == "bm25(messages)")
        #expect(table.highlight().arguments(0, "<b>", "</b>").description == "highlight(messages, 0, '<b>', '</b>')")
        #expect(table.substringMatchInfo().arguments(0, ";,").description == "substring_match_info(messages, 0, ';,')")
        #expect(BuiltinAuxiliaryFunction.SubstringMatchInfo == "substring_match_info")
        try withScratchDatabase { database in
            if Engine.current.supports(.fts5) {
                try database.exec("CREATE VIRTUAL TABLE messages USING fts5(content)")
                try database.exec("INSERT INTO messages VALUES('hello world')")
                let highlighted = StatementSelect().select(table.highlight().arguments(0, "[", "]")).from("messages")
                    .where(Column(named: "messages").match("world"))
                #expect(try database.getValue(from: highlighted)?.stringValue == "hello [world]")
                let ranked = StatementSelect().select(table.bm25()).from("messages").where(Column(named: "messages").match("world"))
                #expect(try database.getValue(from: ranked)?.doubleValue ?? 0 < 0)
            } else {
                try database.exec("CREATE TABLE messages(content TEXT)")
                for expression in [table.bm25(), table.highlight(), table.substringMatchInfo()] {
                    try expectEngineDecides(StatementSelect().select(expression).from("messages"), .fts5, in: database)
                }
            }
        }
    }

    @Test func anExpressionOrdersAs2xDoes() throws {
        let expression: WCDBSwift.Expression = Column(named: "a").asExpression()
        #expect(expression.order(.descending).description == "a DESC")
        #expect(expression.asResultColumn().description == "a")
        #expect(ResultColumn(with: Column(named: "a")).as("b").asResultColumn().description == "a AS b")
        try withScratchDatabase { database in
            try database.exec("CREATE TABLE t(a INTEGER)")
            try database.exec("INSERT INTO t VALUES(1), (3), (2)")
            let rows = try database.getRows(StatementSelect().select(ResultColumn(with: Column(named: "a")).as("b")).from("t")
                .order(by: expression.order(.descending)).description)
            #expect(rows.map { $0[0].int64Value } == [3, 2, 1])
        }
    }
}

/// `Expression` takes no `nil` literal (2.x's does; it takes 2.x's other literals): the CRUD verbs' optional
/// limits and conditions are `Expression`-like, and `cond ? expression : nil` must stay "no clause", not
/// `NULL` (ORMTests' `ExpressionLiteralTests` run it on every verb).
@Suite struct ExpressionNilLiteralTests {
    @Test func aTernaryWithNilStaysAbsent() throws {
        let limited = false
        let limit: ExpressionConvertible? = limited ? Expression.bindParameter : nil
        #expect(limit == nil)
        try withScratchDatabase { database in
            try database.exec("CREATE TABLE t(a INTEGER)")
            try database.exec("INSERT INTO t VALUES(1), (2)")
            let rows = try database.getRows(on: [Column(named: "a")], fromTable: "t", limit: limited ? Expression(with: 1) : nil)
            #expect(rows.count == 2)
        }
    }
}
