/// The tempo ranges the rhythm profile is kept per: timing acuity changes with tempo, so results
/// at 60 and at 160 BPM are not averaged together.
public enum TempoBand: String, Hashable, Sendable, Codable, CaseIterable, CustomStringConvertible {
    case veryslow = "40-59"
    case slow = "60-79"
    case moderate = "80-99"
    case brisk = "100-119"
    case fast = "120-159"
    case veryFast = "160-200"

    public var tempos: ClosedRange<Int> {
        let bounds = rawValue.split(separator: "-").map { Int($0)! }
        return bounds[0]...bounds[1]
    }

    public init(_ tempo: TempoBPM) {
        self = Self.allCases.first { $0.tempos.contains(tempo.rawValue) }!
    }

    public var description: String { rawValue }
}
