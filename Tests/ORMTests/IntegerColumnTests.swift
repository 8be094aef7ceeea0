import Foundation
import Testing
import WCDBSwift
import WCDBTestSupport

/// Every integer type is one column coding: declared as WCDB declares it, stored as an INTEGER, and read
/// back exactly at its extremes (`UInt` and `UInt64` bit-cast into SQLite's 64 bits), through a real
/// statement, bound directly and through `archivedValue()`.
@Suite struct IntegerColumnTests {
    enum IntegerType: String, CaseIterable, Sendable {
        case int, int8, int16, int32, int64, uint, uint8, uint16, uint32, uint64
    }

    /// WCDB's declaration: `.integer32` for a type whose every value fits a signed 32-bit integer.
    private static func expectedColumnType(_ type: IntegerType) -> ColumnType {
        switch type {
        case .int8, .int16, .int32, .uint8, .uint16: .integer32
        case .int, .int64, .uint, .uint32, .uint64: .integer64
        }
    }

    private func check<T: ColumnCodable & FixedWidthInteger>(_: T.Type, expected: ColumnType, on handle: Handle) throws {
        #expect(T.columnType == expected)
        for value in [T.min, T.max, 0, 1] {
            switch value.archivedValue() {
            case .integer32(let stored): #expect(expected == .integer32 && Int64(stored) == Int64(value))
            case .integer(let stored): #expect(expected == .integer64 && stored == Int64(truncatingIfNeeded: value))
            default: Issue.record("\(T.self) \(value) archived as \(value.archivedValue())")
            }
            let statement = try handle.prepare("SELECT ?, ?, typeof(?1)")
            defer { statement.finalize() }
            value.bindColumn(to: statement, atIndex: 1)
            statement.bind(value.archivedValue(), toIndex: 2)
            #expect(try statement.step())
            #expect(try T.decodeColumn(from: statement, atIndex: 0) == value)
            #expect(T(with: statement.value(atIndex: 1)) == value)
            #expect(statement.value(atIndex: 2).stringValue == "integer")
        }
    }

    @Test(arguments: IntegerType.allCases)
    func storesAndReadsBackItsExtremes(_ type: IntegerType) throws {
        let scratch = ScratchDatabase("integers")
        let expected = Self.expectedColumnType(type)
        try scratch.database.withHandle(forWriting: false) { handle in
            switch type {
            case .int: try check(Int.self, expected: expected, on: handle)
            case .int8: try check(Int8.self, expected: expected, on: handle)
            case .int16: try check(Int16.self, expected: expected, on: handle)
            case .int32: try check(Int32.self, expected: expected, on: handle)
            case .int64: try check(Int64.self, expected: expected, on: handle)
            case .uint: try check(UInt.self, expected: expected, on: handle)
            case .uint8: try check(UInt8.self, expected: expected, on: handle)
            case .uint16: try check(UInt16.self, expected: expected, on: handle)
            case .uint32: try check(UInt32.self, expected: expected, on: handle)
            case .uint64: try check(UInt64.self, expected: expected, on: handle)
            }
        }
    }

    /// Reading narrows by truncation, as WCDB narrows: 300 read as `UInt8` is 44, -1 as `UInt16` 65535.
    @Test func readingANarrowerTypeTruncates() throws {
        let scratch = ScratchDatabase("integers")
        try scratch.database.withHandle(forWriting: false) { handle in
            let statement = try handle.prepare("SELECT 300, -1")
            defer { statement.finalize() }
            #expect(try statement.step())
            #expect(try UInt8.decodeColumn(from: statement, atIndex: 0) == 44)
            #expect(try UInt16.decodeColumn(from: statement, atIndex: 1) == 65535)
            #expect(Int8(with: .integer(300)) == 44)
        }
    }
}
