/// A chord heard after another: the context its numeral is named in (V after ii is heard
/// otherwise than V after I). A progression's first chord follows the cadence's tonic.
public struct ChordMove: Hashable, Sendable {
    public let from: RomanNumeral
    public let to: RomanNumeral

    public init(from: RomanNumeral, to: RomanNumeral) {
        self.from = from
        self.to = to
    }

    /// Each chord of `numerals`, played in `mode` after its cadence, with the chord before it.
    public static func moves(of numerals: [RomanNumeral], in mode: ScaleMode) -> [ChordMove] {
        zip([RomanNumeral.cadence(in: mode).last!] + numerals.dropLast(), numerals).map(ChordMove.init)
    }
}
