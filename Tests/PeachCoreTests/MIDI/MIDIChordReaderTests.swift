import Testing

@testable import PeachCore

struct MIDIChordReaderTests {
    private func keys(_ raw: [Int]) -> [MIDINote] { raw.map { MIDINote($0)! } }

    @Test func theKeysPressedUntilAllAreUpAreOneChord() {
        var reader = MIDIChordReader()
        for key in keys([67, 60, 64]) { #expect(reader.read(.noteOn(key, velocity: 90)) == nil) }
        #expect(reader.read(.noteOff(MIDINote(60)!)) == nil)
        #expect(reader.read(.noteOff(MIDINote(67)!)) == nil)
        #expect(reader.read(.noteOff(MIDINote(64)!)) == keys([60, 64, 67]))
        // The next chord starts from nothing.
        #expect(reader.read(.noteOn(MIDINote(62)!, velocity: 90)) == nil)
        #expect(reader.read(.noteOff(MIDINote(62)!)) == keys([62]))
    }

    /// Rolled with the first key let go before the last is struck, or a key struck twice: one chord
    /// as long as some key is held; the wheel is no key.
    @Test func aRolledChordAndAKeyStruckTwiceAreStillOneChord() {
        var reader = MIDIChordReader()
        _ = reader.read(.noteOn(MIDINote(48)!, velocity: 80))
        _ = reader.read(.noteOn(MIDINote(55)!, velocity: 80))
        #expect(reader.read(.noteOff(MIDINote(48)!)) == nil)
        _ = reader.read(.noteOn(MIDINote(64)!, velocity: 80))
        _ = reader.read(.pitchBend(PitchBend(9000)!))
        _ = reader.read(.noteOn(MIDINote(64)!, velocity: 80))
        #expect(reader.read(.noteOff(MIDINote(55)!)) == nil)
        #expect(reader.read(.noteOff(MIDINote(64)!)) == keys([48, 55, 64]))
    }

    /// A key held from before the reader began (the trial before) ends no chord when let go.
    @Test func aKeyLetGoThatWasNotPressedEndsNothing() {
        var reader = MIDIChordReader()
        #expect(reader.read(.noteOff(MIDINote(60)!)) == nil)
        _ = reader.read(.noteOn(MIDINote(65)!, velocity: 80))
        #expect(reader.read(.noteOff(MIDINote(60)!)) == nil)
        #expect(reader.read(.noteOff(MIDINote(65)!)) == keys([65]))
    }
}
