/// A short melody: its notes in the order played. Stored in one column as the notes' MIDI numbers
/// separated by spaces ("60 62 64 67"), which a person reading a file can follow too.
public struct Melody: Hashable, Sendable, Codable, CustomStringConvertible {
    public let notes: [MIDINote]

    public init(_ notes: [MIDINote]) { self.notes = notes }

    /// Nil unless every number is a MIDI note.
    public init?(numbers: [Int]) {
        let notes = numbers.compactMap(MIDINote.init)
        guard notes.count == numbers.count else { return nil }
        self.notes = notes
    }

    public var count: Int { notes.count }

    public var description: String { notes.map { String($0.rawValue) }.joined(separator: " ") }

    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        let numbers = text.split(separator: " ").map { Int($0) }
        guard !numbers.isEmpty, let melody = Melody(numbers: numbers.map { $0 ?? -1 }) else {
            throw DecodingError.dataCorrupted(.init(
                codingPath: decoder.codingPath, debugDescription: "'\(text)' is not MIDI note numbers separated by spaces"))
        }
        self = melody
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }

    /// Whether each played note is the melody's at its place: the same pitch class in the same
    /// octave, which for MIDI notes is the same note. A missing note is wrong.
    public func noteByNote(_ answer: Melody) -> [Bool] {
        notes.indices.map { $0 < answer.notes.count && answer.notes[$0] == notes[$0] }
    }
}
