import Foundation

/// When a sung note counts as held: the detector's frames (cents from the target, every ~20 ms) are
/// first folded into one octave, the octave nearest the target as the note's first frame found it, so
/// a frame read an octave off (a weak fundamental, alternating cycles) neither breaks the note nor
/// drags its mean. They are averaged over `smoothing`, so the vibrato cancels; the note is held once
/// every such average of the last `hold` stays within ±`steadyCents` of their mean. The committed
/// pitch is the Hann-weighted mean of the last `commitWindow` (a scoop into the note left out), in
/// the highest octave at least `octaveShare` of the note's frames were heard in. The browser runs the
/// same rule (web/js/audio/steady-pitch.js) with the same served rules; both are checked against
/// Tests/Fixtures/steady-pitch.json.
public struct SteadyPitch: Hashable, Sendable {
    struct Frame: Hashable, Sendable {
        let time: Double
        let cents: Double
    }

    public let rules: SingingRules
    /// The current unbroken note: when it began, and its frames (folded) of the last smoothing window
    /// or commit window, whichever is longer.
    private var start: Double?
    private var frames: [Frame] = []
    /// The mean of the frames in the last `smoothing` seconds, once a full window lies behind.
    private var smoothed: [Frame] = []
    /// The note's first frame within ±600 ¢ of the target: every frame is folded to within ±600 ¢ of it.
    private var anchor: Double?
    /// How many of the note's frames were heard in each octave (from the anchor's).
    private var octaves: [Int: Int] = [:]

    public init(rules: SingingRules = .standard) { self.rules = rules }

    public mutating func reset() {
        start = nil
        frames = []
        smoothed = []
        anchor = nil
        octaves = [:]
    }

    /// One detector frame at `time` seconds: `cents` from the target, or nil when nothing pitched
    /// was heard. Returns the committed pitch (cents from the target) once the note has been held.
    public mutating func push(time: Double, cents: Double?) -> Double? {
        let hold = rules.hold.seconds
        let smoothing = rules.smoothing.seconds
        if let last = frames.last, time - last.time > rules.gap.seconds { reset() }
        guard let cents else { return nil }
        let anchor = anchor ?? cents - 1200 * (cents / 1200).rounded()
        self.anchor = anchor
        let octave = Int(((cents - anchor) / 1200).rounded())
        octaves[octave, default: 0] += 1
        frames.append(Frame(time: time, cents: cents - 1200 * Double(octave)))
        let start = start ?? time
        self.start = start
        if time - start >= smoothing {
            smoothed.append(
                Frame(time: time, cents: Self.mean(frames.filter { $0.time > time - smoothing }.map(\.cents))))
        }
        smoothed.removeAll { $0.time <= time - hold }
        frames.removeAll { $0.time <= time - max(smoothing, rules.commitWindow.seconds) }
        guard !smoothed.isEmpty, time - start >= smoothing + hold else { return nil }
        let values = smoothed.map(\.cents)
        let centre = Self.mean(values)
        guard values.allSatisfy({ abs($0 - centre) <= rules.steadyCents }) else { return nil }
        return latest
    }

    /// What was sung lately (the commit's rule), also for Enter or Done before the note was held long enough.
    public var latest: Double? {
        guard let last = frames.last else { return nil }
        let recent = frames.filter { $0.time > last.time - rules.commitWindow.seconds }
        // Hann weights by position: the ends of the stretch count least, so a vibrato's part-cycle cancels.
        var sum = 0.0
        var weights = 0.0
        for (index, frame) in recent.enumerated() {
            let weight = pow(sin(Double.pi * Double(index + 1) / Double(recent.count + 1)), 2)
            sum += weight * frame.cents
            weights += weight
        }
        let total = octaves.values.reduce(0, +)
        let octave = octaves.filter { Double($0.value) >= rules.octaveShare * Double(total) }.keys.max() ?? 0
        return sum / weights + 1200 * Double(octave)
    }

    private static func mean(_ values: [Double]) -> Double { values.reduce(0, +) / Double(values.count) }
}
