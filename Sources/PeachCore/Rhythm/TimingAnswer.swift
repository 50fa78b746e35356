/// The answer to a Compare Timing trial: the displaced click came early or late.
public enum TimingAnswer: String, Hashable, Sendable, Codable, CaseIterable {
    case early
    case late
}
