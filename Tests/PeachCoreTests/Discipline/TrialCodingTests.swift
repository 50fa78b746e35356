import Foundation
import Testing

@testable import PeachCore

/// Open trials are stored as JSON of `Trial`: every field comes back, and a stored interval that
/// leaves MIDI 0–127 is refused instead of crashing the answer later.
struct TrialCodingTests {
    @Test func everyKindOfTrialComesBackWhole() throws {
        let trials: [Trial] = [
            .comparison(
                Comparison(
                    .intervalComparison, note1: MIDINote(60)!, interval: DirectedInterval(.m6, .down)!,
                    tuningSystem: .justIntonation, centOffset: Cents(-3.375), note2LevelOffset: AmplitudeDB(-1.25))),
            .matching(
                PitchMatchingChallenge(
                    .intervalMatching, referenceNote: MIDINote(45)!, interval: DirectedInterval(.P5, .up)!,
                    initialCentOffset: Cents(12.5), centRange: Cents(20))),
            .matching(
                PitchMatchingChallenge(
                    .pitchSinging, referenceNote: MIDINote(52)!, initialCentOffset: .zero, centRange: .zero)),
        ]
        for trial in trials {
            #expect(try JSONDecoder().decode(Trial.self, from: JSONEncoder().encode(trial)) == trial)
        }
    }

    @Test func anIntervalLeavingTheMIDIRangeIsRefused() throws {
        let trial = Trial.comparison(
            Comparison(
                .intervalComparison, note1: MIDINote(120)!, interval: DirectedInterval(.P5, .up)!, centOffset: Cents(5))
        )
        let json = String(decoding: try JSONEncoder().encode(trial), as: UTF8.self)
        let broken = json.replacingOccurrences(of: #""note1":120"#, with: #""note1":125"#)
        #expect(broken != json)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Trial.self, from: Data(broken.utf8)) }
    }
}
