import Testing

@testable import PeachCore

struct CadenceTests {
    /// The key's scale as pitch classes above the tonic; a minor key's dominant takes the raised
    /// leading tone (harmonic minor), as the cadence plays it.
    static func scale(_ mode: ScaleMode) -> [Int] { mode == .major ? [0, 2, 4, 5, 7, 9, 11] : [0, 2, 3, 5, 7, 8, 11] }

    /// The triad on a scale step (1-based), as pitch classes above the tonic.
    static func triad(on step: Int, _ mode: ScaleMode) -> Set<Int> {
        let scale = scale(mode)
        return Set([0, 2, 4].map { scale[(step - 1 + $0) % 7] })
    }

    @Test(arguments: ScaleMode.allCases)
    func theCadenceIsTheKeysOneFourFiveOneFromEveryTonic(mode: ScaleMode) {
        for tonic in 36...84 {
            let chords = Cadence(tonic: MIDINote(tonic)!, mode: mode).chords
            #expect(chords.count == 4)
            for (chord, step) in zip(chords, [1, 4, 5, 1]) {
                let classes = Set(chord.map { (($0.rawValue - tonic) % 12 + 12) % 12 })
                #expect(classes == Self.triad(on: step, mode), "tonic \(tonic), chord on \(step)")
                // The bass is the chord's root, below the three upper voices.
                #expect((chord[0].rawValue - tonic + 120) % 12 == Self.scale(mode)[step - 1])
                #expect(chord[0] < chord[1] && chord[1] < chord[2] && chord[2] < chord[3])
            }
            // Close position: the upper voices span less than an octave, around C4; the bass in C2–C3.
            for chord in chords {
                #expect(chord[3].rawValue - chord[1].rawValue < 12)
                #expect((54...76).contains(chord[1].rawValue) && (54...76).contains(chord[3].rawValue))
                #expect((36...55).contains(chord[0].rawValue))
            }
        }
    }

    @Test func everyKeysCadenceSoundsInThePianistsRegisterWhateverTheQuestionsOctave() {
        let low = Cadence(tonic: MIDINote(26)!, mode: .major).chords
        let high = Cadence(tonic: MIDINote(98)!, mode: .major).chords
        #expect(low == high)
        // D: the bass D2, the upper voices from D4.
        #expect(low[0].map(\.rawValue) == [38, 62, 66, 69])
        // The upper voices stay or move by no more than a third from chord to chord.
        for (before, after) in zip(low.dropLast(), low.dropFirst()) {
            #expect(zip(before.dropFirst(), after.dropFirst()).allSatisfy { abs($0.rawValue - $1.rawValue) <= 3 })
        }
    }
}
