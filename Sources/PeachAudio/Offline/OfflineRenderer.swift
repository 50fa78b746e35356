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

    public init(
        settings: SynthesisSettings = SynthesisSettings(), timbre: Timbre = .sine, instrument: (any Instrument)? = nil
    ) {
        self.settings = settings
        self.timbre = timbre
        self.instrument = instrument
    }

    /// The notes mixed from time zero until the last release ramp has ended.
    public func render(_ notes: [Note]) -> [Float] {
        let synthesizer = Synthesizer(settings: settings, timbre: timbre, instrument: instrument)
        enum Command {
            case start(Int)
            case release(Int)
        }
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
            case .start(let index):
                // An offline synthesizer has no device that could fail; an instrument fails only to load.
                voices[index] = try? synthesizer.start(notes[index].tone.frequency, level: notes[index].tone.level)
            case .release(let index):
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

    /// A trial's tones exactly as the trainer plays them (its kind's `sounding`: a comparison's
    /// notes and gap, a chord's voices).
    public func render(_ sounding: [SoundingTones]) -> [Float] {
        render(Self.notes(of: sounding))
    }

    public static func notes(of sounding: [SoundingTones]) -> [Note] {
        sounding.flatMap { group in group.tones.map { Note(start: group.start, tone: $0) } }
    }

    private func frame(_ time: Duration) -> Int { Int((time.seconds * settings.sampleRate).rounded()) }
}
