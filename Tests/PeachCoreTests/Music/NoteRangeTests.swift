import Testing

@testable import PeachCore

struct NoteRangeTests {
    @Test func defaultIsC2ToC6() {
        #expect(NoteRange.default.lower.name == "C2")
        #expect(NoteRange.default.upper.name == "C6")
    }

    @Test func rejectsRangesOutsideThePianoOrNarrowerThanAnOctave() {
        #expect(throws: NoteRange.ValidationError.outsidePiano(lower: 20, upper: 60)) {
            try NoteRange(lower: 20, upper: 60)
        }
        #expect(throws: NoteRange.ValidationError.outsidePiano(lower: 60, upper: 109)) {
            try NoteRange(lower: 60, upper: 109)
        }
        #expect(throws: NoteRange.ValidationError.tooNarrow(span: 11)) { try NoteRange(lower: 60, upper: 71) }
        #expect((try? NoteRange(lower: 60, upper: 72)) != nil)
    }

    @Test func randomNotesStayInsideAndReachBothEnds() throws {
        let range = try NoteRange(lower: 48, upper: 60)
        var generator = SeededGenerator(seed: 7)
        let notes = (0..<2000).map { _ in range.randomNote(using: &generator).rawValue }
        #expect(notes.allSatisfy { (48...60).contains($0) })
        #expect(Set(notes) == Set(48...60))
    }
}
