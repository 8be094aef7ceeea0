import Foundation
import WCDBSwift
import XCTest

/// The stemmer against outputs of Porter's published algorithm, seen through the wcdb tokenizer.
final class PorterStemmerTests: FTSTestCase {
    func testPublishedExamples() throws {
        let pairs: [(String, String)] = [
            ("caresses", "caress"), ("ponies", "poni"), ("ties", "ti"), ("caress", "caress"), ("cats", "cat"),
            ("feed", "feed"), ("agreed", "agre"), ("plastered", "plaster"), ("bled", "bled"), ("motoring", "motor"),
            ("sing", "sing"), ("conflated", "conflat"), ("troubled", "troubl"), ("sized", "size"), ("hopping", "hop"),
            ("tanned", "tan"), ("falling", "fall"), ("hissing", "hiss"), ("fizzed", "fizz"), ("failing", "fail"),
            ("filing", "file"), ("happy", "happi"), ("sky", "sky"), ("relational", "relat"), ("generalizations", "gener"),
            ("oscillators", "oscil"), ("connections", "connect"), ("connecting", "connect"), ("hopeful", "hope"),
            ("goodness", "good"), ("adjustable", "adjust"), ("replacement", "replac"), ("adoption", "adopt"),
            ("effective", "effect"), ("controlling", "control"), ("roll", "roll"), ("rate", "rate"), ("cease", "ceas"),
        ]
        let text = pairs.map(\.0).joined(separator: " ")
        XCTAssertEqual(try tokens(text).map(\.0), pairs.map(\.1))
        // Two letters or fewer are left alone; words with digits are not stemmed; accents fold first.
        XCTAssertEqual(try tokens("as is2 running2 naïve").map(\.0), ["as", "is2", "running2", "naiv"])
    }
}
