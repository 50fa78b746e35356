/// A pitch-bend wheel's 14-bit position, 0…16383, with 8192 at rest.
public struct PitchBend: Hashable, Sendable, Comparable {
    public static let centre = 8192
    public static let range = 0...16383

    public let rawValue: Int

    public init?(_ rawValue: Int) {
        guard Self.range.contains(rawValue) else { return nil }
        self.rawValue = rawValue
    }

    /// From the message's two data bytes, least significant seven bits first.
    public init(lsb: UInt8, msb: UInt8) {
        rawValue = Int(msb & 0x7F) << 7 | Int(lsb & 0x7F)
    }

    /// Signed distance from rest: −8192…8191.
    public var fromCentre: Int { rawValue - Self.centre }

    public static func < (lhs: PitchBend, rhs: PitchBend) -> Bool { lhs.rawValue < rhs.rawValue }
}
