/// Reads chords from a MIDI keyboard's keys: the keys pressed from one silence to the next (every key
/// up again) are one chord, however they are spread or rolled, so that a chord is read the same
/// played at once, arpeggiated or with a key struck twice. The terminal's reading of what the
/// browser's `onMidiChord` (answer-numerals.js) reads from Web MIDI.
public struct MIDIChordReader: Sendable {
    private var held: Set<MIDINote> = []
    private var pressed: Set<MIDINote> = []

    public init() {}

    /// The chord's keys, ascending, once the last key held is let go; nil until then. A key let go
    /// that was not pressed since this reader began (held while the trial changed) is no key of it.
    public mutating func read(_ message: MIDIMessage) -> [MIDINote]? {
        switch message {
        case .noteOn(let key, _):
            held.insert(key)
            pressed.insert(key)
        case .noteOff(let key):
            guard held.remove(key) != nil, held.isEmpty else { return nil }
            defer { pressed = [] }
            return pressed.sorted()
        case .pitchBend: break
        }
        return nil
    }
}
