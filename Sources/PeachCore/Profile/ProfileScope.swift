/// Which records a profile is built from: unison pitch (both pitch disciplines, the original
/// app's profile), every interval trial, one interval, the sung notes or the sung intervals (kept
/// apart: a voice's accuracy is not the slider's, and an interval sung from a reference is not a
/// note sung back).
public enum ProfileScope: Hashable, Sendable, Codable, CustomStringConvertible {
    case pitch
    case intervals
    case interval(DirectedInterval)
    case singing
    case intervalSinging

    /// The scope a discipline's records count in.
    public static func scope(of discipline: Discipline) -> ProfileScope {
        // One look-up of the declaration by name, not one per property: this runs for every record replayed.
        let declaration = discipline.declaration
        if declaration.answerMethod == .voice { return declaration.usesIntervals ? .intervalSinging : .singing }
        return declaration.usesIntervals ? .intervals : .pitch
    }

    /// `pitch`, `intervals`, `singing`, `intervalSinging`, or an interval as the terminal spells it (`P5up`, `M3down`).
    public init?(_ text: String) {
        switch text {
        case "pitch": self = .pitch
        case "intervals": self = .intervals
        case "singing": self = .singing
        case "intervalSinging": self = .intervalSinging
        default:
            guard let interval = DirectedInterval(spelled: text) else { return nil }
            self = .interval(interval)
        }
    }

    public var description: String {
        switch self {
        case .pitch: "pitch"
        case .intervals: "intervals"
        case .singing: "singing"
        case .intervalSinging: "intervalSinging"
        case .interval(let interval): interval.interval == .P1 ? "P1up" : interval.spelled
        }
    }
}
