/// A note of the 12-tone equal-tempered scale, numbered as in MIDI (60 = middle C, 69 = A4).
public struct MIDINote: Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
    public static let validRange: ClosedRange<Int> = 0...127

    public let rawValue: Int

    /// Returns nil outside 0…127, so a value of this type is always a playable MIDI note.
    public init?(_ rawValue: Int) {
        guard Self.validRange.contains(rawValue) else { return nil }
        self.rawValue = rawValue
    }

    public init(from decoder: any Decoder) throws {
        try self.init(decoded: decoder.singleValueContainer().decode(Int.self), codingPath: decoder.codingPath)
    }

    /// A decoded number, refused outside 0…127. The path is built only for the error: a million
    /// records are decoded at some starts.
    init(decoded raw: Int, codingPath: @autoclosure () -> [any CodingKey]) throws {
        guard let note = MIDINote(raw) else {
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: codingPath(), debugDescription: "MIDI note \(raw) is outside \(Self.validRange)"))
        }
        self = note
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    public static func < (lhs: MIDINote, rhs: MIDINote) -> Bool { lhs.rawValue < rhs.rawValue }

    private static let pitchClassNames = ["C", "C♯", "D", "D♯", "E", "F", "F♯", "G", "G♯", "A", "A♯", "B"]

    /// Scientific pitch notation: 60 → "C4", 69 → "A4", 21 → "A0".
    public var name: String { pitchClassName + String(rawValue / 12 - 1) }

    /// The name without its octave, as a key is named: 61 → "C♯".
    public var pitchClassName: String { Self.pitchClassNames[rawValue % 12] }

    public var description: String { name }
}
