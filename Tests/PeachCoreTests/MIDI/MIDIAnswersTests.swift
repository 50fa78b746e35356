import Foundation
import Testing

@testable import PeachCore

struct MIDIAnswersTests {
    private func note(_ raw: Int) -> MIDINote { MIDINote(raw)! }

    @Test func aKeyAboveNote2AnswersHigherBelowLowerAndNote2ItselfNothing() {
        let trial = Comparison(note1: note(60), centOffset: Cents(-30))
        let midi = ComparisonKind.midi(trial)!
        #expect(midi.answer(forKey: note(61)) == "higher")
        #expect(midi.answer(forKey: note(108)) == "higher")
        #expect(midi.answer(forKey: note(59)) == "lower")
        #expect(midi.answer(forKey: note(60)) == nil)
    }

    @Test func note2IsTheKeyNearestThePitchHeard() {
        // An interval trial: a fifth above C4 is G4; 70 ¢ flat of it is heard nearest F♯4.
        let trial = Comparison(
            .intervalComparison, note1: note(60), interval: DirectedInterval(.P5, .up)!, centOffset: Cents(-70))
        let midi = ComparisonKind.midi(trial)!
        #expect(midi.answer(forKey: note(66)) == nil)
        #expect(midi.answer(forKey: note(67)) == "higher")
        #expect(midi.answer(forKey: note(65)) == "lower")
    }

    @Test func thePitchClassOfTheKeyNamesTheDegreeInAnyOctave() {
        let trial = ScaleDegreeTrial(
            tonic: note(62), mode: .minor, degree: .flatThree, choices: [.one, .flatThree, .five])
        let midi = ScaleDegreeKind.midi(trial)!
        #expect(midi.answer(forKey: note(62)) == "1")
        #expect(midi.answer(forKey: note(65)) == "b3")
        #expect(midi.answer(forKey: note(41)) == "b3")
        #expect(midi.answer(forKey: note(57)) == "5")
        // E is the 2, not offered: that key answers nothing.
        #expect(midi.answer(forKey: note(64)) == nil)
    }

    @Test func matchingIsAnsweredByTheWheelAndAKeyAndFillTheGapByTaps() {
        let slider = PitchMatchingChallenge(.pitchMatching, referenceNote: note(60), initialCentOffset: Cents(20))
        #expect(MatchingKind.midi(slider) == .matching)
        #expect(MIDIAnswers.matching.bend == MIDIAnswers.Bend(centre: 8192, halfRange: 8192, commitTolerance: 256))
        #expect(MIDIAnswers.matching.keyCommits)
        let sung = PitchMatchingChallenge(
            .pitchSinging, referenceNote: note(60), initialCentOffset: .zero, centRange: .zero)
        #expect(MatchingKind.midi(sung) == nil)
        #expect(MIDIAnswers.tapping.taps)
    }

    @Test func theKeysAreServedAsOneAnswerPerMIDINote() throws {
        let midi = MIDIAnswers.direction(from: note(60), below: "lower", above: "higher")
        let json = try JSONSerialization.jsonObject(with: JSONEncoder().encode(midi)) as! [String: Any]
        let keys = json["keys"] as! [String]
        #expect(keys.count == 128)
        #expect(keys[59] == "lower" && keys[60] == "" && keys[61] == "higher")
    }
}
