import Foundation
import Testing

@testable import PeachCore

struct FrequencyTests {
    @Test(arguments: [440.0, 442.0])
    func everyPianoNoteMatchesTheTwelveToneFormula(reference hertz: Double) throws {
        let reference = try #require(ReferencePitch(hertz: hertz))
        for midi in 21...108 {
            let note = try #require(MIDINote(midi))
            let expected = hertz * pow(2, Double(midi - 69) / 12)
            let actual = Frequency(note: note, reference: reference).hertz
            #expect(abs(actual - expected) / expected <= 1e-9, "MIDI \(midi) at A4 = \(hertz)")
        }
    }

    @Test func a4IsTheReferenceAndAnOctaveDoubles() throws {
        let a4 = try #require(MIDINote(69))
        let a5 = try #require(MIDINote(81))
        #expect(Frequency(note: a4).hertz == 440)
        #expect(abs(Frequency(note: a5).hertz - 880) < 1e-9)
        #expect(abs(Frequency(note: a4, reference: try #require(ReferencePitch(hertz: 442))).hertz - 442) < 1e-12)
    }

    @Test func centOffsetsShiftByTheirFractionOfASemitone() throws {
        let c4 = try #require(MIDINote(60))
        let plain = Frequency(note: c4)
        let up = Frequency(note: c4, offset: Cents(12.5))
        #expect(abs(up.hertz - plain.hertz * pow(2, 12.5 / 1200)) / up.hertz <= 1e-12)
        #expect(abs(up.cents(from: plain).rawValue - 12.5) < 1e-9)
        #expect(
            Frequency(note: c4, offset: Cents(100)).hertz.isApproximatelyEqual(to: Frequency(note: MIDINote(61)!).hertz)
        )
    }

    @Test func notesAndPitchesRejectValuesOutsideTheirRange() {
        #expect(MIDINote(-1) == nil)
        #expect(MIDINote(128) == nil)
        #expect(ReferencePitch(hertz: 379.9) == nil)
        #expect(ReferencePitch(hertz: 500.1) == nil)
    }

    @Test func noteNamesUseScientificPitchNotation() throws {
        #expect(try #require(MIDINote(60)).name == "C4")
        #expect(try #require(MIDINote(21)).name == "A0")
        #expect(try #require(MIDINote(108)).name == "C8")
        #expect(try #require(MIDINote(61)).name == "C♯4")
    }
}

extension Double {
    func isApproximatelyEqual(to other: Double, relativeTolerance: Double = 1e-12) -> Bool {
        abs(self - other) <= relativeTolerance * max(abs(self), abs(other))
    }
}
