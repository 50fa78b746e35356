import Foundation

/// What Chord Progressions' answers add up to, each discipline's apart: the numeral named for each
/// chord played, and the common progression named for each one played.
public struct ProgressionProfile: ProfilePart {
    public var numerals: RecognitionProfile<RomanNumeral>
    public var common: RecognitionProfile<CommonProgression>

    public init(calendar: Calendar) {
        numerals = RecognitionProfile(calendar: calendar)
        common = RecognitionProfile(calendar: calendar)
    }
}
