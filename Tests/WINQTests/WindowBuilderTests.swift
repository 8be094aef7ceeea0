import Foundation
import Testing
@testable import WCDBSwift

/// WCDB 2.x's window builders: `FrameSpec`, `WindowDef.partition(_:)`/`order(_:)`/`frameSpec(_:)`,
/// `Expression.windowFunction`, `filter`, `over` a named window, `StatementSelect.window(_:).as(_:)`. They
/// print what 2.x prints, and run where the engine has window functions; on one without (SQLite 3.15.2)
/// running one is an error naming the construct, raised before SQLite sees the statement.
@Suite struct WindowBuilderTests {
    /// 2.x's own FrameSpecTests, case by case.
    static let frames: [(FrameSpec, String)] = [
        (FrameSpec().range().unboundedPreceding(), "RANGE UNBOUNDED PRECEDING"),
        (FrameSpec().rows().unboundedPreceding(), "ROWS UNBOUNDED PRECEDING"),
        (FrameSpec().range().preceding(1), "RANGE 1 PRECEDING"),
        (FrameSpec().range().currentRow(), "RANGE CURRENT ROW"),
        (FrameSpec().range().betweenUnboundedPreceding().andPreceding(2), "RANGE BETWEEN UNBOUNDED PRECEDING AND 2 PRECEDING"),
        (FrameSpec().range().betweenPreceding(1).andPreceding(2), "RANGE BETWEEN 1 PRECEDING AND 2 PRECEDING"),
        (FrameSpec().range().betweenCurrentRow().andPreceding(2), "RANGE BETWEEN CURRENT ROW AND 2 PRECEDING"),
        (FrameSpec().range().betweenFollowing(1).andPreceding(2), "RANGE BETWEEN 1 FOLLOWING AND 2 PRECEDING"),
        (FrameSpec().range().betweenUnboundedPreceding().andCurrentRow(), "RANGE BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW"),
        (FrameSpec().range().betweenUnboundedPreceding().andFollowing(2), "RANGE BETWEEN UNBOUNDED PRECEDING AND 2 FOLLOWING"),
        (FrameSpec().range().betweenUnboundedPreceding().andUnboundedFollowing(),
         "RANGE BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING"),
        (FrameSpec().rows().betweenPreceding(1).andFollowing(1), "ROWS BETWEEN 1 PRECEDING AND 1 FOLLOWING"),
    ]

    @Test(arguments: 0..<frames.count)
    func frameSpecPrintsAs2xDoes(_ index: Int) {
        let (frame, sql) = Self.frames[index]
        #expect(frame.description == sql)
        #expect(WindowDef().frameSpec(frame).description == "(" + sql + ")")
    }

    static let windows: [(WindowDef, String)] = [
        (WindowDef(), ""),
        (WindowDef().partition(1, 2), "(PARTITION BY 1, 2)"),
        (WindowDef().order(1, 2), "(ORDER BY 1, 2)"),
        (WindowDef().frameSpec(FrameSpec().range().unboundedPreceding()), "(RANGE UNBOUNDED PRECEDING)"),
        (WindowDef().partition(1, 2).order(1, 2).frameSpec(FrameSpec().range().unboundedPreceding()),
         "(PARTITION BY 1, 2 ORDER BY 1, 2 RANGE UNBOUNDED PRECEDING)"),
    ]

    @Test(arguments: 0..<windows.count)
    func windowDefPrintsAs2xDoes(_ index: Int) {
        let (window, sql) = Self.windows[index]
        #expect(window.description == sql)
    }

    /// Statements with window functions, what they print, and the construct the engine names.
    static var statements: [(StatementSelect, String, EngineFeature)] {
        let a = Column(named: "a")
        return [
            (StatementSelect().select(Expression.windowFunction("row_number").invoke().over(WindowDef().order(a))).from("t"),
             "SELECT row_number() OVER (ORDER BY a) FROM t", .windowFunction),
            (StatementSelect().select(Expression.windowFunction("sum").invoke().arguments(a).filter(a > 1).over("w")).from("t")
                .window("w").as(WindowDef().partition(a)),
             "SELECT sum(a) FILTER(WHERE a > 1) OVER w FROM t WINDOW w AS (PARTITION BY a)", .windowFunction),
            (StatementSelect().select(a.sum().filter(a > 1)).from("t"), "SELECT SUM(a) FILTER(WHERE a > 1) FROM t", .filterClause),
            (StatementSelect().select(1, 2).window("window1").as(WindowDef().order(1)).window("window2").as(WindowDef().order(2)),
             "SELECT 1, 2 WINDOW window1 AS (ORDER BY 1), window2 AS (ORDER BY 2)", .windowClause),
            (StatementSelect().select(a.sum().over(WindowDef().order(a).frameSpec(FrameSpec().rows().betweenPreceding(1).andCurrentRow())))
                .from("t"),
             "SELECT SUM(a) OVER (ORDER BY a ROWS BETWEEN 1 PRECEDING AND CURRENT ROW) FROM t", .windowFunction),
        ]
    }

    @Test(arguments: 0..<statements.count)
    func windowStatementsPrintAndTheEngineNamesWhatItLacks(_ index: Int) throws {
        let (statement, sql, feature) = Self.statements[index]
        #expect(statement.description == sql)
        try withScratchDatabase { database in
            try database.exec("CREATE TABLE t(a INTEGER)")
            try expectEngineDecides(statement, feature, in: database, then: {
                // The same statement as text runs too.
                try database.exec(sql)
            }, unchanged: {
                // The same statement as text reaches SQLite, whose parser stops at the construct.
                #expect(throws: WCDBError.self) { try database.exec(sql) }
            })
        }
    }
}
