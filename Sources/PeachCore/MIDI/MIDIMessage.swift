/// What Peach reads from a MIDI keyboard: keys and the pitch-bend wheel. Everything else a device
/// sends (controllers, SysEx, clock) answers nothing and is dropped by `MIDIParser`.
public enum MIDIMessage: Hashable, Sendable {
    case noteOn(MIDINote, velocity: Int)
    /// Also a note-on of velocity 0, which running-status keyboards send instead.
    case noteOff(MIDINote)
    case pitchBend(PitchBend)
}
