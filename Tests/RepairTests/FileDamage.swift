import Foundation

/// A test database file damaged in place: bytes overwritten, whole pages zeroed.
protocol FileDamage {
    var path: String { get }
    var pageSize: Int { get }
}

extension FileDamage {
    func overwrite(offset: Int, bytes: [UInt8]) throws {
        let handle = try FileHandle(forUpdating: URL(fileURLWithPath: path))
        defer { try? handle.close() }
        try handle.seek(toOffset: UInt64(offset))
        handle.write(Data(bytes))
    }

    func zero(pages: [Int]) throws {
        for page in pages { try overwrite(offset: (page - 1) * pageSize, bytes: [UInt8](repeating: 0, count: pageSize)) }
    }
}
