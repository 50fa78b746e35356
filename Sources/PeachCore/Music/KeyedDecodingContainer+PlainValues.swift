extension KeyedDecodingContainer {
    // A record's notes and cents are read as the plain numbers they are stored as, by these
    // overloads rather than through each type's `init(from:)`: that path builds an existential
    // decoder per field and looks up generic metadata for it, which was two fifths of replaying a
    // million records into the profile at a start with no snapshot. Same checks, same errors.

    public func decode(_ type: MIDINote.Type, forKey key: Key) throws -> MIDINote {
        try MIDINote(decoded: decode(Int.self, forKey: key), codingPath: codingPath + [key])
    }

    public func decode(_ type: Cents.Type, forKey key: Key) throws -> Cents {
        Cents(try decode(Double.self, forKey: key))
    }
}
