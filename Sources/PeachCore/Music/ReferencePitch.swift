/// The frequency of A4 that tunes every other note (concert pitch 440 Hz; orchestras use 415–446).
public struct ReferencePitch: Hashable, Sendable, Codable {
    public static let allowedHertz: ClosedRange<Double> = 380...500
    public static let a440 = ReferencePitch(uncheckedHertz: 440)

    public let frequency: Frequency

    /// Returns nil outside 380…500 Hz, the range any tuning practice uses.
    public init?(hertz: Double) {
        guard Self.allowedHertz.contains(hertz) else { return nil }
        frequency = Frequency(hertz: hertz)
    }

    private init(uncheckedHertz: Double) { frequency = Frequency(hertz: uncheckedHertz) }
}
