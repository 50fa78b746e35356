/// A tempo in quarter-note beats per minute: the pulse both rhythm disciplines play at. 40…200
/// covers slow practice to fast playing; outside it a sixteenth is either too long to hear as a
/// grid or too short (under 75 ms) to tap.
public struct TempoBPM: RawRepresentable, Hashable, Sendable, Codable, Comparable, CustomStringConvertible {
    public static let range = 40...200
    public static let `default` = TempoBPM(80)!

    public let rawValue: Int

    public init?(rawValue: Int) {
        guard Self.range.contains(rawValue) else { return nil }
        self.rawValue = rawValue
    }

    public init?(_ value: Int) { self.init(rawValue: value) }

    /// A sixteenth note, the grid both disciplines play on: a quarter of a beat.
    public var sixteenthSeconds: Double { 15.0 / Double(rawValue) }

    public var band: TempoBand { TempoBand(self) }

    public static func < (lhs: TempoBPM, rhs: TempoBPM) -> Bool { lhs.rawValue < rhs.rawValue }

    public var description: String { "\(rawValue) BPM" }
}
