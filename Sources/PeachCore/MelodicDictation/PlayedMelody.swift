/// The keys a MIDI keyboard has played back of one melody so far: the answer once there are as many
/// as the melody has, so that playing it back needs no key to say "done".
public struct PlayedMelody: Hashable, Sendable {
    public let length: Int
    public private(set) var notes: [MIDINote] = []

    public init(length: Int) { self.length = length }

    /// Adds `key`; the whole melody once it has `length` notes (and it starts empty again), nil before.
    public mutating func play(_ key: MIDINote) -> Melody? {
        notes.append(key)
        guard notes.count >= length else { return nil }
        defer { notes = [] }
        return Melody(notes)
    }
}
