import Foundation
import Testing

@testable import PeachCore

struct PitchMatchingChallengeTests {
    let challenge = PitchMatchingChallenge(referenceNote: MIDINote(69)!, initialCentOffset: Cents(-40))

    @Test func theSliderMovesThePitchFromTheInitialOffset() throws {
        #expect(challenge.centOffset(atNormalizedValue: .centre) == Cents(-40))
        #expect(challenge.centOffset(atNormalizedValue: try #require(NormalizedSliderValue(1))) == Cents(60))
        #expect(challenge.centOffset(atNormalizedValue: try #require(NormalizedSliderValue(-1))) == Cents(-140))
        #expect(challenge.centOffset(atNormalizedValue: try #require(NormalizedSliderValue(0.4))) == Cents(0))
    }

    @Test func theTunableFrequencyFollowsTheOffsetAtTheReferencePitch() throws {
        let reference = try #require(ReferencePitch(hertz: 442))
        let up = try #require(NormalizedSliderValue(0.5))
        let expected = 442 * pow(2, 10.0 / 1200)
        #expect(abs(challenge.tunableFrequency(atNormalizedValue: up, reference: reference).hertz - expected) < 1e-9)
        #expect(challenge.referenceFrequency(reference: reference).hertz == 442)
    }

    @Test func theSignedErrorIsPositiveWhenSharp() throws {
        let sharp = CompletedPitchMatching(
            challenge, committedAt: try #require(NormalizedSliderValue(0.45)), timestamp: Date())
        #expect(abs(sharp.userCentError.rawValue - 5) < 1e-9)
        let flat = CompletedPitchMatching(
            challenge, committedAt: try #require(NormalizedSliderValue(0.1)), timestamp: Date())
        #expect(abs(flat.userCentError.rawValue + 30) < 1e-9)
        #expect(flat.initialCentOffset == Cents(-40))
    }

    @Test(arguments: [
        (0.0, PitchMatchingBand.deadCenter), (0.49, .deadCenter), (-0.49, .deadCenter), (0.5, .close), (9.99, .close),
        (-9.99, .close), (10, .near), (-10, .near), (30, .near), (-30, .near), (30.01, .far), (-30.01, .far),
        (140, .far),
    ])
    func bandsHaveTheirBoundariesAt10And30Cents(error: Double, band: PitchMatchingBand) {
        #expect(PitchMatchingBand(error: Cents(error)) == band)
    }

    @Test func sliderValuesOutsideMinusOneToOneAreRejected() {
        #expect(NormalizedSliderValue(1.0001) == nil)
        #expect(NormalizedSliderValue(-1.0001) == nil)
        #expect(NormalizedSliderValue(.nan) == nil)
        #expect(NormalizedSliderValue(-1)?.rawValue == -1)
    }

    @Test func randomChallengesStayInTheRangeAndWithinTheOffsetBound() throws {
        var generator = SeededGenerator(seed: 5)
        let range = try NoteRange(lower: 50, upper: 70)
        let challenges = (0..<1000).map { _ in PitchMatchingChallenge.random(in: range, using: &generator) }
        #expect(
            challenges.allSatisfy { range.contains($0.referenceNote) && $0.initialCentOffset.magnitude <= Cents(100) })
        #expect(challenges.contains { $0.initialCentOffset > Cents(90) })
        #expect(challenges.contains { $0.initialCentOffset < Cents(-90) })
    }
}
