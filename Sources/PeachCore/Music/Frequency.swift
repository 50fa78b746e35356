import Foundation

/// A frequency in hertz.
public struct Frequency: Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
    public var hertz: Double

    public init(hertz: Double) { self.hertz = hertz }

    public static func < (lhs: Frequency, rhs: Frequency) -> Bool { lhs.hertz < rhs.hertz }

    public var description: String { "\(hertz) Hz" }
}

extension Frequency {
    /// The single place where notes become hertz: 12-TET relative to the reference pitch of A4 (MIDI 69).
    public init(note: MIDINote, offset: Cents = .zero, reference: ReferencePitch = .a440) {
        let semitonesFromA4 = Double(note.rawValue - 69) + offset.rawValue / 100
        self.init(hertz: reference.frequency.hertz * pow(2, semitonesFromA4 / 12))
    }

    /// The signed interval from `other` to this frequency; positive when this one is higher.
    public func cents(from other: Frequency) -> Cents {
        Cents(1200 * log2(hertz / other.hertz))
    }
}
