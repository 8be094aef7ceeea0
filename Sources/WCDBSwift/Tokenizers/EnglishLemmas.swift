/// English words whose base form no suffix rule can find: irregular verbs (went → go, taught →
/// teach, is/are/was/were/been/am → be) and irregular plurals (mice → mouse, feet → foot).
///
/// The list was written for this project from general knowledge of English grammar (the common
/// irregular verbs a grammar book lists, and the irregular plurals); it is not copied from a
/// dictionary. Forms that are far more often another word are left out on purpose, so that they do
/// not pull in unrelated matches: saw (see / the tool), found (find / to found), left (leave / the
/// side), lay (lie / to lay), rose, wound, ground, bore, fell, lit, tore; and
/// leaves / lives, which are as often leave / live as leaf / life.
enum EnglishLemmas {
    /// "base: form form …" lines.
    private static let source = """
    be: am is are was were been being isn aren wasn weren
    have: has had having hasn haven hadn
    do: does did done doing doesn didn
    go: goes went gone going
    run: ran running runs
    teach: taught
    catch: caught
    bring: brought
    buy: bought
    think: thought
    seek: sought
    fight: fought
    know: knew known
    grow: grew grown
    throw: threw thrown
    blow: blew blown
    fly: flew flown flies
    draw: drew drawn
    show: shown
    see: seen sees seeing
    take: took taken
    give: gave given
    get: got gotten
    make: made
    say: said says
    come: came
    become: became
    eat: ate eaten
    write: wrote written
    ride: rode ridden
    drive: drove driven
    rise: risen
    speak: spoke spoken
    break: broke broken
    choose: chose chosen
    freeze: froze frozen
    steal: stole stolen
    wake: woke woken
    forget: forgot forgotten
    begin: began begun
    drink: drank drunk
    sing: sang sung
    swim: swam swum
    ring: rang rung
    sink: sank sunk
    forgive: forgave forgiven
    hide: hid hidden
    bite: bit bitten
    fall: fallen
    feel: felt
    keep: kept
    sleep: slept
    sweep: swept
    meet: met
    lose: lost
    mean: meant
    send: sent
    spend: spent
    build: built
    lend: lent
    bend: bent
    tell: told
    sell: sold
    hold: held
    stand: stood
    understand: understood
    win: won
    sit: sat
    shoot: shot
    pay: paid
    lead: led
    feed: fed
    hear: heard
    dig: dug
    hang: hung
    stick: stuck
    strike: struck
    swing: swung
    spin: spun
    wear: wore worn
    tear: torn
    swear: swore sworn
    bear: borne
    shake: shook shaken
    forbid: forbade forbidden
    mistake: mistook mistaken
    undertake: undertook undertaken
    overcome: overcame
    withdraw: withdrew withdrawn
    man: men
    woman: women
    child: children
    mouse: mice
    louse: lice
    goose: geese
    foot: feet
    tooth: teeth
    ox: oxen
    criterion: criteria
    phenomenon: phenomena
    datum: data
    analysis: analyses
    thesis: theses
    crisis: crises
    knife: knives
    wife: wives
    wolf: wolves
    half: halves
    shelf: shelves
    thief: thieves
    """

    /// A word of up to 16 bytes packed into two integers: hashing it allocates nothing.
    struct Key: Hashable {
        var low: UInt64
        var high: UInt64
        var count: Int

        init?(_ bytes: UnsafePointer<UInt8>, count: Int) {
            guard count <= 16 else { return nil }
            var low: UInt64 = 0, high: UInt64 = 0
            for i in 0..<count {
                if i < 8 { low |= UInt64(bytes[i]) << (8 * UInt64(i)) }
                else { high |= UInt64(bytes[i]) << (8 * UInt64(i - 8)) }
            }
            self.low = low
            self.high = high
            self.count = count
        }
    }

    /// Irregular form → base form, as ASCII bytes.
    static let table: [Key: [UInt8]] = {
        var table: [Key: [UInt8]] = [:]
        for line in source.split(separator: "\n") {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let base = Array(line[..<colon].utf8)
            for form in line[line.index(after: colon)...].split(separator: " ") {
                var bytes = Array(form.utf8)
                if let key = bytes.withUnsafeMutableBufferPointer({ Key($0.baseAddress!, count: $0.count) }) {
                    table[key] = base
                }
            }
        }
        return table
    }()

    /// Rewrites `word` to its base form when it is an irregular form; returns the new length.
    /// `capacity` bounds the buffer; a base form that does not fit leaves the word alone.
    static func lemmatize(_ word: UnsafeMutablePointer<UInt8>, count: Int, capacity: Int) -> Int {
        guard let key = Key(UnsafePointer(word), count: count), let base = table[key], base.count <= capacity else {
            return count
        }
        for (i, byte) in base.enumerated() { word[i] = byte }
        return base.count
    }
}
