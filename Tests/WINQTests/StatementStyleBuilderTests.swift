import Foundation
import Testing
@testable import WCDBSwift


/// WCDB 2.x builder code written statement by statement, as 2.x's reference-type builders allow
/// (`let call = Expression.function("coalesce").invoke(); call.arguments(a, e, 0)`): each step takes
/// effect, so the printed SQL is 2.x's and no step is dropped. Each case builds with `let` and
/// statements only, never reassigning.
@Suite struct StatementStyleBuilderTests {
    typealias Expression = WCDBSwift.Expression

    static let a = Column(named: "a")
    static let e = Column(named: "e")

    /// A name, the builder code run statement by statement (returning what it built), and 2.x's SQL.
    static let cases: [(String, @Sendable () -> String, String)] = [
        ("Expression arguments", {
            let call = Expression.function("coalesce").invoke()
            call.arguments(a, e, 0)
            return call.description
        }, "coalesce(a, e, 0)"),
        ("Expression arguments twice, array form", {
            let call = Expression.function("strftime")
            call.invoke()
            call.arguments("%Y-%m-%d")
            call.arguments(["now", "-1 day"])
            return call.description
        }, "strftime('%Y-%m-%d', 'now', '-1 day')"),
        ("Expression invokeAll", {
            let call = Expression.function("count")
            call.invokeAll()
            return call.description
        }, "count(*)"),
        ("Expression distinct", {
            let call = Expression.function("count").invoke()
            call.distinct()
            call.arguments(a)
            return call.description
        }, "count(DISTINCT a)"),
        ("Expression cast as", {
            let cast = Expression.cast(a)
            cast.as(.integer64)
            return cast.description
        }, "CAST(a AS INTEGER)"),
        ("Expression escape", {
            let like = a.like("x!%%")
            like.escape("!")
            return like.description
        }, "a LIKE 'x!%%' ESCAPE '!'"),
        ("Expression filter", {
            let sum = Expression.function("sum").invoke()
            sum.arguments(a)
            sum.filter(a > 1)
            return sum.description
        }, "sum(a) FILTER(WHERE a > 1)"),
        ("Expression over", {
            let rank = Expression.windowFunction("row_number").invoke()
            rank.over(WindowDef().order(a))
            return rank.description
        }, "row_number() OVER (ORDER BY a)"),
        ("Expression over a named window", {
            let sum = a.sum()
            sum.over("w")
            return sum.description
        }, "SUM(a) OVER w"),
        ("Expression in function, arguments and schema", {
            let membership = a.in(function: "f")
            membership.arguments(1, "x")
            membership.schema("main")
            return membership.description
        }, "a IN main.f(1, 'x')"),
        ("Expression in table, schema", {
            let membership = a.inTable("t")
            membership.schema("main")
            return membership.description
        }, "a IN main.t"),
        ("CaseExpression when, then, else", {
            let choice = Expression.case(a)
            choice.when(1)
            choice.then("one")
            choice.when(2)
            choice.then("two")
            choice.else("many")
            return choice.description
        }, "CASE a WHEN 1 THEN 'one' WHEN 2 THEN 'two' ELSE 'many' END"),
        ("Expression step shared by a copy, as 2.x's reference is", {
            let call = Expression.function("f")
            let same = call.arguments(1)
            call.arguments(2)
            return same.description
        }, "f(1, 2)"),
        ("Expression taken by a statement before a later step: the statement keeps what it took", {
            let call = Expression.function("f").invoke()
            call.arguments(1)
            let select = StatementSelect().select(call)
            call.arguments(2)
            return select.description + "; " + call.description
        }, "SELECT f(1); f(1, 2)"),
        ("Expression taken by WHERE and ORDER BY before a later step", {
            let call = Expression.function("abs").invoke()
            call.arguments(a)
            let select = StatementSelect().select(a).from("t").where(call > 1).order(by: call)
            call.arguments(e)
            return select.description
        }, "SELECT a FROM t WHERE abs(a) > 1 ORDER BY abs(a)"),
        ("CASE taken by a statement before a later WHEN", {
            let choice = Expression.case(a)
            choice.when(1)
            choice.then("one")
            let select = StatementSelect().select(choice)
            choice.when(2)
            choice.then("two")
            return select.description
        }, "SELECT CASE a WHEN 1 THEN 'one' END"),
        ("CAST taken by an index before a later step", {
            let cast = Expression.cast(a)
            cast.as(.integer64)
            let index = StatementCreateIndex().create(index: "i").on(table: "t").indexesBy(cast)
            cast.as(.text)
            return index.description
        }, "CREATE INDEX i ON t(CAST(a AS INTEGER))"),
        ("Join join, on", {
            let join = Join(with: "t1")
            join.leftJoin("t2")
            join.on(Column(named: "x") == Column(named: "y"))
            join.join("t3")
            join.using(a)
            return join.description
        }, "t1 LEFT JOIN t2 ON x = y JOIN t3 USING(a)"),
        ("Join step shared by a copy", {
            let join = Join(with: "t1")
            let same = join.with("t2")
            join.crossJoin("t3")
            return same.description
        }, "t1, t2 CROSS JOIN t3"),
        ("Join taken by a statement and a TableOrSubquery before a later step", {
            let join = Join(with: "t1")
            join.naturalJoin("t2")
            let select = StatementSelect().select(a).from(join)
            let item = TableOrSubquery(with: join)
            join.join("t3")
            return select.description + "; " + item.description
        }, "SELECT a FROM t1 NATURAL JOIN t2; (t1 NATURAL JOIN t2)"),
        ("OrderingTerm order and collate", {
            let term = OrderingTerm(with: a)
            term.collate("NOCASE")
            term.order(.descending)
            return term.description
        }, "a COLLATE NOCASE DESC"),
        ("OrderingTerm taken by ORDER BY before a later step", {
            let term = OrderingTerm(with: a)
            term.order(.descending)
            let select = StatementSelect().select(a).from("t").order(by: term)
            term.order(.ascending)
            return select.description + "; " + term.description
        }, "SELECT a FROM t ORDER BY a DESC; a ASC"),
        ("IndexedColumn collate and order", {
            let column = IndexedColumn(with: a)
            column.collate("NOCASE")
            column.order(.descending)
            return column.description
        }, "a COLLATE NOCASE DESC"),
        ("IndexedColumn taken by CREATE INDEX before a later step", {
            let column = IndexedColumn(with: a)
            column.order(.descending)
            let index = StatementCreateIndex().create(index: "i").on(table: "t").indexesBy(column)
            column.order(.ascending)
            return index.description
        }, "CREATE INDEX i ON t(a DESC)"),
        ("TableOrSubquery as, of schema, indexed by", {
            let table = TableOrSubquery(withTable: "t")
            table.as("alias")
            table.of(schema: "main")
            table.indexed(by: "i")
            return StatementSelect().select(a).from(table).description
        }, "SELECT a FROM main.t AS alias INDEXED BY i"),
        ("TableOrSubquery as(alias:), notIndexed", {
            let table = TableOrSubquery(withTable: "t")
            table.as(alias: "x")
            table.notIndexed()
            return table.description
        }, "t AS x NOT INDEXED"),
        ("TableOrSubquery function arguments, schema and alias", {
            let call = TableOrSubquery.function("f")
            call.arguments(1, 2)
            call.of(schema: Schema.main)
            call.as(alias: "x")
            return call.description
        }, "main.f(1, 2) AS x"),
        ("TableOrSubquery subquery alias", {
            let subquery = TableOrSubquery(with: StatementSelect().select(1).from("t"))
            subquery.as(alias: "s")
            return StatementSelect().select(a).from(subquery).description
        }, "SELECT a FROM (SELECT 1 FROM t) AS s"),
        ("TableOrSubquery step shared by a copy and by asTableOrSubquery()", {
            let table = TableOrSubquery(withTable: "t")
            let same = table.asTableOrSubquery()
            table.as("x")
            return same.description
        }, "t AS x"),
        ("TableOrSubquery taken by FROM and a join before a later step", {
            let table = TableOrSubquery(withTable: "t")
            table.as("x")
            let select = StatementSelect().select(a).from(table)
            let join = Join(with: table)
            join.join("u")
            table.as("y")
            table.notIndexed()
            return select.description + "; " + join.description + "; " + table.description
        }, "SELECT a FROM t AS x; t AS x JOIN u; t AS y NOT INDEXED"),
        ("QualifiedTable of schema, as, indexed by", {
            let table = QualifiedTable(with: "t")
            table.of(schema: "main")
            table.as("x")
            table.indexed(by: "i")
            return StatementDelete().delete(from: table).description
        }, "DELETE FROM main.t AS x INDEXED BY i"),
        ("QualifiedTable notIndexed in UPDATE", {
            let table = QualifiedTable(with: "t")
            table.notIndexed()
            return StatementUpdate().update(table: table).set(a).to(1).description
        }, "UPDATE t NOT INDEXED SET a = 1"),
        ("QualifiedTable taken by DELETE before a later step", {
            let table = QualifiedTable(with: "t")
            table.as("x")
            let delete = StatementDelete().delete(from: table)
            table.as("y")
            table.notIndexed()
            return delete.description + "; " + table.description
        }, "DELETE FROM t AS x; t AS y NOT INDEXED"),
        ("Upsert step by step", {
            let upsert = Upsert()
            upsert.onConflict()
            upsert.indexed(by: a)
            upsert.where(1)
            upsert.doUpdate()
            upsert.set(a)
            upsert.to(2)
            upsert.set([e, Column(named: "f")])
            upsert.to(3)
            upsert.where(4)
            return upsert.description
        }, "ON CONFLICT(a) WHERE 1 DO UPDATE SET a = 2, (e, f) = 3 WHERE 4"),
        ("Upsert indexed by an array, do nothing", {
            let upsert = Upsert().onConflict()
            upsert.indexed(by: [a, e])
            upsert.doNothing()
            return upsert.description
        }, "ON CONFLICT(a, e) DO NOTHING"),
        ("Upsert taken by INSERT before a later step", {
            let upsert = Upsert().onConflict()
            upsert.indexed(by: a)
            let insert = StatementInsert().insert(intoTable: "t", with: a).values(1).upsert(upsert)
            upsert.doUpdate()
            upsert.set(a).to(2)
            return insert.description + "; " + upsert.description
        }, "INSERT INTO t(a) VALUES(1) ON CONFLICT(a) DO NOTHING; ON CONFLICT(a) DO UPDATE SET a = 2"),
        ("CommonTableExpression column, as", {
            let cte = CommonTableExpression("c")
            cte.column(a)
            cte.column(e)
            cte.as(StatementSelect().select(1, 2))
            return StatementSelect().with(cte).select(a).from("c").description
        }, "WITH c(a, e) AS(SELECT 1, 2) SELECT a FROM c"),
        ("CommonTableExpression taken by WITH before a later step", {
            let cte = CommonTableExpression("c")
            cte.as(StatementSelect().select(1))
            let select = StatementSelect().with(cte).select(a).from("c")
            cte.column(a)
            cte.as(StatementSelect().select(2))
            return select.description + "; " + cte.description
        }, "WITH c AS(SELECT 1) SELECT a FROM c; c(a) AS(SELECT 2)"),
        ("WindowDef partition, order, frameSpec", {
            let window = WindowDef()
            window.partition(1, 2)
            window.order([a])
            window.frameSpec(FrameSpec().range().unboundedPreceding())
            return window.description
        }, "(PARTITION BY 1, 2 ORDER BY a RANGE UNBOUNDED PRECEDING)"),
        ("WindowDef taken by OVER and WINDOW before a later step", {
            let window = WindowDef()
            window.order(a)
            let sum = a.sum().over(window)
            let select = StatementSelect().select(a.sum().over("w")).from("t").window("w").as(window)
            window.partition(e)
            return sum.description + "; " + select.description + "; " + window.description
        }, "SUM(a) OVER (ORDER BY a); SELECT SUM(a) OVER w FROM t WINDOW w AS (ORDER BY a); (PARTITION BY e ORDER BY a)"),
        ("FrameSpec step by step", {
            let frame = FrameSpec()
            frame.rows()
            frame.betweenPreceding(1)
            frame.andFollowing(2)
            return frame.description
        }, "ROWS BETWEEN 1 PRECEDING AND 2 FOLLOWING"),
        ("FrameSpec taken by a window before a later step", {
            let frame = FrameSpec()
            frame.range()
            frame.currentRow()
            let window = WindowDef().frameSpec(frame)
            frame.rows()
            frame.unboundedPreceding()
            return window.description + "; " + frame.description
        }, "(RANGE CURRENT ROW); ROWS UNBOUNDED PRECEDING"),
        ("Expression taken as an operand before a later step", {
            let call = Expression.function("abs").invoke()
            let condition = call > 1
            call.arguments(a)
            return condition.description
        }, "abs() > 1"),
    ]

    @Test(arguments: 0..<cases.count)
    func statementStyleStepTakesEffect(_ index: Int) {
        let (name, build, sql) = Self.cases[index]
        #expect(build() == sql, "\(name)")
    }

    /// The chained form is unchanged, and a builder shared in a static is not changed by chaining from
    /// a `function(_:_:)` call with its arguments given at once.
    @Test func chainedFormStillPrints() {
        #expect(Expression.function("coalesce").invoke().arguments(Self.a, Self.e, 0).description == "coalesce(a, e, 0)")
        let call = Expression.function("f", 1)
        let more = call.frozen.arguments(2)
        #expect(call.description == "f(1)")
        #expect(more.description == "f(1, 2)")
    }

    /// A join built statement by statement prints as the chained one.
    @Test func joinStatementFormMatchesChain() {
        let chained = Join(with: "t1").leftJoin("t2").on(Self.a == 1).naturalInnerJoin("t3")
        let join = Join(with: "t1")
        join.leftJoin("t2")
        join.on(Self.a == 1)
        join.naturalInnerJoin("t3")
        #expect(join.description == chained.description)
        #expect(join.description == "t1 LEFT JOIN t2 ON a = 1 NATURAL INNER JOIN t3")
    }

    /// A join built statement by statement runs: its ON condition is applied.
    @Test func joinStatementFormRuns() throws {
        try withScratchDatabase { database in
            try database.exec("CREATE TABLE t1(a INTEGER)")
            try database.exec("CREATE TABLE t2(b INTEGER)")
            try database.exec("INSERT INTO t1 VALUES(1), (2), (3)")
            try database.exec("INSERT INTO t2 VALUES(2), (3), (4)")
            let join = Join(with: "t1")
            join.join("t2")
            join.on(Column(named: "a") == Column(named: "b"))
            let count = try database.getValue(from: StatementSelect().select(Expression.function("count").invokeAll()).from(join))
            #expect(count?.int64Value == 2)
        }
    }

    /// A FROM item aliased statement by statement runs: its columns are found under the alias.
    @Test func tableAliasStatementFormRuns() throws {
        try withScratchDatabase { database in
            try database.exec("CREATE TABLE t(a INTEGER)")
            try database.exec("INSERT INTO t VALUES(1), (2), (3)")
            let table = TableOrSubquery(withTable: "t")
            table.as("x")
            let select = StatementSelect().select(Expression.function("count").invokeAll()).from(table)
                .where(Column(named: "a").in(table: "x") > 1)
            let count = try database.getValue(from: select)
            #expect(count?.int64Value == 2)
        }
    }

    /// Statement-style calls run: the printed SQL is the SQL SQLite runs.
    @Test func statementStyleCallsRun() throws {
        let call = Expression.function("strftime").invoke()
        call.arguments("%Y", "2020-05-06")
        let cast = Expression.cast("12abc")
        cast.as(.numeric)
        let choice = Expression.case(cast)
        choice.when(12)
        choice.then("twelve")
        try withScratchDatabase { database in
            let year = try database.getValue(from: StatementSelect().select(call))
            let named = try database.getValue(from: StatementSelect().select(choice))
            #expect(year?.stringValue == "2020")
            #expect(named?.stringValue == "twelve")
        }
    }
}
