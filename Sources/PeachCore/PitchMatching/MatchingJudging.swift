/// How a matching answer is judged, as data: the signed error it leaves and the band that error
/// falls in. A slider's error is the error at the slider's centre plus the value times the cents
/// the slider reaches; a sung pitch's is its distance from the nearest whole octave of the target
/// (`SungPitch`). The challenge and the record judge by it, and each matching trial serves it
/// (`judging`) so that the page shows the result at the commit as the server will.
public struct MatchingJudging: Codable, Hashable, Sendable, APIDescribed {
    /// A band: the errors whose magnitude lies below `upToCents` (at it too when `inclusive`); the
    /// last band takes every larger error.
    public struct Band: Codable, Hashable, Sendable, APIDescribed {
        public let band: PitchMatchingBand
        public let upToCents: Double?
        public let inclusive: Bool

        public func contains(_ error: Cents) -> Bool {
            guard let upToCents else { return true }
            let magnitude = error.magnitude.rawValue
            return magnitude < upToCents || (inclusive && magnitude == upToCents)
        }

        public static var apiNotes: [String: APINote] {
            [
                "": .closed,
                "upToCents": .describe("The band's upper bound on the error's magnitude; absent: any larger error."),
                "inclusive": .describe("Whether an error of exactly upToCents is in the band."),
            ]
        }
    }

    /// Dead centre when it rounds to 0 ¢, close under 10 ¢, near to 30 ¢, far beyond: the feedback's
    /// colours.
    public static let bands = [
        Band(band: .deadCenter, upToCents: 0.5, inclusive: false), Band(band: .close, upToCents: 10, inclusive: false),
        Band(band: .near, upToCents: 30, inclusive: true), Band(band: .far, upToCents: nil, inclusive: false),
    ]

    /// A slider trial's.
    public let errorAtCentreCents: Double?
    /// A slider trial's.
    public let centsPerUnit: Double?
    /// A sung trial's: the span of an octave, by which the sung pitch is folded.
    public let octaveCents: Double?
    /// In order: an error is in the first band that contains it.
    public let bands: [Band]

    public init(_ challenge: PitchMatchingChallenge) {
        let sung = challenge.discipline.answerMethod == .voice
        errorAtCentreCents = sung ? nil : challenge.initialCentOffset.rawValue
        centsPerUnit = sung ? nil : challenge.centRange.rawValue
        octaveCents = sung ? SungPitch.octaveSpan.rawValue : nil
        bands = Self.bands
    }

    /// The signed error of committing the slider at `value` (positive: sharp).
    public static func error(_ challenge: PitchMatchingChallenge, at value: NormalizedSliderValue) -> Cents {
        challenge.initialCentOffset + value.rawValue * challenge.centRange
    }

    public static func band(of error: Cents) -> PitchMatchingBand { bands.first { $0.contains(error) }!.band }

    public static var apiNotes: [String: APINote] {
        [
            "": .closed,
            "errorAtCentreCents": .describe(
                "A slider trial: the signed error (positive: sharp) of committing at the slider's centre."),
            "centsPerUnit": .describe(
                "A slider trial: the error added per unit of normalizedValue: userCentError = errorAtCentreCents + normalizedValue × centsPerUnit."
            ),
            "octaveCents": .describe(
                "A sung trial: sungOctave = sungCents / octaveCents rounded to the nearest whole number (a half away from zero), userCentError = sungCents − sungOctave × octaveCents."
            ),
            "bands": .describe("In order: the result's band is the first that holds the error's magnitude."),
        ]
    }
}
