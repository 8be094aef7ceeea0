import Synchronization

/// The structure of an expression without its values: its SQL with a `?` where each bound value goes,
/// and how tightly it binds. Every `Row.Properties.id == k` shares one shape, `(id = ?)`, whatever `k`.
///
/// Shapes are immutable and compared by identity: a statement cache keyed by a shape finds the prepared
/// statement of `id == k` without printing or comparing any SQL. So that the same shape object comes back
/// call after call, a shape remembers the shapes derived from it: `(self op ?)` for each comparison
/// operator, and `(self op other)` for another *shared* shape (one that lives as long as the program's
/// own expressions do: a generated model property's, a literal's, or one derived from shared shapes).
/// Shapes built afresh per call (`Column(named: "id")`) derive new shapes each time and are not
/// remembered by others, so the memory of a shape stays bounded by the expressions a program writes.
@usableFromInline
final class ExpressionShape: Sendable {
    /// The SQL as executed: `?` at each offset of `bindOffsets`.
    let sql: String
    /// UTF-8 offsets in `sql` of the `?` that stand for bound values, in text order.
    let bindOffsets: [Int]
    let level: Expression.Level
    /// A bare literal: allowed as a column DEFAULT without parentheses.
    let isLiteral: Bool
    /// The text holds bind parameters of the caller's own (`?`, `?NNN`, `:name`…), which the caller
    /// numbers: nothing of this expression is bound for them, it runs as `description` prints.
    @usableFromInline let hasOwnParameters: Bool
    /// Whether this shape is reused across calls, so that other shapes may remember it (see above).
    let isShared: Bool
    /// The bare literal NULL (comparing with it means IS NULL / IS NOT NULL).
    let isNullLiteral: Bool
    /// `(self op ?)` for the six comparison operators, found with one atomic load (the row-by-row
    /// verbs' `id == k`); other derivations live in `derived`.
    private let comparisons = ComparisonShapes()
    /// Shapes derived from this one, by operator and right-hand shape (nil: a bound value).
    private let derived = Mutex<[Derivation]>([])

    private struct Derivation {
        let op: String
        let right: ExpressionShape?
        let shape: ExpressionShape
    }

    init(sql: String, bindOffsets: [Int] = [], level: Expression.Level, isLiteral: Bool = false,
         hasOwnParameters: Bool, isShared: Bool = false) {
        self.sql = sql
        self.bindOffsets = bindOffsets
        self.level = level
        self.isLiteral = isLiteral
        self.hasOwnParameters = hasOwnParameters
        self.isShared = isShared
        self.isNullLiteral = isLiteral && bindOffsets.isEmpty && sql == "NULL"
    }

    /// `(self op ?)`: a comparison of this expression (which has no values of its own and binds tightly
    /// enough) with one bound value. The same object for every call with the same `op`.
    func comparedWithValue(_ op: String) -> ExpressionShape {
        guard let slot = ComparisonShapes.slot(of: op) else { return remembered(op, right: nil) { comparison(op) } }
        return comparisons.shape(at: slot) { comparison(op) }
    }

    /// `(self op ?)` for a comparison operator known at compile time.
    func compared(_ op: ComparisonOperator) -> ExpressionShape {
        comparisons.shape(at: op.rawValue) { comparison(op.sql) }
    }

    private func comparison(_ op: String) -> ExpressionShape {
        var text = "("
        text += sql
        text += " "
        text += op
        let offset = text.utf8.count + 1
        text += " ?)"
        return ExpressionShape(sql: text, bindOffsets: [offset], level: .primary, hasOwnParameters: false,
                               isShared: isShared)
    }

    /// `(self op right)` for logic and comparisons whose operands keep their values bound. Remembered
    /// when both sides are shared, so `a == x && b == y` is one shape for every x and y.
    func combined(_ op: String, with right: ExpressionShape) -> ExpressionShape {
        let build = { ExpressionShape.binary(self, op, right) }
        guard isShared, right.isShared else { return build() }
        return remembered(op, right: right, build)
    }

    private func remembered(_ op: String, right: ExpressionShape?, _ build: () -> ExpressionShape) -> ExpressionShape {
        if let found = derived.withLock({ $0.first { $0.right === right && $0.op == op }?.shape }) { return found }
        let shape = build()
        return derived.withLock { list in
            // Another thread may have derived it meanwhile: keep one.
            if let found = list.first(where: { $0.right === right && $0.op == op }) { return found.shape }
            list.append(Derivation(op: op, right: right, shape: shape))
            return shape
        }
    }

    /// `(left op right)`, both operands' bound values kept bound.
    private static func binary(_ left: ExpressionShape, _ op: String, _ right: ExpressionShape) -> ExpressionShape {
        var composer = ShapeComposer()
        composer.append("(")
        composer.append(binding: left, atMost: .unary)
        composer.append(" " + op + " ")
        composer.append(binding: right, atMost: .unary)
        composer.append(")")
        return composer.build(level: .primary, isShared: left.isShared && right.isShared)
    }

    /// The `?` of a bare bound literal, by level.
    static let boundLiteral = ExpressionShape(sql: "?", bindOffsets: [0], level: .primary, isLiteral: true,
                                              hasOwnParameters: false, isShared: true)
    static let boundNegativeLiteral = ExpressionShape(sql: "?", bindOffsets: [0], level: .unary, isLiteral: true,
                                                      hasOwnParameters: false, isShared: true)
}

/// The six comparisons of a shape with a bound value, each derived once and read with one atomic load.
///
/// Each slot holds a retained pointer to its shape, set once by a compare-and-exchange (a racing thread
/// drops its own copy) and released with the owner. Plain atomics of pointers, because the generic
/// `AtomicLazyReference` looked its `Unmanaged` metadata up at run time on every load here.
private struct ComparisonShapes: ~Copyable, Sendable {
    // The bit patterns of retained `ExpressionShape` pointers, 0 while unset.
    private let equal = Atomic<Int>(0)
    private let notEqual = Atomic<Int>(0)
    private let less = Atomic<Int>(0)
    private let lessOrEqual = Atomic<Int>(0)
    private let greater = Atomic<Int>(0)
    private let greaterOrEqual = Atomic<Int>(0)

    /// The slot of a comparison operator, or nil for another operator.
    static func slot(of op: String) -> Int? {
        switch op {
        case "=": return 0
        case "!=": return 1
        case "<": return 2
        case "<=": return 3
        case ">": return 4
        case ">=": return 5
        default: return nil
        }
    }

    /// The shape in `slot`, built by `make` the first time.
    func shape(at slot: Int, _ make: () -> ExpressionShape) -> ExpressionShape {
        switch slot {
        case 0: return Self.shape(in: equal, make)
        case 1: return Self.shape(in: notEqual, make)
        case 2: return Self.shape(in: less, make)
        case 3: return Self.shape(in: lessOrEqual, make)
        case 4: return Self.shape(in: greater, make)
        default: return Self.shape(in: greaterOrEqual, make)
        }
    }

    private static func shape(in slot: borrowing Atomic<Int>, _ make: () -> ExpressionShape) -> ExpressionShape {
        if let pointer = UnsafeRawPointer(bitPattern: slot.load(ordering: .acquiring)) {
            return Unmanaged<ExpressionShape>.fromOpaque(pointer).takeUnretainedValue()
        }
        let made = Unmanaged.passRetained(make())
        let (exchanged, original) = slot.compareExchange(expected: 0, desired: Int(bitPattern: made.toOpaque()),
                                                         ordering: .acquiringAndReleasing)
        if exchanged { return made.takeUnretainedValue() }
        made.release()
        return Unmanaged<ExpressionShape>.fromOpaque(UnsafeRawPointer(bitPattern: original)!).takeUnretainedValue()
    }

    deinit {
        for slot in [equal.load(ordering: .acquiring), notEqual.load(ordering: .acquiring), less.load(ordering: .acquiring),
                     lessOrEqual.load(ordering: .acquiring), greater.load(ordering: .acquiring),
                     greaterOrEqual.load(ordering: .acquiring)] {
            if let pointer = UnsafeRawPointer(bitPattern: slot) { Unmanaged<ExpressionShape>.fromOpaque(pointer).release() }
        }
    }
}

/// Puts a shape's text and its bound-value offsets together from operands: the one place where the
/// offsets of an operand's `?` are shifted into the composite's text.
struct ShapeComposer {
    private var sql = ""
    private var offsets: [Int] = []
    private var hasOwnParameters = false

    /// Appends SQL text written by WINQ itself (operators, keywords, quoted names).
    mutating func append(_ text: String) { sql += text }

    /// Appends an operand whose bound values stay bound (comparisons, logic, IN, LIKE, BETWEEN…).
    mutating func append(binding operand: ExpressionShape, atMost level: Expression.Level) {
        hasOwnParameters = hasOwnParameters || operand.hasOwnParameters
        let parenthesised = operand.level.rawValue > level.rawValue
        if parenthesised { sql += "(" }
        if !operand.bindOffsets.isEmpty {
            let base = sql.utf8.count
            for offset in operand.bindOffsets { offsets.append(base + offset) }
        }
        sql += operand.sql
        if parenthesised { sql += ")" }
    }

    /// Appends text that holds values printed in, or another statement (a subquery): its own
    /// parameters, if any, make the whole expression run as printed.
    mutating func append(printed text: String) {
        hasOwnParameters = hasOwnParameters || BoundValue.mayHoldParameters(text)
        sql += text
    }

    /// Appends text that is known to hold no bind parameters but may carry the caller's own (`hasOwn`).
    mutating func append(inlined text: String, hasOwnParameters hasOwn: Bool) {
        hasOwnParameters = hasOwnParameters || hasOwn
        sql += text
    }

    func build(level: Expression.Level, isShared: Bool = false) -> ExpressionShape {
        ExpressionShape(sql: sql, bindOffsets: offsets, level: level, hasOwnParameters: hasOwnParameters, isShared: isShared)
    }
}
