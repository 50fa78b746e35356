import Foundation
import Testing

@testable import PeachCore

struct ProgressionSummaryTests {
    static func record(
        _ played: [RomanNumeral], _ named: [RomanNumeral], mode: ScaleMode = .major,
        discipline: Discipline = .chordProgression
    ) -> CompletedChordProgression {
        CompletedChordProgression(
            tonicNote: MIDINote(40)!, mode: mode, progression: Progression(played), answer: Progression(named),
            inversions: nil, tuningSystem: .equalTemperament, timestamp: Date(timeIntervalSince1970: 1_800_000_000),
            discipline: discipline)
    }

    static func summary(_ records: [CompletedChordProgression], of discipline: Discipline = .chordProgression)
        -> ProgressionSummary
    {
        var parts = ProfileParts(calendar: Calendar(identifier: .gregorian))
        for record in records { parts.add(record) }
        return ChordProgressionKind.profileSummary(discipline, in: parts)!
    }

    /// Each chord counts in the context of the chord before it, the first after the cadence's tonic
    /// (i in minor); the changes come hardest first, then the more often heard, then in the
    /// numerals' order.
    @Test func eachChordIsCountedAfterTheChordBeforeItTheHardestFirst() {
        let summary = Self.summary([
            Self.record([.one, .two, .five], [.one, .four, .five]),
            Self.record([.one, .two, .five, .one], [.one, .two, .four, .one]),
            Self.record([.minorFour, .five, .minorOne], [.minorFour, .five, .minorOne], mode: .minor),
        ])
        let rows = summary.moves.map { "\($0.from.rawValue)→\($0.to.rawValue) \($0.correct)/\($0.chords)" }
        #expect(rows == ["I→ii 1/2", "ii→V 1/2", "I→I 2/2", "V→I 1/1", "V→i 1/1", "i→iv 1/1", "iv→V 1/1"])
        #expect(summary.chords == 10)
        #expect(summary.moves.first!.accuracy == 0.5)
    }

    /// Common Progressions names whole progressions: no chord change of its own, and its answers
    /// leave Chord Progressions' changes alone.
    @Test func commonProgressionsListNoChangesAndAddNoneToChordProgressions() {
        let common = Self.record([.two, .five, .one], [.one, .four, .five, .one], discipline: .commonProgression)
        let numerals = Self.record([.one, .four, .five], [.one, .four, .five])
        #expect(Self.summary([common, numerals], of: .commonProgression).moves.isEmpty)
        #expect(Self.summary([common, numerals]).moves.map(\.chords) == [1, 1, 1])
    }
}
