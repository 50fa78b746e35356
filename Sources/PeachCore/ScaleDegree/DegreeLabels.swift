/// How degrees are named on screen: numbers (♭3) or solfège (me).
public enum DegreeLabels: String, Hashable, Sendable, Codable, APIChoices {
    case numbers, solfege
}

/// What Scale Degrees asks and how it names the answers.
extension ScaleDegree {
    public func label(_ labels: DegreeLabels) -> String {
        switch labels {
        case .numbers: numberLabel
        case .solfege: solfege
        }
    }

    /// The degrees a user trains in a mode: the scale's own with the numbers chosen, and, when
    /// chosen, the five the scale does not have. Lowest first.
    public static func choices(mode: ScaleMode, numbers: Set<Int>, chromatic: Bool) -> [ScaleDegree] {
        let diatonic = diatonic(in: mode)
        return allCases.filter { diatonic.contains($0) ? numbers.contains($0.number) : chromatic }
    }
}
