import Testing

@testable import PeachCore

struct ProgressionRhythmTests {
    /// The cadence at its pace, its rest, then the progression a chord a second, its last chord
    /// held longer, as a phrase ends; the terminal sounds the chords at the times the page is served.
    @Test(arguments: [3, 5, 12])
    func theProgressionMovesAChordASecondAndHoldsItsLastChord(length: Int) {
        let numerals = Array(repeating: [RomanNumeral.one, .four, .five], count: 4).flatMap { $0 }.prefix(length)
        let trial = ChordProgressionTrial(
            tonic: MIDINote(40)!, mode: .major, progression: Progression(Array(numerals)),
            tuningSystem: .equalTemperament, choices: RomanNumeral.offered(in: .major))
        let body = ChordProgressionKind.trialBody(trial, settings: .default)
        #expect(body.cadence.map(\.startSeconds) == [0, 0.7, 1.4, 2.1])
        #expect(body.cadence.allSatisfy { $0.durationSeconds == 0.7 })
        let cadenceEnd = Cadence.duration.seconds
        #expect(body.chords.map(\.startSeconds) == (0..<length).map { cadenceEnd + Double($0) })
        #expect(body.chords.dropLast().allSatisfy { $0.durationSeconds == 1 })
        #expect(body.chords.last!.durationSeconds == 1.6)
        let sounding = ChordProgressionKind.sounding(trial, settings: .default)
        #expect(sounding.map(\.start.seconds) == (body.cadence + body.chords).map(\.startSeconds))
        #expect(sounding.map { $0.tones[0].duration.seconds } == (body.cadence + body.chords).map(\.durationSeconds))
    }
}
