/// A short melody: its notes in the order played. Stored in one column as the notes' MIDI numbers
/// separated by spaces ("60 62 64 67"), which a person reading a file can follow too.
public struct Melody: Hashable, Sendable, CustomStringConvertible {
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
}

extension Melody: RecordText {
    public static let notation = "MIDI note numbers 0–127 separated by single spaces"
    public static let example = Melody([MIDINote(60)!, MIDINote(62)!])

    /// Its length and keys are the record's to judge (`importProblem`), not the notation's.
    public init?(recordText: String) {
        let numbers = recordText.split(separator: " ", omittingEmptySubsequences: false).map { Int($0) }
        guard !numbers.isEmpty, numbers.allSatisfy({ $0 != nil }) else { return nil }
        self.init(numbers: numbers.map { $0! })
    }

    public var recordText: String { description }

    public init(from decoder: any Decoder) throws { try self.init(recordTextFrom: decoder) }

    public func encode(to encoder: any Encoder) throws { try encode(recordTextTo: encoder) }
}

extension Melody: APIDescribed {
    public static var apiNotes: [String: APINote] {
        [
            "": APINote().with("pattern", "^[0-9]{1,3}( [0-9]{1,3})*$")
                .describe("MIDI note numbers in the order played, separated by spaces (\"60 62 64 67\")")
        ]
    }
}
