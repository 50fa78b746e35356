/// Whether the target note lies above or below the reference.
public enum IntervalDirection: String, Hashable, Sendable, CaseIterable, Codable {
    case up, down
}

/// An interval played up or down from the reference note. Unison has no direction: "P1 down"
/// cannot be made, so every value of this type is one of the 25 a user can choose.
public struct DirectedInterval: Hashable, Sendable, Codable, CustomStringConvertible {
    public static let unison = DirectedInterval(uncheckedInterval: .P1, direction: .up)

    public let interval: Interval
    public let direction: IntervalDirection

    public init?(_ interval: Interval, _ direction: IntervalDirection) {
        guard interval != .P1 || direction == .up else { return nil }
        self.init(uncheckedInterval: interval, direction: direction)
    }

    private init(uncheckedInterval interval: Interval, direction: IntervalDirection) {
        self.interval = interval
        self.direction = direction
    }

    /// Every interval a user can choose, in the settings grid's order.
    public static let all: [DirectedInterval] = Interval.allCases.flatMap { interval in
        IntervalDirection.allCases.compactMap { DirectedInterval(interval, $0) }
    }

    /// "P5", "P5up", "M3down" (the terminal's spelling); a bare name means up.
    public init?(spelled text: String) {
        let direction: IntervalDirection
        var name = Substring(text)
        if name.hasSuffix("down") {
            direction = .down
            name = name.dropLast(4)
        } else {
            direction = .up
            if name.hasSuffix("up") { name = name.dropLast(2) }
        }
        guard let interval = Interval(rawValue: String(name)) else { return nil }
        self.init(interval, direction)
    }

    public var spelled: String { interval == .P1 ? "P1" : interval.rawValue + direction.rawValue }
    public var description: String { spelled }

    /// Signed size: negative going down.
    public func cents(in tuning: TuningSystem) -> Cents {
        let size = interval.size(in: tuning)
        return direction == .up ? size : -size
    }

    /// Signed distance in semitones from the reference to the target note.
    public var semitoneOffset: Int { direction == .up ? interval.semitones : -interval.semitones }

    /// The MIDI note the interval lands on (nil beyond MIDI 0–127).
    public func target(from reference: MIDINote) -> MIDINote? {
        MIDINote(reference.rawValue + semitoneOffset)
    }

    private enum CodingKeys: String, CodingKey { case name, direction }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let name = try container.decode(Interval.self, forKey: .name)
        let direction = try container.decodeIfPresent(IntervalDirection.self, forKey: .direction) ?? .up
        guard let value = DirectedInterval(name, direction) else {
            throw DecodingError.dataCorruptedError(
                forKey: .direction, in: container, debugDescription: "unison has no direction down")
        }
        self = value
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(interval, forKey: .name)
        try container.encode(direction, forKey: .direction)
    }
}
