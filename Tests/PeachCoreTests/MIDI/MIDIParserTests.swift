import Testing

@testable import PeachCore

struct MIDIParserTests {
    private func note(_ raw: Int) -> MIDINote { MIDINote(raw)! }

    private func parse(_ bytes: [UInt8]) -> [MIDIMessage] {
        var parser = MIDIParser()
        return parser.parse(bytes)
    }

    @Test func aKeyPressedAndReleased() {
        #expect(parse([0x90, 60, 100, 0x80, 60, 64]) == [.noteOn(note(60), velocity: 100), .noteOff(note(60))])
    }

    @Test func aNoteOnOfVelocityZeroIsANoteOff() {
        #expect(parse([0x93, 64, 0]) == [.noteOff(note(64))])
    }

    @Test func runningStatusRepeatsTheLastStatusByte() {
        // A chord and its release as a keyboard using running status sends it: one status byte.
        let stream: [UInt8] = [0x90, 60, 90, 64, 80, 67, 70, 60, 0, 64, 0, 67, 0]
        #expect(
            parse(stream) == [
                .noteOn(note(60), velocity: 90), .noteOn(note(64), velocity: 80), .noteOn(note(67), velocity: 70),
                .noteOff(note(60)), .noteOff(note(64)), .noteOff(note(67)),
            ])
    }

    @Test func pitchBendIsFourteenBitsLeastSignificantFirst() {
        let messages = parse([0xE0, 0x00, 0x40, 0x7F, 0x7F, 0x00, 0x00, 0x01, 0x40])
        #expect(
            messages == [
                .pitchBend(PitchBend(8192)!), .pitchBend(PitchBend(16383)!), .pitchBend(PitchBend(0)!),
                .pitchBend(PitchBend(8193)!),
            ])
    }

    @Test func sysExIsSkippedToItsEndAndNeedsAFreshStatus() {
        // An identity reply in the middle of playing: its data bytes look like notes but are not.
        let stream: [UInt8] = [
            0x90, 60, 100, 0xF0, 0x7E, 0x00, 0x06, 0x02, 0x41, 0x60, 0x01, 0xF7, 62, 100, 0x90, 62, 100,
        ]
        #expect(parse(stream) == [.noteOn(note(60), velocity: 100), .noteOn(note(62), velocity: 100)])
    }

    @Test func realTimeBytesInsideAMessageDoNotDisturbIt() {
        // Clock (F8) and active sensing (FE) may interleave anywhere, even between data bytes.
        #expect(parse([0xF8, 0x90, 0xFE, 60, 0xF8, 100, 0xFE]) == [.noteOn(note(60), velocity: 100)])
    }

    @Test func controllersAndProgramChangesAnswerNothingButKeepTheStream() {
        // Sustain pedal, program change (one data byte), channel pressure (one), then a key.
        #expect(parse([0xB0, 64, 127, 0xC0, 5, 0xD0, 30, 0x90, 72, 50]) == [.noteOn(note(72), velocity: 50)])
    }

    @Test func aMessageSplitAcrossReadsIsAssembled() {
        var parser = MIDIParser()
        #expect(parser.parse([0x90, 60]).isEmpty)
        #expect(parser.parse([100, 62]) == [.noteOn(note(60), velocity: 100)])
        #expect(parser.parse([0]) == [.noteOff(note(62))])
    }

    @Test func dataBeforeAnyStatusIsDropped() {
        #expect(parse([60, 100, 0x90, 61, 1]) == [.noteOn(note(61), velocity: 1)])
    }
}
