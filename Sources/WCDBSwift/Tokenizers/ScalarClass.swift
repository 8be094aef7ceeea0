/// What the WCDB tokenizer does with one Unicode scalar.
enum ScalarClass: UInt8 {
    /// Cc Cf Co Cs Cn Z* M* (and P* S* without need_symbol): dropped, ends a word.
    case separator
    /// A letter or digit outside the CJK scripts: part of a word.
    case word
    /// Han, Hiragana or Katakana: one character per token, plus adjacent pairs.
    case cjk
    /// P* or S* (emoji included): a token of its own with need_symbol, else a separator.
    case symbol

    /// ASCII in one table lookup; the rest by script ranges and the general category.
    @inline(__always)
    static func of(_ scalar: UInt32) -> ScalarClass {
        if scalar < 0x80 { return asciiTable[Int(scalar)] }
        if isCJK(scalar) { return .cjk }
        if scalar >= 0xFF10 && scalar <= 0xFF5A, FullWidth.asciiEquivalent(scalar) != nil { return .word }
        guard let unicodeScalar = Unicode.Scalar(scalar) else { return .separator }
        switch unicodeScalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
             .decimalNumber, .letterNumber, .otherNumber:
            return .word
        case .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation, .initialPunctuation,
             .finalPunctuation, .otherPunctuation, .mathSymbol, .currencySymbol, .modifierSymbol, .otherSymbol:
            return .symbol
        default:
            return .separator
        }
    }

    /// Han (with 々 〆 〇), Hiragana, Katakana (with the prolonged sound mark and half-width forms).
    @inline(__always)
    static func isCJK(_ scalar: UInt32) -> Bool {
        switch scalar {
        case 0x3005...0x3007, 0x3040...0x309F, 0x30A0...0x30FF, 0x31F0...0x31FF, 0x3400...0x4DBF,
             0x4E00...0x9FFF, 0xF900...0xFAFF, 0xFF66...0xFF9D, 0x20000...0x3134F:
            return true
        default:
            return false
        }
    }

    private static let asciiTable: [ScalarClass] = (0..<128).map { value -> ScalarClass in
        switch UInt8(value) {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"):
            return .word
        case 0x21...0x2F, 0x3A...0x40, 0x5B...0x60, 0x7B...0x7E:
            return .symbol
        default:
            return .separator
        }
    }
}

/// Full-width Latin letters and digits (ＡＢＣ１２３) fold to their ASCII forms, as NFKC would.
enum FullWidth {
    @inline(__always)
    static func asciiEquivalent(_ scalar: UInt32) -> UInt8? {
        switch scalar {
        case 0xFF10...0xFF19, 0xFF21...0xFF3A, 0xFF41...0xFF5A: return UInt8(scalar - 0xFF00 + 0x20)
        default: return nil
        }
    }
}

/// Latin-1 letters without their accents and in lower case (É → e, ß stays), as unicode61's
/// remove_diacritics does, so "cafe" finds "café".
enum LatinFolding {
    /// Index: scalar - 0xC0, for U+00C0 … U+00FF; 0 means "no ASCII base letter".
    static let table: [UInt8] = Array("aaaaaaaceeeeiiiidnooooo\0ouuuuy\0\0aaaaaaaceeeeiiiidnooooo\0ouuuuy\0y".utf8)
        .map { $0 == UInt8(ascii: "\0") ? 0 : $0 }

    @inline(__always)
    static func base(_ scalar: UInt32) -> UInt8? {
        guard scalar >= 0xC0 && scalar <= 0xFF else { return nil }
        let folded = table[Int(scalar - 0xC0)]
        return folded == 0 ? nil : folded
    }
}
