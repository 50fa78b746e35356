/// When a sung note counts as held: the detector's frames (cents from the target, every ~20 ms)
/// are averaged over `smoothing`, so the vibrato cancels; the note is held once every such average
/// of the last `hold` stays within ±`steadyCents` of their mean. The committed pitch is that mean:
/// vibrato averaged twice, a fraction of a cent off the centre of a ±30 ¢ vibrato. The browser runs
/// the same rule (web/js/steady-pitch.js) with the same served rules; both are checked against
/// Tests/Fixtures/steady-pitch.json.
public struct SteadyPitch: Hashable, Sendable {
    struct Frame: Hashable, Sendable {
        let time: Double
        let cents: Double
    }

    public let rules: SingingRules
    /// The current unbroken note: when it began, and its frames of the last smoothing window and hold.
    private var start: Double?
    private var frames: [Frame] = []
    /// The mean of the frames in the last `smoothing` seconds, once a full window lies behind.
    private var smoothed: [Frame] = []

    public init(rules: SingingRules = .standard) { self.rules = rules }

    public mutating func reset() {
        start = nil
        frames = []
        smoothed = []
    }

    /// One detector frame at `time` seconds: `cents` from the target, or nil when nothing pitched
    /// was heard. Returns the committed pitch (cents from the target) once the note has been held.
    public mutating func push(time: Double, cents: Double?) -> Double? {
        let hold = rules.hold.seconds, smoothing = rules.smoothing.seconds
        if let last = frames.last, time - last.time > rules.gap.seconds { reset() }
        guard let cents else { return nil }
        frames.append(Frame(time: time, cents: cents))
        let start = start ?? time
        self.start = start
        if time - start >= smoothing {
            smoothed.append(Frame(time: time, cents: Self.mean(frames.filter { $0.time > time - smoothing }.map(\.cents))))
        }
        smoothed.removeAll { $0.time <= time - hold }
        frames.removeAll { $0.time <= time - smoothing }
        guard !smoothed.isEmpty, time - start >= smoothing + hold else { return nil }
        let values = smoothed.map(\.cents)
        let centre = Self.mean(values)
        guard values.allSatisfy({ abs($0 - centre) <= rules.steadyCents }) else { return nil }
        return centre
    }

    /// What was sung lately, for Enter or Done before the note was held long enough.
    public var latest: Double? {
        guard let last = frames.last else { return nil }
        let recent = frames.filter { $0.time > last.time - rules.smoothing.seconds }
        return Self.mean(recent.map(\.cents))
    }

    private static func mean(_ values: [Double]) -> Double { values.reduce(0, +) / Double(values.count) }
}
