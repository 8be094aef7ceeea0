import CSQLCipher
import Foundation
import Testing
@testable import WCDBSwift
import WCDBTestSupport

/// WINQ's expression (Foundation has an `Expression` too).
private typealias Expression = WCDBSwift.Expression

// Property tests of the renderer (SQLRenderer): random trees of expressions and statements, built with the
// public WINQ API, render to SQL that the engine compiles to the same program whether their values are
// bound (`?`) or inlined (`description`), and both return the same rows / leave the same table; every value
// round-trips through binding and through its inlined literal.
//
// Each case is made from its own seed, `caseSeed(seed, index)` of the test's seed argument and the case's
// index, so a failure names `seed … case …` and `TreeBuilder(seed: caseSeed(seed, index), …)` rebuilds it
// alone. A failure prints the bound SQL, its values, the inlined SQL, and what differs.
//
// The numbers (4 seeds × 250 cases per property, 4 × ~3,100 values round-tripped) run in about a second.

// MARK: - The fixture

/// The table the trees are built over: each storage class in a column of its own affinity, a column with
/// no affinity, NULLs, and indexes (so that the planner's use of a compared value is exercised too); `u` is
/// the table of subqueries.
private let fixtureSchema = """
CREATE TABLE t(id INTEGER PRIMARY KEY, i INTEGER NOT NULL, r REAL, s TEXT, b BLOB, n);
CREATE INDEX t_i ON t(i);
CREATE INDEX t_s ON t(s);
CREATE INDEX t_rn ON t(r, n);
CREATE TABLE u(k INTEGER, v TEXT);
CREATE INDEX u_k ON u(k);
"""

private let fixtureRows: [[FundamentalValue]] = [
    [1, 0, 0.0, "", .blob(Data()), nil],
    [2, 1, 1.5, "a", .blob(Data([0])), 1],
    [3, -1, -2.5, "A", .blob(Data([0x41])), "a"],
    [4, .integer(.max), 1e300, "it's", .blob(Data([0x27])), 2.5],
    [5, .integer(.min), -1e-300, "a?b:x", .blob(Data([0xFF, 0])), .blob(Data([0]))],
    [6, 42, nil, "abc%_\\", nil, -7],
    [7, 5, 5.0, "5", .blob(Data([0x35])), "5"],
    [8, 7, 3.25, "é中😀", .blob(Data([0xC3, 0xA9])), nil],
    [9, 3, -0.0, "a\u{0}b", .blob(Data()), 3],
    [10, 100, 2.0, "NOCASE", nil, "b"],
    [11, 2, .double(.infinity), "ZZ", .blob(Data([1, 2])), 1e-5],
    [12, 2, nil, nil, nil, nil],
]

private let fixtureSubqueryRows: [[FundamentalValue]] = [[1, "a"], [2, "b"], [5, "5"], [nil, nil], [-1, "it's"], [42, "abc"]]

/// An in-memory database holding the fixture, through the library's Handle (its binder and reader).
private func fixtureHandle() throws -> Handle {
    let handle = Handle(path: ":memory:")
    try handle.open()
    try handle.exec(fixtureSchema)
    for (table, rows) in [("t", fixtureRows), ("u", fixtureSubqueryRows)] {
        for row in rows {
            let insert = try handle.prepare("INSERT INTO \(table) VALUES(" + Array(repeating: "?", count: row.count).joined(separator: ", ") + ")")
            insert.bind(row)
            try insert.run()
            insert.finalize()
        }
    }
    return handle
}

// MARK: - Values

/// A literal value of every kind WINQ takes.
private enum LiteralSample: CustomStringConvertible, Sendable {
    case integer(Int64), real(Double), text(String), blob(Data), null, bool(Bool)

    /// The Swift value handed to WINQ.
    var convertible: LiteralValueConvertible {
        switch self {
        case .integer(let value): return value
        case .real(let value): return value
        case .text(let value): return value
        case .blob(let value): return value
        case .null: return Int64?.none
        case .bool(let value): return value
        }
    }

    /// What SQLite must hand back for it: NaN is NULL (printed NULL by design; SQLite stores NaN as NULL).
    var stored: FundamentalValue {
        switch self {
        case .integer(let value): return .integer(value)
        case .real(let value): return value.isNaN ? .null : .double(value)
        case .text(let value): return .text(value)
        case .blob(let value): return .blob(value)
        case .null: return .null
        case .bool(let value): return .integer(value ? 1 : 0)
        }
    }

    var description: String {
        switch self {
        case .integer(let value): return "Int64(\(value))"
        case .real(let value): return "Double(\(value)) [bits 0x\(String(value.bitPattern, radix: 16))]"
        case .text(let value): return "String(\(value.debugDescription))"
        case .blob(let value): return "Data(\(Array(value)))"
        case .null: return "nil"
        case .bool(let value): return "Bool(\(value))"
        }
    }
}

private let sampleIntegers: [Int64] = [0, 1, -1, 2, 3, 5, 42, -7, 100, .min, .max, .min + 1, .max - 1, 2_147_483_647,
                                       2_147_483_648, -2_147_483_648, -2_147_483_649, 9_007_199_254_740_993]
private let sampleReals: [Double] = [0, -0.0, 0.5, 1.5, -2.5, 0.1, 2.0, 5.0, 3.25, 1e16, 1e300, -1e300, 1e-300, -1e-300,
                                     .leastNonzeroMagnitude, -.leastNonzeroMagnitude, .leastNormalMagnitude,
                                     .greatestFiniteMagnitude, -.greatestFiniteMagnitude, .infinity, -.infinity, .nan,
                                     123_456_789.125, -0.000001, 1e-5, 9_007_199_254_740_993]
private let samplePieces: [String] = ["", "a", "A", "b", "5", "it's", "''", "\"", "?", "?1", ":x", "$y", "@z", "\u{0}",
                                      "é", "中文", "😀", "%", "_", "\\", "!", "*", "NULL", "-3", "1e5", " ", "abc", "ZZ",
                                      "NOCASE", "--", "/*", ";", "X'00'", "a\u{0}b"]

/// The randomness of a case: SplitMix64 (`SeededGenerator`).
private struct Dice {
    private var generator: SeededGenerator
    init(seed: UInt64) { generator = SeededGenerator(seed: seed) }
    mutating func below(_ bound: Int) -> Int { Int.random(in: 0..<bound, using: &generator) }
    mutating func chance(_ percent: Int) -> Bool { below(100) < percent }
    mutating func pick<T>(_ items: [T]) -> T { items[below(items.count)] }
    mutating func bits() -> UInt64 { generator.next() }

    mutating func sample() -> LiteralSample {
        switch below(20) {
        case 0..<5:
            switch below(4) {
            case 0, 1: return .integer(pick(sampleIntegers))
            case 2: return .integer(Int64(below(201)) - 100)
            default: return .integer(Int64(bitPattern: bits()))
            }
        case 5..<9:
            switch below(4) {
            case 0, 1: return .real(pick(sampleReals))
            case 2: return .real(Double(below(2_000_001) - 1_000_000) / pick([1.0, 4.0, 10.0, 1000.0, 3.0, 7e10, 1e-20]))
            default:
                var real = Double(bitPattern: bits())
                while !real.isFinite { real = Double(bitPattern: bits()) }
                return .real(real)
            }
        case 9..<14:
            return .text((0..<(1 + below(3))).map { _ in pick(samplePieces) }.joined())
        case 14..<16:
            return .blob(Data((0..<below(5)).map { _ in
                let any = UInt8(truncatingIfNeeded: bits())
                return pick([0x00, 0x27, 0x41, 0x61, 0xFF, 0x35, any])
            }))
        case 16..<18:
            return .null
        default:
            return .bool(chance(50))
        }
    }
}

// MARK: - Trees

/// Builds random expressions and statements over the fixture with the public WINQ API.
///
/// A case is built twice from the same seed, drawing the same numbers: as it is (`pin == false`; its rows
/// are compared), and as the *program variant* (`pin == true`), where the few values that SQLite
/// legitimately compiles differently as a literal than as a parameter are pinned into the text of both
/// renderings with `Expression(inlining:)` (see `PinReason`); the programs of that variant are compared.
private struct TreeBuilder {
    /// Why a value is pinned into the text of both renderings in the program variant. Each is a place where
    /// SQLite's code generator looks at a literal's value (or form) at prepare time, which it cannot do for
    /// a parameter: the program differs by design, the result does not (the rows are compared unpinned).
    enum PinReason: String, CaseIterable, Sendable {
        /// An integer (or Bool) as a condition: a WHERE/HAVING condition or an operand of AND/OR/NOT.
        /// SQLite folds `x AND 0` to `0` while parsing (sqlite3ExprAnd), and its jump coding skips a
        /// literal that is always true or false (exprAlwaysTrue/False in sqlite3ExprIfTrue/IfFalse);
        /// a `?` is tested at run time.
        case integerCondition = "integer as a condition"
        /// The pattern (and escape) of LIKE/GLOB on a column: with a literal pattern and an index on the
        /// column the LIKE optimisation turns the scan into an index range (sqlite3 isLikeOrGlob); with a
        /// `?` it can only do so when it re-prepares with the bound value at the first step (which the bound
        /// run does, and which `EXPLAIN` before binding cannot show).
        case likePattern = "LIKE/GLOB pattern"
        /// LIMIT n: computeLimitRegisters codes a literal integer limit as a constant (no MustBeInt/IfNot;
        /// `LIMIT 0` is a jump) and the planner plans for that fixed limit (SF_FixedLimit).
        case limit = "LIMIT value"
        /// A GROUP BY term repeated as a result column or in HAVING, and then in ORDER BY: ORDER BY and
        /// GROUP BY print their values where result columns and HAVING bind theirs, and SQLite looks for a
        /// result column identical to each ORDER BY / GROUP BY term (sqlite3ExprCompare in
        /// resolveOrderGroupBy) to reuse its value: in the inlined SQL `(s = 'a')` is found among the
        /// results and copied into the ORDER BY sorter, in the bound SQL `(s = ?)` is not and the term is
        /// computed again. Same value, another program. (The plain SELECTs' ORDER BY terms are drawn apart
        /// from their results, so they repeat one only by chance.)
        case repeatedGroupTerm = "GROUP BY term repeated as a result"
        /// The values of the operands of IS, IS NOT, IS NULL and IS NOT NULL: newer SQLite (3.46 here, not
        /// 3.15.2) folds such a test of a literal, or of an expression of literals, into TRUE or FALSE while
        /// it codes the condition, so the inlined program tests that constant once before the loop
        /// (`IfNot`), where a `?` is tested as it is.
        case nullTest = "IS operand"

        /// Whether the running engine compiles this construct differently with a literal. SQLite's code
        /// generator changes between versions: these are the versions this package is tested on, where
        /// each was seen (`pinnedConstructsCompileDifferently` checks it on the running engine).
        var appliesToRunningEngine: Bool {
            switch self {
            case .integerCondition, .likePattern, .limit: return true
            case .repeatedGroupTerm: return sqlite3_libversion_number() < 3_046_000
            case .nullTest: return sqlite3_libversion_number() >= 3_046_000
            }
        }
    }

    var dice: Dice
    let pin: Bool
    /// Whether SQLite reads this double back exactly from its printed literal (see the round-trip test:
    /// SQLite 3.15.2's parser does not always); the statement properties draw only those.
    let readsBack: (Double) -> Bool
    private(set) var pins: Set<PinReason> = []
    private var columns = ["id", "i", "r", "s", "b", "n"]
    private var subqueryDepth = 0
    /// While set, every bare value is pinned (for this reason) in the program variant.
    private var pinningAll: PinReason?
    /// While false, no column is referenced (INSERT's VALUES).
    private var allowsColumns = true

    init(seed: UInt64, pin: Bool, readsBack: @escaping (Double) -> Bool) {
        dice = Dice(seed: seed)
        self.pin = pin
        self.readsBack = readsBack
    }

    // MARK: Values

    mutating func sample() -> LiteralSample {
        let sample = dice.sample()
        if case .real(let real) = sample, !real.isNaN, !readsBack(real) {
            // SQLite 3.15.2 misreads this literal (see ValueRoundTripTests); use the
            // same magnitude with fewer digits, which it reads exactly.
            let rounded = Double(String(format: "%.6g", real))!
            return .real(readsBack(rounded) ? rounded : 0.5)
        }
        return sample
    }

    /// A bare value: a bound slot, or, in the program variant and for `reason`, printed in both renderings.
    mutating func bare(_ sample: LiteralSample, _ reason: PinReason? = nil) -> Expression {
        let reason = pinningAll ?? reason
        if pin, let reason {
            pins.insert(reason)
            return Expression(inlining: sample.convertible)
        }
        return sample.convertible.asExpression()
    }

    /// A value as an operand; `condition`: where SQLite reads it as true or false.
    mutating func value(condition: Bool = false) -> Expression {
        let sample = sample()
        switch sample {
        case .integer, .bool: return bare(sample, condition ? .integerCondition : nil)
        default: return bare(sample)
        }
    }

    mutating func column() -> Expression { Column(named: dice.pick(columns)).asExpression() }

    /// An expression of a random depth in `depths`.
    mutating func expression(in depths: ClosedRange<Int>, condition: Bool = false) -> Expression {
        let depth = depths.lowerBound + dice.below(depths.count)
        return expression(depth, condition: condition)
    }

    mutating func leaf(condition: Bool) -> Expression {
        allowsColumns && dice.chance(55) ? column() : value(condition: condition)
    }

    /// An operand that is usually a value.
    mutating func operand(_ depth: Int, valuePercent: Int = 65) -> Expression {
        dice.chance(valuePercent) ? value() : expression(depth)
    }

    // MARK: Expressions

    /// A random expression of at most `depth` levels; `condition`: where SQLite reads it as true or false.
    mutating func expression(_ depth: Int, condition: Bool = false) -> Expression {
        if depth <= 0 || dice.chance(20) { return leaf(condition: condition) }
        let next = depth - 1
        switch dice.below(21) {
        case 0, 1, 2:
            // A comparison with NULL prints as IS NULL / IS NOT NULL of the other side (see `nullTest`).
            let withNull = dice.chance(5)
            let outer = pinningAll
            if withNull { pinningAll = outer ?? .nullTest }
            let left = dice.chance(15) ? value() : expression(next)
            if left.isNullLiteral { pinningAll = outer ?? .nullTest }
            let right = withNull ? Expression.null : operand(next)
            pinningAll = outer
            switch dice.below(6) {
            case 0: return left == right
            case 1: return left != right
            case 2: return left < right
            case 3: return left <= right
            case 4: return left > right
            default: return left >= right
            }
        case 3, 4:
            let left = expression(next, condition: true)
            let right = expression(next, condition: true)
            return dice.chance(50) ? left && right : left || right
        case 5:
            return !expression(next, condition: true)
        case 6:
            let left = expression(next)
            let right = operand(next, valuePercent: 50)
            switch dice.below(10) {
            case 0: return left + right
            case 1: return left - right
            case 2: return left * right
            case 3: return left / right
            case 4: return left % right
            case 5: return left & right
            case 6: return left | right
            case 7: return left << right
            case 8: return left >> right
            default: return left.concat(right)
            }
        case 7:
            return -expression(next)
        case 8:
            let operand = expression(next)
            let (low, high) = (self.operand(next), self.operand(next))
            return dice.chance(70) ? operand.between(low, high) : operand.notBetween(low, high)
        case 9:
            let operand = expression(next)
            let items = (0..<dice.below(5)).map { _ in self.operand(next) }
            return dice.chance(70) ? operand.in(items) : operand.notIn(items)
        case 10:
            let operand = expression(next)
            let reason: PinReason? = operand.node.column != nil ? .likePattern : nil
            let text = patternText()
            var pattern = dice.chance(80) ? bare(.text(text), reason) : expression(next)
            if dice.chance(10) {
                let other = sample()
                pattern = bare(other, reason)
            }
            switch dice.below(5) {
            case 0: return operand.like(pattern)
            case 1: return operand.notLike(pattern)
            case 2:
                let character = dice.pick(["\\", "\\", "!", "%", "é", "ab", ""])
                let escape = bare(.text(character), reason)
                return dice.chance(70) ? operand.like(pattern, escape: escape) : operand.notLike(pattern, escape: escape)
            case 3: return operand.glob(pattern)
            default: return operand.notGlob(pattern)
            }
        case 11:
            let outer = pinningAll
            pinningAll = outer ?? .nullTest
            let operand = expression(next)
            let other = self.operand(next)
            pinningAll = outer
            return dice.chance(60) ? operand.is(other) : operand.isNot(other)
        case 12:
            let outer = pinningAll
            pinningAll = outer ?? .nullTest
            let operand = expression(next)
            pinningAll = outer
            switch dice.below(4) {
            case 0: return operand.isNull()
            case 1: return operand.isNotNull()
            case 2: return operand == nil
            default: return operand != nil
            }
        case 13:
            let collated = expression(next).collate("NOCASE")
            return dice.chance(60) ? collated == self.operand(next) : collated
        case 14, 15:
            return function(next)
        case 16:
            var expression = Expression.case(dice.chance(40) ? self.expression(next) : nil)
            for _ in 0..<(1 + dice.below(3)) {
                expression = expression.when(self.operand(next, valuePercent: 40)).then(self.operand(next))
            }
            if dice.chance(60) { expression = expression.else(self.operand(next)) }
            return expression.asExpression()
        case 17:
            return Expression.cast(expression(next), as: dice.pick([.integer64, .float, .text, .BLOB, .null]))
        default:
            guard subqueryDepth == 0, allowsColumns else { return leaf(condition: condition) }
            return subquery(next)
        }
    }

    mutating func patternText() -> String {
        (0..<(1 + dice.below(3))).map { _ in dice.pick(["a", "A", "%", "_", "*", "?", "[a-z]", "\\%", "!_", "é", "5", "it's", "", "\u{0}"]) }.joined()
    }

    mutating func function(_ depth: Int) -> Expression {
        let first = expression(depth)
        switch dice.below(9) {
        case 0: return first.abs()
        case 1: return first.length()
        case 2: return first.lower()
        case 3: return first.substr(start: operand(depth), length: dice.chance(50) ? operand(depth) : nil)
        case 4: return Expression.coalesce(first, operand(depth), operand(depth))
        case 5: return first.nullIf(operand(depth))
        case 6: return first.ifNull(operand(depth))
        case 7: return dice.chance(50) ? Expression.max(first, operand(depth)) : Expression.max(first, operand(depth), operand(depth))
        default: return Expression.min(first, operand(depth))
        }
    }

    /// `x [NOT] IN (SELECT …)`, `[NOT] EXISTS (SELECT …)` or a scalar `(SELECT …)` over `u`, which may
    /// refer to the outer row.
    mutating func subquery(_ depth: Int) -> Expression {
        let operand = dice.below(3) == 0 ? nil : expression(depth)
        subqueryDepth += 1
        let outer = columns
        columns = ["k", "v", "k", "v"] + (dice.chance(30) ? [dice.pick(outer)] : [])
        let select = StatementSelect().select(expression(min(depth, 1))).from("u")
        if dice.chance(70) { select.where(expression(depth, condition: true)) }
        columns = outer
        subqueryDepth -= 1
        guard let operand else {
            switch dice.below(3) {
            case 0: return Expression.exists(select)
            case 1: return Expression.notExists(select)
            default: return select.asExpression()
            }
        }
        return dice.chance(70) ? operand.in(select) : operand.notIn(select)
    }

    // MARK: Statements

    /// A SELECT over `t`: plain, or grouped (then its results and HAVING read the group terms and
    /// aggregates only, so no result depends on which row of a group SQLite visits last).
    mutating func select() -> StatementSelect {
        let select = StatementSelect()
        var total = [Column(named: "id").asExpression()]
        if dice.chance(70) {
            select.select((0..<(1 + dice.below(3))).map { _ in expression(in: 0...3) })
            select.from("t")
            if dice.chance(75) { select.where(expression(in: 1...4, condition: true)) }
            if dice.chance(40) {
                select.order(by: (0..<(1 + dice.below(2))).map { _ in
                    let term = dice.chance(80) ? expression(in: 0...2) : bare(.integer(1))
                    return orderingTerm(term)
                })
            }
        } else {
            pinningAll = .repeatedGroupTerm
            let groups = (0..<(1 + dice.below(2))).map { _ in dice.chance(60) ? column() : expression(in: 1...2) }
            pinningAll = nil
            total = groups
            var results: [ColumnResultConvertible] = groups
            for _ in 0..<(1 + dice.below(3)) { results.insert(aggregate(), at: dice.below(results.count + 1)) }
            select.select(results).from("t")
            if dice.chance(50) { select.where(expression(in: 1...3, condition: true)) }
            select.group(by: groups)
            if dice.chance(50) { select.having(having(2, groups: groups)) }
            if dice.chance(40) { select.order(by: groups.map { orderingTerm($0) }) }
        }
        if dice.chance(30) {
            // A limit picks rows by the order: make it total, so that every plan picks the same rows.
            select.order(by: total.map { orderingTerm($0) })
            limit({ select.limit($0) }, { select.offset($0) })
        }
        return select
    }

    mutating func orderingTerm(_ expression: Expression) -> OrderingTermConvertible {
        switch dice.below(3) {
        case 0: return expression
        case 1: return expression.asOrder(by: .ascending)
        default: return expression.asOrder(by: .descending)
        }
    }

    mutating func limit(_ limit: (ExpressionConvertible) -> Void, _ offset: (ExpressionConvertible) -> Void) {
        let count: LiteralSample = dice.chance(85) ? .integer(Int64(dice.below(6)) - 1) : sample()
        limit(bare(count, .limit))
        if dice.chance(50) {
            let small = Int64(dice.below(4))
            offset(dice.chance(85) ? bare(.integer(small)) : value())
        }
    }

    mutating func aggregate() -> Expression {
        switch dice.below(4) {
        case 0: return Expression.countAll()
        case 1: return expression(in: 0...2).count()
        case 2: return expression(in: 0...2).max()
        default: return expression(in: 0...2).min()
        }
    }

    mutating func having(_ depth: Int, groups: [Expression]) -> Expression {
        if depth <= 0 || dice.chance(30) {
            let operand = dice.chance(60) ? aggregate() : dice.pick(groups)
            if dice.chance(20) { return operand }
            let right = value()
            switch dice.below(4) {
            case 0: return operand == right
            case 1: return operand < right
            case 2: return operand >= right
            default: return operand.between(value(), right)
            }
        }
        switch dice.below(3) {
        case 0: return having(depth - 1, groups: groups) && having(depth - 1, groups: groups)
        case 1: return having(depth - 1, groups: groups) || having(depth - 1, groups: groups)
        default: return !having(depth - 1, groups: groups)
        }
    }

    static let writableColumns = ["i", "r", "s", "b", "n"]

    mutating func update() -> StatementUpdate {
        let update = StatementUpdate().update(table: "t")
        var assigned = Self.writableColumns
        for _ in 0..<(1 + dice.below(2)) {
            let column = assigned.remove(at: dice.below(assigned.count))
            update.set(Column(named: column), to: dice.chance(60) ? value() : expression(in: 0...2))
        }
        if dice.chance(75) { update.where(expression(in: 1...3, condition: true)) }
        if dice.chance(20) {
            update.order(by: Column(named: "id").asOrder(by: dice.chance(50) ? .ascending : .descending))
            limit({ update.limit($0) }, { update.offset($0) })
        }
        return update
    }

    mutating func delete() -> StatementDelete {
        let delete = StatementDelete().delete(fromTable: "t")
        if dice.chance(85) { delete.where(expression(in: 1...3, condition: true)) }
        if dice.chance(20) {
            delete.order(by: Column(named: "id").asOrder(by: dice.chance(50) ? .ascending : .descending))
            limit({ delete.limit($0) }, { delete.offset($0) })
        }
        return delete
    }

    mutating func insert() -> StatementInsert {
        var columns = Self.writableColumns.filter { $0 == "i" || dice.chance(60) }
        if dice.chance(5) { columns.removeFirst() }  // no `i`: NOT NULL fails, the same way in both
        let insert = StatementInsert().insert(intoTable: "t", with: columns.map { Column(named: $0) })
        allowsColumns = false
        for _ in 0..<(1 + dice.below(3)) {
            insert.values(columns.map { _ in dice.chance(75) ? value() : expression(in: 0...2) })
        }
        allowsColumns = true
        return insert
    }

    /// A statement of each kind, SELECT most often.
    mutating func statement() -> Statement {
        switch dice.below(10) {
        case 0..<4: return select()
        case 4, 5: return update()
        case 6, 7: return delete()
        default: return insert()
        }
    }

    /// An expression case: `SELECT e1[, e2] FROM t WHERE c`.
    mutating func expressionCase() -> StatementSelect {
        let select = StatementSelect().select((0..<(1 + dice.below(2))).map { _ in expression(in: 2...4) }).from("t")
        if dice.chance(80) { select.where(expression(in: 2...4, condition: true)) }
        return select
    }
}

// MARK: - Running and comparing

/// A statement's two renderings.
private struct Renderings {
    let boundSQL: String
    let values: [FundamentalValue]
    let inlinedSQL: String

    init(_ statement: Statement) {
        let rendering = (statement as! SyntaxStatement).statementNode.rendering
        boundSQL = rendering.sql
        values = rendering.values
        inlinedSQL = statement.description
    }

    var report: String {
        "bound:   \(boundSQL)\nvalues:  \(values.map { LiteralSample(stored: $0).description })\ninlined: \(inlinedSQL)"
    }
}

private extension LiteralSample {
    init(stored value: FundamentalValue) {
        switch value {
        case .integer(let value): self = .integer(value)
        case .integer32(let value): self = .integer(Int64(value))
        case .double(let value): self = .real(value)
        case .text(let value): self = .text(value)
        case .blob(let value): self = .blob(value)
        case .null: self = .null
        }
    }
}

/// Equal values of the same storage class; doubles by their bits (so -0.0 is not 0.0).
private func identical(_ a: FundamentalValue, _ b: FundamentalValue) -> Bool {
    switch (a, b) {
    case (.integer(let x), .integer(let y)): return x == y
    case (.double(let x), .double(let y)): return x.bitPattern == y.bitPattern
    case (.text(let x), .text(let y)): return Array(x.utf8) == Array(y.utf8)
    case (.blob(let x), .blob(let y)): return x == y
    case (.null, .null): return true
    default: return false
    }
}

/// What running a statement gave: its rows, or its error.
private enum Outcome: CustomStringConvertible {
    case rows([[FundamentalValue]])
    case error(String)

    /// The same rows in the same order (`ordered`), or the same rows in any order.
    func same(as other: Outcome, ordered: Bool = true) -> Bool {
        switch (self, other) {
        case (.rows(var a), .rows(var b)):
            if !ordered {
                a.sort { "\($0)" < "\($1)" }
                b.sort { "\($0)" < "\($1)" }
            }
            return a.count == b.count && zip(a, b).allSatisfy { $0.count == $1.count && zip($0, $1).allSatisfy(identical) }
        case (.error(let a), .error(let b)): return a == b
        default: return false
        }
    }

    var description: String {
        switch self {
        case .rows(let rows): return "\(rows.count) rows: " + rows.map { "(" + $0.map { LiteralSample(stored: $0).description }.joined(separator: ", ") + ")" }.joined(separator: " ")
        case .error(let message): return "error: \(message)"
        }
    }
}

private extension Handle {
    /// Prepares `sql`, binds `values` by index through the library's binder, and steps to the end.
    func outcome(_ sql: String, _ values: [FundamentalValue] = []) -> Outcome {
        do {
            let statement = try prepare(sql)
            defer { statement.finalize() }
            guard statement.parameterCount == values.count else {
                return .error("\(statement.parameterCount) parameters for \(values.count) values")
            }
            for (index, value) in values.enumerated() { statement.bind(value, toIndex: Int32(index + 1)) }
            var rows: [[FundamentalValue]] = []
            while try statement.step() { rows.append(statement.row()) }
            return .rows(rows)
        } catch let error as WCDBError {
            return .error(error.message ?? "\(error)")
        } catch {
            return .error("\(error)")
        }
    }

    /// Runs a write in a savepoint, reads the table after it, and rolls it back: each rendering writes
    /// its own copy of the fixture.
    func outcomeOfWrite(_ sql: String, _ values: [FundamentalValue]) throws -> (Outcome, Outcome) {
        try exec("SAVEPOINT property")
        let result = outcome(sql, values)
        let table = outcome("SELECT * FROM t ORDER BY id")
        try exec("ROLLBACK TO property; RELEASE property")
        return (result, table)
    }

    /// `sql`'s VDBE program (`EXPLAIN`), normalised (see `ProgramShape`), or as it is.
    func program(_ sql: String, normalised: Bool = true) -> Result<[String], ProgramError> {
        do {
            let statement = try prepare("EXPLAIN " + sql)
            defer { statement.finalize() }
            var program: [ProgramShape.Instruction] = []
            while try statement.step() {
                program.append(.init(opcode: statement.columnText(atIndex: 1), p1: statement.columnInteger(atIndex: 2),
                                     p2: statement.columnInteger(atIndex: 3), p3: statement.columnInteger(atIndex: 4),
                                     p4: statement.columnText(atIndex: 5), p5: statement.columnText(atIndex: 6)))
            }
            if !normalised { return .success(program.map { "\($0.opcode) \($0.p1) \($0.p2) \($0.p3) [\($0.p4)] \($0.p5)" }) }
            return .success(ProgramShape.normalised(program))
        } catch let error as WCDBError {
            return .failure(ProgramError(message: error.message ?? "\(error)"))
        } catch {
            return .failure(ProgramError(message: "\(error)"))
        }
    }
}

private struct ProgramError: Error, Equatable { let message: String }

/// The normalisation under which a statement's program must not depend on whether its values are bound.
///
/// What legitimately differs between `… = ?` and `… = 5`, and how it is normalised:
/// 1. The instruction that loads a value: `Variable` for `?`; `Integer`, `Int64`, `Real`, `String8`,
///    `String`, `Blob` or `Null` for a literal (a string holding NUL is `Blob` then `Cast` to TEXT: that
///    `Cast` belongs to the load). Each becomes `CONST`, without operands (the operands are the value and
///    its register), and a run of consecutive CONSTs counts as one. SQLite codes most constants once, in the
///    initialisation block after the program's `Halt` (constant factoring), and there it reuses the
///    register of an identical constant (sqlite3ExprCodeTemp's reuse of `pConstExpr`): two equal literals,
///    or a literal 0 and the 0 that a unary minus subtracts from, load once, where two `?` load twice. So
///    in that block the CONSTs are left out altogether.
/// 2. What SQLite knows of a literal and not of a parameter: a literal number, string or blob is never NULL
///    (sqlite3ExprCanBeNull) and may need no affinity change (sqlite3ExprNeedsNoAffinityChange), so for a
///    `?` it adds checks that it leaves out for a literal: `IsNull` on an index key (codeAllEqualityTerms,
///    the range terms of sqlite3WhereCodeOneLoopStart) and on the left operand of IN; `NotNull` + `Rewind`
///    + `Goto` for an IN's left operand that may be NULL where NULL and false differ; `BitAnd` that
///    accumulates "some item was NULL" over the items of an IN list (sqlite3ExprCodeIN); `Affinity` on an
///    index key. Such an instruction whose register is a constant's (a register some CONST loads) is
///    dropped from both programs.
/// 3. Register numbers and jump addresses: dropped instructions shift addresses, and a reused constant
///    register shifts every register allocated after it; so operands that are registers or addresses are
///    not compared. Of p1…p3 only those that are neither are kept, for the opcodes where they say what the
///    program reads: the cursor and column of `Column`, the cursor and root page of `OpenRead`/`OpenWrite`,
///    the affinity of `Cast`, the constant-argument mask of `Function`. p4 (collating sequence, function,
///    key info, affinity string, table) and p5 (comparison affinity and NULL handling) are kept for every
///    instruction but CONST and `Init` (whose p4 is the statement's own text).
private enum ProgramShape {
    struct Instruction {
        let opcode: String
        let p1, p2, p3: Int64
        let p4, p5: String
    }

    static let constantLoads: Set<String> = ["Variable", "Integer", "Int64", "Real", "String8", "String", "Blob", "Null"]

    /// The registers a constant is loaded into.
    static func loaded(by instruction: Instruction) -> [Int64] {
        guard constantLoads.contains(instruction.opcode) else { return [] }
        if instruction.opcode == "Null", instruction.p3 > instruction.p2 { return Array(instruction.p2...instruction.p3) }
        return [instruction.p2]
    }

    static func normalised(_ program: [Instruction]) -> [String] {
        let constants = Set(program.flatMap(loaded(by:)))
        let initialisation = (program.lastIndex { $0.opcode == "Halt" } ?? program.count) + 1
        var shape: [String] = []
        var justLoadedBlob: Int64?
        var dropping = 0
        for (address, instruction) in program.enumerated() {
            defer { if instruction.opcode != "Blob" { justLoadedBlob = nil } }
            if dropping > 0, ["Rewind", "Goto"][2 - dropping] == instruction.opcode {
                dropping -= 1
                continue
            }
            dropping = 0
            if constantLoads.contains(instruction.opcode) {
                if instruction.opcode == "Blob" { justLoadedBlob = instruction.p2 }
                if shape.last != "CONST" && address < initialisation { shape.append("CONST") }
                continue
            }
            if instruction.opcode == "Cast", instruction.p1 == justLoadedBlob { continue }
            switch instruction.opcode {
            case "IsNull" where constants.contains(instruction.p1): continue
            case "NotNull" where constants.contains(instruction.p1):
                dropping = 2
                continue
            case "BitAnd" where constants.contains(instruction.p2) && instruction.p1 == instruction.p3: continue
            case "Affinity" where (instruction.p1..<(instruction.p1 + max(instruction.p2, 1))).contains(where: constants.contains): continue
            default: break
            }
            var line = instruction.opcode
            switch instruction.opcode {
            case "Column", "OpenRead", "OpenWrite": line += " \(instruction.p1) \(instruction.p2)"
            case "Cast": line += " \(instruction.p2)"
            case "Function", "Function0": line += " \(instruction.p1)"
            default: break
            }
            if instruction.opcode != "Init" { line += " [\(instruction.p4)]" }
            line += " \(instruction.p5)"
            shape.append(line)
        }
        return shape
    }
}

/// A difference between the two programs, for the report: the first instruction where they part.
private func firstDifference(_ a: [String], _ b: [String]) -> String {
    let index = Array(zip(a, b)).firstIndex { $0 != $1 } ?? min(a.count, b.count)
    func around(_ list: [String]) -> String {
        list[max(0, index - 3)..<min(list.count, index + 4)].joined(separator: " | ")
    }
    return "at normalised instruction \(index): bound … \(around(a)) …\ninlined … \(around(b)) …"
}

/// The seed of case `index` of a test run with `seed`.
private func caseSeed(_ seed: UInt64, _ index: Int) -> UInt64 { seed &* 0x9E37_79B9_7F4A_7C15 &+ UInt64(index) &* 0xD1B5_4A32_D192_ED03 }

/// Counts of a property's run, for the record.
private struct Tally: CustomStringConvertible {
    var cases = 0
    var programsCompared = 0
    var pinned: [TreeBuilder.PinReason: Int] = [:]
    var errors = 0

    var description: String {
        let pins = TreeBuilder.PinReason.allCases.map { "\($0.rawValue): \(pinned[$0] ?? 0)" }.joined(separator: ", ")
        return "\(cases) cases, \(programsCompared) programs compared, \(errors) ending in an error (the same in both); cases with values pinned for the programs: \(pins)"
    }
}

// MARK: - The properties

/// The seeds of the property runs (each a test argument, so that a failure names its seed).
let renderingPropertySeeds: [UInt64] = [0x5EED_0101, 0x5EED_0202, 0x5EED_0303, 0x5EED_0404]

@Suite("Rendering properties: bound and inlined SQL compile to the same program and give the same rows")
struct RenderingPropertyTests {
    /// Cases per seed: 4 × 250 = 1000 per property.
    static let casesPerSeed = 250

    /// Whether SQLite reads `real`'s printed literal back exactly (a statement's doubles are drawn among those).
    static func readsBack(_ handle: Handle) -> (Double) -> Bool {
        { real in
            guard case .rows(let rows) = handle.outcome("SELECT " + LiteralValue(real).description),
                  let value = rows.first?.first else { return false }
            return identical(value, .double(real))
        }
    }

    /// Checks one case: the rows (or table after a write) of both renderings, and the programs of its program
    /// variant. Returns what it did, for the tally.
    private static func check(_ make: (inout TreeBuilder) -> Statement, seed: UInt64, index: Int, handle: Handle,
                              tally: inout Tally) throws {
        let caseSeed = caseSeed(seed, index)
        var builder = TreeBuilder(seed: caseSeed, pin: false, readsBack: readsBack(handle))
        let statement = make(&builder)
        var pinnedBuilder = TreeBuilder(seed: caseSeed, pin: true, readsBack: readsBack(handle))
        let pinned = make(&pinnedBuilder)
        let name = "seed 0x\(String(seed, radix: 16)) case \(index)"
        let renderings = Renderings(statement)
        tally.cases += 1

        // (`outcome` checks that the bound SQL has one parameter per value, the inlined SQL none.)
        // Same rows (SELECT) or same table after it (a write, each on its own copy of the fixture).
        let isWrite = !(statement is StatementSelect)
        if isWrite {
            let (bound, boundTable) = try handle.outcomeOfWrite(renderings.boundSQL, renderings.values)
            let (inlined, inlinedTable) = try handle.outcomeOfWrite(renderings.inlinedSQL, [])
            #expect(bound.same(as: inlined), "\(name): the statement's outcome differs\n\(renderings.report)\nbound → \(bound)\ninlined → \(inlined)")
            #expect(boundTable.same(as: inlinedTable), "\(name): the table differs after the write\n\(renderings.report)\nbound → \(boundTable)\ninlined → \(inlinedTable)")
            if case .error = bound { tally.errors += 1 }
        } else {
            // Where values are pinned in the program variant, the two renderings may be planned differently
            // (a folded `x AND 0` needs no column of the table, and a covering index scans in its own order):
            // then rows without a total ORDER BY may come in another order.
            let bound = handle.outcome(renderings.boundSQL, renderings.values)
            let inlined = handle.outcome(renderings.inlinedSQL)
            #expect(bound.same(as: inlined, ordered: pinnedBuilder.pins.isEmpty), "\(name): the rows differ\n\(renderings.report)\nbound → \(bound)\ninlined → \(inlined)")
            if case .error = bound { tally.errors += 1 }
        }

        // Same program, for the variant where values SQLite compiles differently by design are pinned.
        let variant = Renderings(pinned)
        for reason in pinnedBuilder.pins { tally.pinned[reason, default: 0] += 1 }
        let boundProgram = handle.program(variant.boundSQL)
        let inlinedProgram = handle.program(variant.inlinedSQL)
        switch (boundProgram, inlinedProgram) {
        case (.success(let bound), .success(let inlined)):
            tally.programsCompared += 1
            let same = bound == inlined
            #expect(same, "\(name): the programs differ (pinned: \(pinnedBuilder.pins.map(\.rawValue)))\n\(variant.report)\n\(firstDifference(bound, inlined))")
        case (.failure(let bound), .failure(let inlined)):
            #expect(bound == inlined, "\(name): the statement fails to prepare differently\n\(variant.report)\nbound: \(bound.message)\ninlined: \(inlined.message)")
        default:
            Issue.record("\(name): one rendering prepares and the other does not\n\(variant.report)\nbound: \(boundProgram)\ninlined: \(inlinedProgram)")
        }
    }

    @Test("random expressions: SELECT e… FROM t WHERE c", arguments: renderingPropertySeeds)
    func expressions(seed: UInt64) throws {
        let handle = try fixtureHandle()
        var tally = Tally()
        for index in 0..<Self.casesPerSeed {
            try Self.check({ $0.expressionCase() }, seed: seed, index: index, handle: handle, tally: &tally)
        }
        #expect(tally.programsCompared > Self.casesPerSeed * 3 / 4, "most cases must compile, to compare their programs: \(tally)")
        print("seed 0x\(String(seed, radix: 16)): \(tally)")
    }

    @Test("random SELECT, UPDATE, DELETE and INSERT statements", arguments: renderingPropertySeeds)
    func statements(seed: UInt64) throws {
        let handle = try fixtureHandle()
        var tally = Tally()
        for index in 0..<Self.casesPerSeed {
            try Self.check({ $0.statement() }, seed: seed, index: index, handle: handle, tally: &tally)
        }
        #expect(tally.programsCompared > Self.casesPerSeed * 3 / 4, "most cases must compile, to compare their programs: \(tally)")
        print("seed 0x\(String(seed, radix: 16)): \(tally)")
    }
}

@Suite("Rendering properties: values round-trip")
struct ValueRoundTripTests {
    /// Random values per seed, after the fixed ones (every special integer, real, text piece and blob).
    static let samplesPerSeed = 1_000
    /// Random doubles per seed besides (any bit pattern, and decimals of a few digits), where printing is hardest.
    static let realsPerSeed = 2_000

    /// SQLite 3.15.2's sqlite3AtoF is not correctly rounded: it scales the significand by powers of ten in
    /// long double and rounds twice, so some shortest round-tripping decimals (which Swift prints) read back
    /// one or two ulps away: `SELECT 419.8006760962746` returns 419.80067609627463, one ulp above. Such a mismatch is a
    /// known issue, recognised precisely: Swift reads the printed literal back exactly, SQLite within a few ulps.
    static func isSQLiteMisreading(_ literal: String, of real: Double, as read: FundamentalValue) -> Bool {
        guard case .double(let got) = read, Double(literal) == real, got.sign == real.sign, got.isFinite else { return false }
        let distance = got.bitPattern > real.bitPattern ? got.bitPattern - real.bitPattern : real.bitPattern - got.bitPattern
        return distance <= 4
    }

    @Test("bound as SELECT ?, and as its inlined literal, every value comes back exactly", arguments: renderingPropertySeeds)
    func valuesRoundTrip(seed: UInt64) throws {
        let handle = Handle(path: ":memory:")
        try handle.open()
        var samples: [LiteralSample] = sampleIntegers.map { .integer($0) } + sampleReals.map { .real($0) }
            + samplePieces.map { .text($0) } + [.blob(Data()), .blob(Data([0])), .blob(Data([0x27, 0x3F, 0x00, 0xFF])), .null, .bool(true), .bool(false)]
        var dice = Dice(seed: seed)
        for _ in 0..<Self.samplesPerSeed { samples.append(dice.sample()) }
        for index in 0..<Self.realsPerSeed {
            if index % 2 == 0 {
                var real = Double(bitPattern: dice.bits())
                while real.isNaN { real = Double(bitPattern: dice.bits()) }
                samples.append(.real(real))
            } else {
                let digits = Double(dice.below(2_000_000_001) - 1_000_000_000)
                samples.append(.real(digits / dice.pick([1.0, 10.0, 1e3, 1e6, 1e9, 1e12, 7.0, 1e-300, 1e300])))
            }
        }
        var misread: [String] = []
        for (index, sample) in samples.enumerated() {
            let name = "seed 0x\(String(seed, radix: 16)) sample \(index): \(sample)"
            let select = StatementSelect().select(sample.convertible)
            let renderings = Renderings(select)
            // A value is bound; NULL (and NaN, which is NULL) is the keyword, in both renderings.
            if case .null = sample.stored {
                #expect(renderings.values.isEmpty && renderings.boundSQL == "SELECT NULL", "\(name)\n\(renderings.report)")
            } else {
                #expect(renderings.boundSQL == "SELECT ?" && renderings.values.count == 1
                        && identical(renderings.values[0], sample.stored), "\(name)\n\(renderings.report)")
            }
            let expected = Outcome.rows([[sample.stored]])
            let bound = handle.outcome(renderings.boundSQL, renderings.values)
            #expect(bound.same(as: expected), "\(name): bound as \(renderings.boundSQL) → \(bound)")
            let inlined = handle.outcome(renderings.inlinedSQL)
            if !inlined.same(as: expected) {
                let literal = String(renderings.inlinedSQL.dropFirst("SELECT ".count))
                if case .real(let real) = sample, case .rows(let rows) = inlined, rows.count == 1, rows[0].count == 1,
                   Self.isSQLiteMisreading(literal, of: real, as: rows[0][0]) {
                    misread.append("\(literal) → \(LiteralSample(stored: rows[0][0]))")
                    continue
                }
                Issue.record("\(name): inlined as \(renderings.inlinedSQL) → \(inlined)")
            }
        }
        if !misread.isEmpty {
            withKnownIssue("SQLite \(String(cString: sqlite3_libversion())) reads back some shortest round-tripping double literals a few ulps off (its sqlite3AtoF is not correctly rounded: 3.15.2 often, 3.46 near the smallest normal doubles); a statement that runs inlined (one with bind parameters of the caller's own, a schema DEFAULT or CHECK) stores a different double than the one written") {
                Issue.record("seed 0x\(String(seed, radix: 16)): \(misread.count) of \(samples.count) literals misread, e.g. \(misread.prefix(3).joined(separator: "; "))")
            }
        }
    }
}

/// The grounds of the program comparison, on fixed statements: the normalisation is needed (the raw
/// programs differ) and enough (the normalised ones agree) where only the form of a value changes, and each
/// construct whose values the program variant pins does compile differently with a literal.
@Suite("Rendering properties: the grounds of the program comparison")
struct ProgramComparisonGroundsTests {
    private static func programs(_ statement: Statement, normalised: Bool, on handle: Handle) throws -> (bound: [String], inlined: [String]) {
        let renderings = Renderings(statement)
        return (try handle.program(renderings.boundSQL, normalised: normalised).get(),
                try handle.program(renderings.inlinedSQL, normalised: normalised).get())
    }

    @Test("a value bound or inlined: different programs, the same after normalisation")
    func normalisationIsNeededAndEnough() throws {
        let handle = try fixtureHandle()
        let (id, i, r, s, n) = (Column(named: "id"), Column(named: "i"), Column(named: "r"), Column(named: "s"), Column(named: "n"))
        let statements: [Statement] = [
            StatementSelect().select(id).from("t").where(i == 5 && r == 5),  // index key checks; one load of 5
            StatementSelect().select(id).from("t").where(i > 5 && i < "x"),  // range keys
            StatementSelect().select(id).from("t").where(i.in(1, 2, 3)),
            StatementSelect().select(id).from("t").where(n.in(id, 1, "a")),  // BitAnd over nullable items
            StatementSelect().select(Expression(with: 7).in(StatementSelect().select(Column(named: "k")).from("u"))),  // IN's left operand
            StatementSelect().select(id, -(i + 0) > 0).from("t"),  // the 0 a unary minus subtracts from, reused
            StatementSelect().select(id).from("t").where(n < "a\u{0}b"),  // Blob + Cast
            StatementUpdate().update(table: "t").set(i, to: 5).where(s == "a"),
        ]
        for statement in statements {
            let raw = try Self.programs(statement, normalised: false, on: handle)
            let normalised = try Self.programs(statement, normalised: true, on: handle)
            #expect(raw.bound != raw.inlined, "\(statement)")
            #expect(normalised.bound == normalised.inlined, "\(statement)\n\(firstDifference(normalised.bound, normalised.inlined))")
        }
    }

    @Test("each construct whose values the program variant pins compiles differently with a literal")
    func pinnedConstructsCompileDifferently() throws {
        let handle = try fixtureHandle()
        let (id, i, s) = (Column(named: "id"), Column(named: "i"), Column(named: "s"))
        let cases: [(TreeBuilder.PinReason, Statement)] = [
            (.integerCondition, StatementSelect().select(id).from("t").where(i && 1)),
            (.integerCondition, StatementSelect().select(i && 0).from("t")),
            (.likePattern, StatementSelect().select(id).from("t").where(s.glob("a*"))),
            (.limit, StatementSelect().select(id).from("t").limit(3)),
            (.repeatedGroupTerm, StatementSelect().select(s == "a", Expression.countAll()).from("t").group(by: s == "a")
                .order(by: (s == "a").asOrder(by: .descending))),
            (.nullTest, StatementSelect().select(id).from("t").where(Expression(with: 0).isNull())),
        ]
        for (reason, statement) in cases where reason.appliesToRunningEngine {
            let programs = try Self.programs(statement, normalised: true, on: handle)
            #expect(programs.bound != programs.inlined, "\(reason.rawValue): \(statement)")
        }
    }
}
