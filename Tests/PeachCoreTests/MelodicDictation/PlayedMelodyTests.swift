import Testing

@testable import PeachCore

struct PlayedMelodyTests {
    @Test func theMelodyIsAnsweredWithItsLastNoteAndTheNextStartsEmpty() {
        var played = PlayedMelody(length: 3)
        #expect(played.play(MIDINote(60)!) == nil)
        #expect(played.play(MIDINote(62)!) == nil)
        #expect(played.notes == [MIDINote(60)!, MIDINote(62)!])
        #expect(played.play(MIDINote(64)!) == Melody([MIDINote(60)!, MIDINote(62)!, MIDINote(64)!]))
        #expect(played.notes.isEmpty)
        #expect(played.play(MIDINote(67)!) == nil)
    }
}
