import Testing

@testable import PeachCore

struct MelodyGeneratorTests {
    @Test func aScaleNumbersItsStepsAcrossOctaves() {
        let scale = DiatonicScale(tonic: MIDINote(60)!, mode: .minor)
        #expect((-1...7).map { scale.note(at: $0)!.rawValue } == [58, 60, 62, 63, 65, 67, 68, 70, 72])
        #expect(scale.index(of: MIDINote(58)!) == -1 && scale.index(of: MIDINote(61)!) == nil)
        #expect(scale.stepSize(from: MIDINote(67)!, to: MIDINote(60)!) == 5)
    }

    @Test(arguments: [UInt64(1), 2, 3, 4, 5, 6, 7, 8])
    func melodiesKeepTheirLengthScaleStepsSpanAndRange(seed: UInt64) throws {
        var generator = SeededGenerator(seed: seed)
        let range = try NoteRange(lower: 48, upper: 62)
        let scale = DiatonicScale(tonic: MIDINote(50)!, mode: .major)
        for length in MelodyLength.range {
            let melody = MelodyGenerator.melody(
                in: scale, length: length, steps: [3, 4], span: 12, noteRange: range, using: &generator)
            #expect(melody.count == length)
            #expect(melody.notes.allSatisfy { range.contains($0) && scale.index(of: $0) != nil })
            #expect(melody.notes.map(\.rawValue).max()! - melody.notes.map(\.rawValue).min()! <= 12)
            let sizes = zip(melody.notes, melody.notes.dropFirst()).map { scale.stepSize(from: $0, to: $1)! }
            // Thirds and fourths only, unless the span leaves no room and a second steps in.
            #expect(sizes.allSatisfy { [2, 3, 4].contains($0) })
            #expect(sizes.filter { $0 != 2 }.count >= sizes.count / 2, "\(sizes)")
        }
    }

    @Test func theSameSeedDrawsTheSameMelody() {
        let scale = DiatonicScale(tonic: MIDINote(62)!, mode: .minor)
        let draw = { (seed: UInt64) in
            var generator = SeededGenerator(seed: seed)
            return MelodyGenerator.melody(
                in: scale, length: 6, steps: [2, 3, 5], span: 7, noteRange: .default, using: &generator)
        }
        #expect(draw(42) == draw(42))
        #expect(draw(42) != draw(43))
    }

    @Test func theKeyRovesAndTheKeyboardSpansTheMelody() {
        var settings = TrainingSettings.default
        settings[MelodicDictationSettings.self].melodyShortest = 4
        settings[MelodicDictationSettings.self].melodyLongest = 4
        var generator = SeededGenerator(seed: 9)
        let trials = (0..<40).map { _ in
            MelodicDictationKind.draw(.melodicDictation, settings: settings, chain: MelodyLength(), using: &generator)
        }
        // Every tonic whose octave the singable range (A3–E5) holds: nine.
        #expect(Set(trials.map(\.tonic)).count >= 8)
        for trial in trials {
            #expect(trial.melody.count == 4)
            let keys = trial.keyboard
            #expect(keys.count >= 25 && keys.lowerBound % 12 == 0 && keys.upperBound % 12 == 0)
            #expect(trial.melody.notes.allSatisfy { keys.contains($0.rawValue) })
        }
    }
}
