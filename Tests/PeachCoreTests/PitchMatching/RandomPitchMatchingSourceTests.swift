import Testing
@testable import PeachCore

struct RandomPitchMatchingSourceTests {
    @Test func challengesStayInTheRangeAndWithinAHundredCents() async throws {
        var settings = TrainingSettings.default
        settings.noteRange = try NoteRange(lower: 48, upper: 60)
        let source = RandomPitchMatchingSource(settings: settings, generator: SeededGenerator(seed: 7))
        var notes = Set<Int>()
        for _ in 0..<500 {
            let challenge = await source.nextChallenge()
            #expect(settings.noteRange.contains(challenge.referenceNote))
            #expect(challenge.initialCentOffset.magnitude <= Cents(100))
            notes.insert(challenge.referenceNote.rawValue)
        }
        #expect(notes == Set(48...60))
    }
}
