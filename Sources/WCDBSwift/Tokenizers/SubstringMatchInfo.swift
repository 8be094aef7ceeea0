import CSQLCipher

/// WCDB 2.x's FTS5 auxiliary function `substring_match_info(table, column, separators)`, ported from its
/// C++ (`src/common/core/fts/auxfunction/SubstringMatchInfo.cpp`), installed on every connection of an
/// engine with FTS5 beside the tokenizers.
///
/// A column holds several values joined with separators of several levels (`"张三;广州,上海;12345"`,
/// separators `";,"`); the function locates the value that holds all of the query's phrases and returns
/// its place and its text: the number of separators of each level before it (`"1,0"`), the first
/// separator, then the value with each matched part set off by the first separator and followed by its
/// byte offset in the value (`"1,0;广;州;3;"` for `州`). A row whose phrases are only found in different
/// values returns an empty value. The separators are single bytes, and must be tokens of the table's
/// tokenizer (`wcdb need_symbol`) to be seen.
enum SubstringMatchInfo {
    /// The function's name, as SQL calls it.
    static let name = "substring_match_info"

    /// Adds the function to the connection's FTS5. Returns false when FTS5 refuses it.
    static func install(on api: UnsafeMutablePointer<fts5_api>) -> Bool {
        guard let create = api.pointee.xCreateFunction else { return false }
        return create(api, name, nil, function, nil) == SQLITE_OK
    }

    private static let function: fts5_extension_function = { api, fts, context, count, values in
        guard let api, let context else { return }
        guard count == 2, let values, let separatorText = sqlite3_value_text(values[1]), sqlite3_value_bytes(values[1]) > 0 else {
            sqlite3_result_error(context, "\(name) takes the column's index and its separators: \(name)(table, 0, ';,')", -1)
            return
        }
        let separators = Array(UnsafeBufferPointer(start: separatorText, count: Int(sqlite3_value_bytes(values[1]))))
        let search = Search(api: api, fts: fts, column: sqlite3_value_int(values[0]), separators: separators)
        switch search.run() {
        case .text(let bytes):
            bytes.withUnsafeBufferPointer { buffer in
                let text = UnsafeRawPointer(buffer.baseAddress)?.assumingMemoryBound(to: CChar.self)
                sqlite3_result_text(context, text, Int32(buffer.count), unsafeBitCast(-1, to: sqlite3_destructor_type.self))
            }
        case .null:
            sqlite3_result_null(context)
        case .error(let code):
            sqlite3_result_error(context, "parse match info fail", -1)
            sqlite3_result_error_code(context, code)
        }
    }
}

/// One row's run of `substring_match_info`: 2.x's `SubstringMatchInfo::process` and its token callback.
private final class Search {
    enum Result {
        case text([UInt8])
        case null
        case error(Int32)
    }

    /// The column's matches (`xInst`), grouped: one group is the phrases whose tokens overlap, read as one
    /// span of token positions (2.x's `PhaseInstIter`).
    struct Matches {
        var start: Int32 = -1
        var end: Int32 = -1
        var index: Int32 = 0
        var count: Int32 = 0
        var phrases: [Int32] = []
    }

    let api: UnsafePointer<Fts5ExtensionApi>
    let fts: OpaquePointer?
    let column: Int32
    let separators: [UInt8]
    var input = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
    var matches = Matches()
    /// Which phrases the value being read has matched, and how many of them; how many the column matches.
    var phraseMatched: [Bool] = []
    var valueMatchCount = 0
    var columnMatchCount = 0
    /// Separators of each level before the value being read.
    var matchIndex: [Int]
    var tokenPosition: Int32 = 0
    var bytePosition = 0
    var valueStart = 0
    /// The value's pieces: byte ranges of the input, with their offset in the value when matched (else -1).
    var output: [(range: Range<Int>, offset: Int)] = []

    init(api: UnsafePointer<Fts5ExtensionApi>, fts: OpaquePointer?, column: Int32, separators: [UInt8]) {
        self.api = api
        self.fts = fts
        self.column = column
        self.separators = separators
        matchIndex = Array(repeating: 0, count: separators.count)
    }

    func run() -> Result {
        var text: UnsafePointer<CChar>?
        var length: Int32 = 0
        var rc = api.pointee.xColumnText?(fts, column, &text, &length) ?? SQLITE_MISUSE
        guard rc == SQLITE_OK else { return .error(rc) }
        guard let text, length > 0 else { return .null }
        input = UnsafeBufferPointer(start: UnsafeRawPointer(text).assumingMemoryBound(to: UInt8.self), count: Int(length))
        phraseMatched = Array(repeating: false, count: Int(api.pointee.xPhraseCount?(fts) ?? 0))
        rc = api.pointee.xInstCount?(fts, &matches.count) ?? SQLITE_MISUSE
        if rc == SQLITE_OK {
            // How many phrases the column matches at all.
            rc = nextMatches()
            while rc == SQLITE_OK {
                for phrase in matches.phrases where !phraseMatched[Int(phrase)] {
                    phraseMatched[Int(phrase)] = true
                    columnMatchCount += 1
                }
                if matches.index >= matches.count { break }
                rc = nextMatches()
            }
            matches.index = 0
            rc = nextMatches()
        }
        resetStatus(fromLevel: 0)
        if rc == SQLITE_OK {
            rc = api.pointee.xTokenize?(fts, text, length, Unmanaged.passUnretained(self).toOpaque(), tokenCallback) ?? SQLITE_MISUSE
        }
        if bytePosition < input.count {
            // The rest of the value the reading stopped in.
            let end = input[bytePosition...].firstIndex(where: separators.contains) ?? input.count
            output.append((bytePosition..<end, -1))
        }
        guard rc == SQLITE_OK || rc == SQLITE_DONE else { return .error(rc) }
        return valueMatchCount >= columnMatchCount ? .text(rendered()) : .null
    }

    /// Forgets the value being read from separator level `level` down: a separator of that level starts a new value.
    func resetStatus(fromLevel level: Int) {
        for index in phraseMatched.indices { phraseMatched[index] = false }
        valueMatchCount = 0
        for index in matchIndex.indices where index >= level { matchIndex[index] = 0 }
        output.removeAll()
        valueStart = bytePosition
    }

    func token(flags: Int32, first: UInt8?, start: Int, end: Int) -> Int32 {
        guard flags == 0 else { return SQLITE_OK }  // an alternative at the same position
        let position = tokenPosition
        tokenPosition += 1
        var rc = SQLITE_OK
        if let first, let level = separators.firstIndex(of: first) {
            if valueMatchCount >= columnMatchCount {
                output.append((bytePosition..<max(start, bytePosition), -1))
                bytePosition = start
                return SQLITE_DONE
            }
            matchIndex[level] += 1
            bytePosition = end
            resetStatus(fromLevel: level + 1)
        } else if position == matches.start {
            if start > bytePosition { output.append((bytePosition..<start, -1)) }
            bytePosition = start
        }
        if position == matches.end {
            output.append((bytePosition..<max(end, bytePosition), bytePosition - valueStart))
            bytePosition = end
            for phrase in matches.phrases where !phraseMatched[Int(phrase)] {
                phraseMatched[Int(phrase)] = true
                valueMatchCount += 1
            }
            rc = matches.index < matches.count && valueMatchCount < columnMatchCount ? nextMatches() : SQLITE_DONE
        }
        return rc
    }

    /// Moves `matches` to the next group of overlapping phrase matches in the column.
    func nextMatches() -> Int32 {
        matches.start = -1
        matches.end = -1
        matches.phrases.removeAll()
        var rc = SQLITE_OK
        while rc == SQLITE_OK && matches.index < matches.count {
            var phrase: Int32 = 0
            var matchColumn: Int32 = 0
            var offset: Int32 = 0
            rc = api.pointee.xInst?(fts, matches.index, &phrase, &matchColumn, &offset) ?? SQLITE_MISUSE
            guard rc == SQLITE_OK else { break }
            if matchColumn == column {
                let last = offset - 1 + (api.pointee.xPhraseSize?(fts, phrase) ?? 1)
                if matches.end < 0 {
                    matches.phrases.append(phrase)
                    matches.start = offset
                    matches.end = last
                } else if offset <= matches.end {
                    matches.phrases.append(phrase)
                    matches.end = max(matches.end, last)
                } else {
                    break
                }
            }
            matches.index += 1
        }
        return rc
    }

    /// 2.x's output: the separator counts, the first separator, then the value's pieces.
    func rendered() -> [UInt8] {
        let separator = separators[0]
        var bytes = Array(matchIndex.map(String.init).joined(separator: ",").utf8)
        bytes.append(separator)
        for piece in output {
            let text = input[piece.range.clamped(to: 0..<input.count)]
            if piece.offset >= 0 {
                bytes.append(separator)
                bytes += text
                bytes.append(separator)
                bytes += String(piece.offset).utf8
                bytes.append(separator)
            } else {
                bytes += text
            }
        }
        return bytes
    }
}

private let tokenCallback: @convention(c) (UnsafeMutableRawPointer?, Int32, UnsafePointer<CChar>?, Int32, Int32, Int32) -> Int32 = { context, flags, token, length, start, end in
    guard let context else { return SQLITE_MISUSE }
    let search = Unmanaged<Search>.fromOpaque(context).takeUnretainedValue()
    let first = length > 0 ? token.map { UInt8(bitPattern: $0[0]) } : nil
    return search.token(flags: flags, first: first, start: Int(start), end: Int(end))
}
