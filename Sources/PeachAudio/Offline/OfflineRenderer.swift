import PeachCore

/// Renders notes to samples without a device, at exact sample positions: what `peach render` writes
/// and what the tests analyse.
public struct OfflineRenderer: Sendable {
    public let settings: SynthesisSettings
    public let timbre: Timbre
    public let instrument: (any Instrument)?

    /// One note of a score: it starts at `start` and is released at `start + tone.duration`.
    public struct Note: Hashable, Sendable {
        public var start: Duration
        public var tone: Tone

        public init(start: Duration, tone: Tone) {
            self.start = start
            self.tone = tone
        }
    }

    public init(settings: SynthesisSettings = SynthesisSettings(), timbre: Timbre = .sine, instrument: (any Instrument)? = nil) {
        self.settings = settings
        self.timbre = timbre
        self.instrument = instrument
    }

    /// The notes mixed from time zero until the last release ramp has ended.
    public func render(_ notes: [Note]) -> [Float] {
        let synthesizer = Synthesizer(settings: settings, timbre: timbre, instrument: instrument)
        enum Command { case start(Int), release(Int) }
        var commands: [(frame: Int, command: Command)] = []
        for (index, note) in notes.enumerated() {
            commands.append((frame(note.start), .start(index)))
            commands.append((frame(note.start + note.tone.duration), .release(index)))
        }
        commands.sort { $0.frame < $1.frame }

        var samples: [Float] = []
        var voices: [Int: VoiceID] = [:]
        for (at, command) in commands {
            samples += synthesizer.render(count: at - samples.count)
            switch command {
            case let .start(index):
                // An offline synthesizer has no device that could fail; an instrument fails only to load.
                voices[index] = try? synthesizer.start(notes[index].tone.frequency, level: notes[index].tone.level)
            case let .release(index):
                if let voice = voices[index] { synthesizer.release(voice) }
            }
        }
        let block = Int(settings.sampleRate / 100)
        while synthesizer.activeVoiceCount > 0 {
            samples += synthesizer.render(count: block)
        }
        return samples
    }

    public func render(_ tone: Tone) -> [Float] {
        render([Note(start: .zero, tone: tone)])
    }

    /// One comparison exactly as the trainer plays it: the session's own tones and gap.
    public func render(_ comparison: Comparison, timing: ComparisonSession.Timing) -> [Float] {
        render(Self.notes(of: comparison, timing: timing))
    }

    /// The notes a comparison session plays for `comparison`, found by running the session itself.
    public static func notes(of comparison: Comparison, timing: ComparisonSession.Timing) -> [Note] {
        var session = ComparisonSession(timing: timing)
        var notes: [Note] = []
        var now = Duration.zero
        var pending = session.handle(.start) + session.handle(.comparisonReady(comparison))
        while !pending.isEmpty {
            switch pending.removeFirst() {
            case let .play(tone):
                notes.append(Note(start: now, tone: tone))
                now += tone.duration
                pending += session.handle(.noteEnded)
            case let .wait(duration, then: event):
                now += duration
                pending += session.handle(event)
            default:
                break
            }
        }
        return notes
    }

    private func frame(_ time: Duration) -> Int { Int((time.seconds * settings.sampleRate).rounded()) }
}
