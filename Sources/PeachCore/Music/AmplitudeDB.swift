import Foundation

/// A level in decibels relative to full scale (0 dB = the loudest a sine may be without clipping).
public struct AmplitudeDB: Hashable, Comparable, Sendable, Codable {
    public var rawValue: Double

    public init(_ rawValue: Double) { self.rawValue = rawValue }

    public init(from decoder: any Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(Double.self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    public static let zero = AmplitudeDB(0)

    /// The linear gain factor: −6.02 dB halves the amplitude.
    public var linearGain: Double { pow(10, rawValue / 20) }

    public static func < (lhs: AmplitudeDB, rhs: AmplitudeDB) -> Bool { lhs.rawValue < rhs.rawValue }
    public static func + (lhs: AmplitudeDB, rhs: AmplitudeDB) -> AmplitudeDB {
        AmplitudeDB(lhs.rawValue + rhs.rawValue)
    }
}
