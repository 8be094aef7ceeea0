import Synchronization

/// One node of an expression's syntax tree: what it is (`kind`, whose operands are child nodes), how
/// tightly it binds, and nothing printed. Values compared with are not in the tree: a `.value` leaf
/// is a slot, and the values travel beside the tree, in `Expression.boundValues`, in text order.
///
/// Nodes are immutable and compared by identity: a statement cache keyed by a node finds the prepared
/// statement of `id == k` without printing or comparing any SQL. So that the same node comes back call
/// after call, a node remembers the nodes derived from it: `(self op ?)` for each comparison operator,
/// and `(self op other)` for another *shared* node (one that lives as long as the program's own
/// expressions do: a generated model property's, or one derived from shared nodes). Nodes built afresh
/// per call (`Column(named: "id")`) derive new nodes each time and are not remembered by others, so the
/// memory of a node stays bounded by the expressions a program writes.
@usableFromInline
final class ExpressionNode: Sendable {
    enum Kind: Sendable {
        /// A slot for the next bound value (a compared value; a bare literal).
        case value
        /// A literal printed into the SQL: a keyword (NULL, CURRENT_TIME…), a value of arithmetic or of a
        /// function call (part of the expression's shape), or `Expression(inlining:)`.
        case literal(LiteralValue)
        /// A column, with its table and schema when qualified.
        case column(ColumnName)
        /// A bind parameter the caller writes and binds (`?`, `?NNN`, `:name`).
        case parameter(String)
        /// `(op operand)`: `NOT `, `-`, `+`, `~`.
        case unary(String, ExpressionNode)
        /// `(left op right)`.
        case binary(String, ExpressionNode, ExpressionNode)
        /// `operand IS NULL` / `operand IS NOT NULL`.
        case postfix(ExpressionNode, String)
        /// `operand [NOT] BETWEEN low AND high`.
        case between(ExpressionNode, not: Bool, ExpressionNode, ExpressionNode)
        /// `operand [NOT] IN (items…)`.
        case inList(ExpressionNode, not: Bool, [ExpressionNode])
        /// `operand [NOT] IN (SELECT …)`.
        case inSelect(ExpressionNode, not: Bool, SelectNode)
        /// `operand [NOT] IN table`.
        case inTable(ExpressionNode, not: Bool, TableName)
        /// `operand OP pattern [ESCAPE escape]` for LIKE, GLOB, MATCH, REGEXP and their NOT forms.
        case pattern(ExpressionNode, String, ExpressionNode, escape: ExpressionNode?)
        /// `operand IS [NOT] other`.
        case `is`(ExpressionNode, not: Bool, ExpressionNode)
        /// `operand COLLATE name`.
        case collate(ExpressionNode, String)
        /// `name([DISTINCT] arguments…)`; a built-in's name is printed bare, any other quoted if needed.
        case function(String, isBuiltin: Bool, distinct: Bool, [ExpressionNode])
        /// `CAST(operand AS type)`.
        case cast(ExpressionNode, ColumnType)
        /// `CASE [base] WHEN … THEN … [ELSE …] END`.
        case caseWhen(base: ExpressionNode?, [(when: ExpressionNode, then: ExpressionNode?)], else: ExpressionNode?)
        /// `EXISTS (SELECT …)`, or `(NOT EXISTS (SELECT …))`.
        case exists(SelectNode, not: Bool)
        /// A scalar subquery `(SELECT …)`.
        case subquery(SelectNode)
        /// `RAISE(IGNORE)` / `RAISE(action, 'message')`.
        case raise(RaiseAction, String)
        /// `function OVER (window)` or `function OVER name`: a window function.
        case over(ExpressionNode, WindowDef)
        /// `aggregate FILTER (WHERE condition)`.
        case filter(ExpressionNode, ExpressionNode)
        /// `operand [NOT] IN [schema.]function(arguments…)`: membership in a table-valued function's rows.
        case inFunction(ExpressionNode, not: Bool, TableName, [ExpressionNode])
        /// `(item, …)`: a row value of several items, or one parenthesised expression.
        case row([ExpressionNode])
    }

    let kind: Kind
    let level: Expression.Level
    /// A bare literal (a `.value` slot or a `.literal`): allowed as a column DEFAULT without parentheses.
    let isLiteral: Bool
    /// The tree holds bind parameters of the caller's own, which the caller numbers: nothing of a
    /// statement holding it is bound for them, it runs as `description` prints.
    @usableFromInline let hasCallerParameters: Bool
    /// The `.value` slots of the tree: how many values an expression of this node carries.
    let valueCount: Int
    /// Whether this node is reused across calls, so that other nodes may remember it (see above).
    let isShared: Bool
    /// The bare literal NULL (comparing with it means IS NULL / IS NOT NULL).
    let isNullLiteral: Bool
    /// A `.value` slot: a bare bound value (read on the row-by-row paths without copying `kind`).
    @usableFromInline let isValueSlot: Bool
    /// `(self op ?)` for the six comparison operators, found with one atomic load (the row-by-row
    /// verbs' `id == k`); other derivations live in `derived`.
    private let comparisons = ComparisonNodes()
    /// Nodes derived from this one, by operator and right-hand node (nil: a bound value).
    private let derived = Mutex<[Derivation]>([])

    private struct Derivation {
        let op: String
        let right: ExpressionNode?
        let node: ExpressionNode
    }

    init(_ kind: Kind, level: Expression.Level = .primary, isShared: Bool = false) {
        self.kind = kind
        // An operation prints bare, as WCDB 2.x prints it (`a > 1`, `NOT a`), so as the operand of
        // another it binds loosely and is parenthesised: `(a > 1) AND (b < 2)`.
        switch kind {
        case .unary, .binary, .exists(_, not: true): self.level = .compound
        default: self.level = level
        }
        self.isShared = isShared
        var values = 0
        var parameters = false
        switch kind {
        case .value:
            values = 1
        case .parameter:
            parameters = true
        default:
            kind.forEachChild { child in
                values += child.valueCount
                parameters = parameters || child.hasCallerParameters
            }
            kind.forEachStatement { parameters = parameters || $0.hasCallerParameters }
        }
        valueCount = values
        hasCallerParameters = parameters
        switch kind {
        case .value:
            isLiteral = true
            isNullLiteral = false
            isValueSlot = true
        case .literal(let literal):
            isLiteral = true
            isNullLiteral = literal.isNull
            isValueSlot = false
        default:
            isLiteral = false
            isNullLiteral = false
            isValueSlot = false
        }
    }

    /// The slot of a bare bound value, by level.
    static let value = ExpressionNode(.value, isShared: true)
    static let negativeValue = ExpressionNode(.value, level: .unary, isShared: true)

    /// The column a node is, when it is a bare column.
    var column: ColumnName? {
        if case .column(let column) = kind { return column }
        return nil
    }

    // MARK: Derived nodes

    /// `(self op ?)`: a comparison of this expression (which has no values of its own and binds tightly
    /// enough) with one bound value. The same object for every call with the same `op`.
    func comparedWithValue(_ op: String) -> ExpressionNode {
        guard let comparison = ComparisonOperator(sql: op) else {
            return remembered(op, right: nil) { ExpressionNode(.binary(op, self, .value), isShared: isShared) }
        }
        return compared(comparison)
    }

    /// `(self op ?)` for a comparison operator known at compile time.
    func compared(_ op: ComparisonOperator) -> ExpressionNode {
        // Made once: every later call only loads it (no closure context, no retain of `self` around it).
        if let made = comparisons.existing(at: op.rawValue) { return made }
        return comparisons.node(at: op.rawValue) { ExpressionNode(.binary(op.sql, self, .value), isShared: isShared) }
    }

    /// `(self op right)` for logic and comparisons whose operands keep their values bound. Remembered
    /// when both sides are shared, so `a == x && b == y` is one node for every x and y.
    func combined(_ op: String, with right: ExpressionNode) -> ExpressionNode {
        let shared = isShared && right.isShared
        let build = { ExpressionNode(.binary(op, self, right), isShared: shared) }
        guard shared else { return build() }
        return remembered(op, right: right, build)
    }

    private func remembered(_ op: String, right: ExpressionNode?, _ build: () -> ExpressionNode) -> ExpressionNode {
        if let found = derived.withLock({ $0.first { $0.right === right && $0.op == op }?.node }) { return found }
        let node = build()
        return derived.withLock { list in
            // Another thread may have derived it meanwhile: keep one.
            if let found = list.first(where: { $0.right === right && $0.op == op }) { return found.node }
            list.append(Derivation(op: op, right: right, node: node))
            return node
        }
    }

    /// The tree's SQL with `?` in each value slot: the same text for every expression of this shape.
    var shapeSQL: String {
        var renderer = SQLRenderer(mode: .shape)
        render(into: &renderer)
        return renderer.sql
    }

    // MARK: Walking

    /// This tree with each `.value` slot replaced by a literal of the matching value (in text order):
    /// for operands whose values are part of the expression's shape (arithmetic, function arguments).
    func inlining(_ values: BoundValues) -> ExpressionNode {
        guard valueCount > 0 else { return self }
        var index = 0
        return substitutingValues { () -> LiteralValue in
            defer { index += 1 }
            return LiteralValue(values[index])
        }
    }

    private func substitutingValues(_ next: () -> LiteralValue) -> ExpressionNode {
        if case .value = kind { return ExpressionNode(.literal(next()), level: level) }
        guard valueCount > 0 else { return self }
        return ExpressionNode(kind.mappingChildren { $0.substitutingValues(next) }, level: level)
    }

    /// This tree with `transform` applied bottom-up to every node (a rewriter's pass over columns,
    /// tables of IN, subqueries…); unchanged subtrees are shared, not copied.
    func transformed(_ transform: (ExpressionNode) -> ExpressionNode?) -> ExpressionNode {
        var changed = false
        let kind = self.kind.mappingChildren { child in
            let mapped = child.transformed(transform)
            if mapped !== child { changed = true }
            return mapped
        }
        let node = changed ? ExpressionNode(kind, level: level) : self
        return transform(node) ?? node
    }
}

extension ExpressionNode.Kind {
    /// Calls `body` with each child node, in text order.
    func forEachChild(_ body: (ExpressionNode) -> Void) {
        _ = mappingChildren { body($0); return $0 }
    }

    /// Calls `body` with each statement held inside the expression (subqueries).
    func forEachStatement(_ body: (SelectNode) -> Void) {
        switch self {
        case .inSelect(_, _, let select), .exists(let select, _), .subquery(let select): body(select)
        default: break
        }
    }

    /// The same kind with each child node replaced by `map`'s result, children visited in text order.
    func mappingChildren(_ map: (ExpressionNode) -> ExpressionNode) -> ExpressionNode.Kind {
        switch self {
        case .value, .literal, .column, .parameter, .raise, .exists, .subquery: return self
        case .unary(let op, let operand): return .unary(op, map(operand))
        case .binary(let op, let left, let right):
            let left = map(left)
            return .binary(op, left, map(right))
        case .postfix(let operand, let rest): return .postfix(map(operand), rest)
        case .between(let operand, let not, let low, let high):
            let operand = map(operand)
            let low = map(low)
            return .between(operand, not: not, low, map(high))
        case .inList(let operand, let not, let items):
            let operand = map(operand)
            return .inList(operand, not: not, items.map(map))
        case .inSelect(let operand, let not, let select): return .inSelect(map(operand), not: not, select)
        case .inTable(let operand, let not, let table): return .inTable(map(operand), not: not, table)
        case .pattern(let operand, let op, let pattern, let escape):
            let operand = map(operand)
            let pattern = map(pattern)
            return .pattern(operand, op, pattern, escape: escape.map(map))
        case .is(let operand, let not, let other):
            let operand = map(operand)
            return .is(operand, not: not, map(other))
        case .collate(let operand, let name): return .collate(map(operand), name)
        case .function(let name, let isBuiltin, let distinct, let arguments):
            return .function(name, isBuiltin: isBuiltin, distinct: distinct, arguments.map(map))
        case .cast(let operand, let type): return .cast(map(operand), type)
        case .caseWhen(let base, let pairs, let otherwise):
            let base = base.map(map)
            let pairs = pairs.map { pair -> (when: ExpressionNode, then: ExpressionNode?) in
                let when = map(pair.when)
                return (when, pair.then.map(map))
            }
            return .caseWhen(base: base, pairs, else: otherwise.map(map))
        case .over(let function, let window): return .over(map(function), window)
        case .filter(let aggregate, let condition):
            let aggregate = map(aggregate)
            return .filter(aggregate, map(condition))
        case .inFunction(let operand, let not, let function, let arguments):
            let operand = map(operand)
            return .inFunction(operand, not: not, function, arguments.map(map))
        case .row(let items): return .row(items.map(map))
        }
    }
}

/// The six comparisons of a node with a bound value, each derived once and read with one atomic load.
///
/// Each slot holds a retained pointer to its node, set once by a compare-and-exchange (a racing thread
/// drops its own copy) and released with the owner. Plain atomics of pointers, because the generic
/// `AtomicLazyReference` looked its `Unmanaged` metadata up at run time on every load here.
private struct ComparisonNodes: ~Copyable, Sendable {
    // The bit patterns of retained `ExpressionNode` pointers, 0 while unset.
    private let equal = Atomic<Int>(0)
    private let notEqual = Atomic<Int>(0)
    private let less = Atomic<Int>(0)
    private let lessOrEqual = Atomic<Int>(0)
    private let greater = Atomic<Int>(0)
    private let greaterOrEqual = Atomic<Int>(0)

    /// The node in `slot`, built by `make` the first time.
    func node(at slot: Int, _ make: () -> ExpressionNode) -> ExpressionNode {
        switch slot {
        case 0: return Self.node(in: equal, make)
        case 1: return Self.node(in: notEqual, make)
        case 2: return Self.node(in: less, make)
        case 3: return Self.node(in: lessOrEqual, make)
        case 4: return Self.node(in: greater, make)
        default: return Self.node(in: greaterOrEqual, make)
        }
    }

    /// The node in `slot` if it was made already.
    @inline(__always)
    func existing(at slot: Int) -> ExpressionNode? {
        let bits = switch slot {
        case 0: equal.load(ordering: .acquiring)
        case 1: notEqual.load(ordering: .acquiring)
        case 2: less.load(ordering: .acquiring)
        case 3: lessOrEqual.load(ordering: .acquiring)
        case 4: greater.load(ordering: .acquiring)
        default: greaterOrEqual.load(ordering: .acquiring)
        }
        guard let pointer = UnsafeRawPointer(bitPattern: bits) else { return nil }
        return Unmanaged<ExpressionNode>.fromOpaque(pointer).takeUnretainedValue()
    }

    private static func node(in slot: borrowing Atomic<Int>, _ make: () -> ExpressionNode) -> ExpressionNode {
        if let pointer = UnsafeRawPointer(bitPattern: slot.load(ordering: .acquiring)) {
            return Unmanaged<ExpressionNode>.fromOpaque(pointer).takeUnretainedValue()
        }
        let made = Unmanaged.passRetained(make())
        let (exchanged, original) = slot.compareExchange(expected: 0, desired: Int(bitPattern: made.toOpaque()),
                                                         ordering: .acquiringAndReleasing)
        if exchanged { return made.takeUnretainedValue() }
        made.release()
        return Unmanaged<ExpressionNode>.fromOpaque(UnsafeRawPointer(bitPattern: original)!).takeUnretainedValue()
    }

    deinit {
        for slot in [equal.load(ordering: .acquiring), notEqual.load(ordering: .acquiring), less.load(ordering: .acquiring),
                     lessOrEqual.load(ordering: .acquiring), greater.load(ordering: .acquiring),
                     greaterOrEqual.load(ordering: .acquiring)] {
            if let pointer = UnsafeRawPointer(bitPattern: slot) { Unmanaged<ExpressionNode>.fromOpaque(pointer).release() }
        }
    }
}
