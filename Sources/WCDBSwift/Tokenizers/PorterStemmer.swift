/// The Porter stemming algorithm (M. F. Porter, "An algorithm for suffix stripping", Program 14(3),
/// 1980), written from the published description. It works in place on lowercase ASCII letters
/// and never grows the word, so the tokenizer can run it on its reusable word buffer.
struct PorterStemmer {
    private let b: UnsafeMutablePointer<UInt8>
    /// Index of the word's last letter.
    private var k: Int
    /// End of the stem while a suffix is being examined.
    private var j = 0

    /// Stems `word[0..<count]` and returns the new length.
    static func stem(_ word: UnsafeMutablePointer<UInt8>, count: Int) -> Int {
        // The algorithm leaves words of one or two letters alone.
        if count <= 2 { return count }
        var stemmer = PorterStemmer(b: word, k: count - 1)
        stemmer.step1ab()
        if stemmer.k > 0 {
            stemmer.step1c()
            stemmer.step2()
            stemmer.step3()
            stemmer.step4()
            stemmer.step5()
        }
        return stemmer.k + 1
    }

    private init(b: UnsafeMutablePointer<UInt8>, k: Int) {
        self.b = b
        self.k = k
    }

    // MARK: Measures

    private func isConsonant(_ i: Int) -> Bool {
        switch b[i] {
        case UInt8(ascii: "a"), UInt8(ascii: "e"), UInt8(ascii: "i"), UInt8(ascii: "o"), UInt8(ascii: "u"): return false
        case UInt8(ascii: "y"): return i == 0 ? true : !isConsonant(i - 1)
        default: return true
        }
    }

    /// m, the number of vowel-consonant sequences in b[0...j].
    private func measure() -> Int {
        var n = 0
        var i = 0
        while true {
            if i > j { return n }
            if !isConsonant(i) { break }
            i += 1
        }
        i += 1
        while true {
            while true {
                if i > j { return n }
                if isConsonant(i) { break }
                i += 1
            }
            i += 1
            n += 1
            while true {
                if i > j { return n }
                if !isConsonant(i) { break }
                i += 1
            }
            i += 1
        }
    }

    private func stemHasVowel() -> Bool {
        var i = 0
        while i <= j {
            if !isConsonant(i) { return true }
            i += 1
        }
        return false
    }

    private func endsWithDoubleConsonant(_ i: Int) -> Bool {
        i >= 1 && b[i] == b[i - 1] && isConsonant(i)
    }

    /// consonant-vowel-consonant ending at i, the last not w, x or y (hop → hope, but not snow).
    private func endsCVC(_ i: Int) -> Bool {
        if i < 2 || !isConsonant(i) || isConsonant(i - 1) || !isConsonant(i - 2) { return false }
        let last = b[i]
        return last != UInt8(ascii: "w") && last != UInt8(ascii: "x") && last != UInt8(ascii: "y")
    }

    // MARK: Suffix edits

    private mutating func ends(_ suffix: StaticString) -> Bool {
        let length = suffix.utf8CodeUnitCount
        if length > k + 1 { return false }
        let start = k - length + 1
        let bytes = suffix.utf8Start
        for offset in 0..<length where b[start + offset] != bytes[offset] { return false }
        j = k - length
        return true
    }

    private mutating func setTo(_ replacement: StaticString) {
        let length = replacement.utf8CodeUnitCount
        let bytes = replacement.utf8Start
        for offset in 0..<length { b[j + 1 + offset] = bytes[offset] }
        k = j + length
    }

    private mutating func replaceIfMeasured(_ replacement: StaticString) {
        if measure() > 0 { setTo(replacement) }
    }

    // MARK: Steps

    /// Plurals and -ed / -ing.
    private mutating func step1ab() {
        if b[k] == UInt8(ascii: "s") {
            if ends("sses") { k -= 2 }
            else if ends("ies") { setTo("i") }
            else if b[k - 1] != UInt8(ascii: "s") { k -= 1 }
        }
        if ends("eed") {
            if measure() > 0 { k -= 1 }
        } else if (ends("ed") || ends("ing")) && stemHasVowel() {
            k = j
            if ends("at") { setTo("ate") }
            else if ends("bl") { setTo("ble") }
            else if ends("iz") { setTo("ize") }
            else if endsWithDoubleConsonant(k) {
                let last = b[k]
                if last != UInt8(ascii: "l") && last != UInt8(ascii: "s") && last != UInt8(ascii: "z") { k -= 1 }
            } else {
                j = k
                if measure() == 1 && endsCVC(k) { setTo("e") }
            }
        }
    }

    /// Terminal y → i when the stem has a vowel.
    private mutating func step1c() {
        if ends("y") && stemHasVowel() { b[k] = UInt8(ascii: "i") }
    }

    /// Double suffixes to single ones (-ization → -ize), when m > 0.
    private mutating func step2() {
        guard k >= 1 else { return }
        switch b[k - 1] {
        case UInt8(ascii: "a"):
            if ends("ational") { replaceIfMeasured("ate") } else if ends("tional") { replaceIfMeasured("tion") }
        case UInt8(ascii: "c"):
            if ends("enci") { replaceIfMeasured("ence") } else if ends("anci") { replaceIfMeasured("ance") }
        case UInt8(ascii: "e"):
            if ends("izer") { replaceIfMeasured("ize") }
        case UInt8(ascii: "l"):
            if ends("bli") { replaceIfMeasured("ble") }
            else if ends("alli") { replaceIfMeasured("al") }
            else if ends("entli") { replaceIfMeasured("ent") }
            else if ends("eli") { replaceIfMeasured("e") }
            else if ends("ousli") { replaceIfMeasured("ous") }
        case UInt8(ascii: "o"):
            if ends("ization") { replaceIfMeasured("ize") }
            else if ends("ation") { replaceIfMeasured("ate") }
            else if ends("ator") { replaceIfMeasured("ate") }
        case UInt8(ascii: "s"):
            if ends("alism") { replaceIfMeasured("al") }
            else if ends("iveness") { replaceIfMeasured("ive") }
            else if ends("fulness") { replaceIfMeasured("ful") }
            else if ends("ousness") { replaceIfMeasured("ous") }
        case UInt8(ascii: "t"):
            if ends("aliti") { replaceIfMeasured("al") }
            else if ends("iviti") { replaceIfMeasured("ive") }
            else if ends("biliti") { replaceIfMeasured("ble") }
        case UInt8(ascii: "g"):
            if ends("logi") { replaceIfMeasured("log") }
        default: break
        }
    }

    /// -ic-, -full, -ness and the like.
    private mutating func step3() {
        switch b[k] {
        case UInt8(ascii: "e"):
            if ends("icate") { replaceIfMeasured("ic") }
            else if ends("ative") { replaceIfMeasured("") }
            else if ends("alize") { replaceIfMeasured("al") }
        case UInt8(ascii: "i"):
            if ends("iciti") { replaceIfMeasured("ic") }
        case UInt8(ascii: "l"):
            if ends("ical") { replaceIfMeasured("ic") } else if ends("ful") { replaceIfMeasured("") }
        case UInt8(ascii: "s"):
            if ends("ness") { replaceIfMeasured("") }
        default: break
        }
    }

    /// -ant, -ence and the like, when m > 1.
    private mutating func step4() {
        guard k >= 1 else { return }
        var found = false
        switch b[k - 1] {
        case UInt8(ascii: "a"): found = ends("al")
        case UInt8(ascii: "c"): found = ends("ance") || ends("ence")
        case UInt8(ascii: "e"): found = ends("er")
        case UInt8(ascii: "i"): found = ends("ic")
        case UInt8(ascii: "l"): found = ends("able") || ends("ible")
        case UInt8(ascii: "n"): found = ends("ant") || ends("ement") || ends("ment") || ends("ent")
        case UInt8(ascii: "o"):
            if ends("ion") && j >= 0 && (b[j] == UInt8(ascii: "s") || b[j] == UInt8(ascii: "t")) { found = true }
            else { found = ends("ou") }
        case UInt8(ascii: "s"): found = ends("ism")
        case UInt8(ascii: "t"): found = ends("ate") || ends("iti")
        case UInt8(ascii: "u"): found = ends("ous")
        case UInt8(ascii: "v"): found = ends("ive")
        case UInt8(ascii: "z"): found = ends("ize")
        default: break
        }
        if found && measure() > 1 { k = j }
    }

    /// A final -e, and -ll → -l, when the measure allows.
    private mutating func step5() {
        j = k
        if b[k] == UInt8(ascii: "e") {
            let m = measure()
            if m > 1 || (m == 1 && !endsCVC(k - 1)) { k -= 1 }
        }
        if b[k] == UInt8(ascii: "l") && endsWithDoubleConsonant(k) {
            j = k
            if measure() > 1 { k -= 1 }
        }
    }
}
