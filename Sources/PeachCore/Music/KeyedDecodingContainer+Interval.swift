extension KeyedDecodingContainer {
    /// A stored interval that leaves MIDI 0–127 from `note` is refused, not trusted: the trials
    /// built from it assume its target exists.
    func decodeInterval(forKey key: Key, from note: MIDINote) throws -> DirectedInterval {
        let interval = try decode(DirectedInterval.self, forKey: key)
        guard interval.target(from: note) != nil else {
            throw DecodingError.dataCorruptedError(
                forKey: key, in: self, debugDescription: "\(interval) from \(note) leaves MIDI 0–127")
        }
        return interval
    }
}
