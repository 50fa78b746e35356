import ArgumentParser
import PeachAudio
import PeachCore

/// What `peach render` and `peach play` sound: one note, or a whole comparison as the trainer plays it.
struct ToneOptions: ParsableArguments {
    @Option(help: "The MIDI note (21–108).")
    var note = 69

    @Option(parsing: .unconditional, help: "Cents added to the note; with --comparison, note 2's signed offset from note 1.")
    var cents = 0.0

    @Option(help: "Seconds each note sounds (0.01–60).")
    var duration = 1.0

    @Option(help: "The pitch of A4 in hertz (380–500).")
    var reference = 440.0

    @Option(parsing: .unconditional, help: "The level in dB relative to full scale (−60–0).")
    var level = 0.0

    @Flag(help: "Play note 1, then note 1 shifted by --cents, as comparison training does.")
    var comparison = false

    @Option(help: "With --comparison, seconds of silence between the notes (0–5).")
    var gap = 0.0

    @Option(help: "With --comparison, note 2 is this interval from note 1 (P5, M3down, …), then offset by --cents.")
    var interval = "P1"

    @Option(help: "With --interval: equal (equal temperament) or just (just intonation from note 1).")
    var tuning = "equal"

    @Option(name: .customLong("ramp-ms"), help: "The shortest attack and release, in milliseconds (5–500).")
    var rampMilliseconds = 5.0

    func validate() throws {
        guard NoteRange.pianoRange.contains(note) else { throw ValidationError("--note must be within 21–108, got \(note)") }
        guard (-1200...1200).contains(cents) else { throw ValidationError("--cents must be within −1200–1200, got \(cents)") }
        guard (0.01...60).contains(duration) else { throw ValidationError("--duration must be within 0.01–60 seconds, got \(duration)") }
        guard ReferencePitch(hertz: reference) != nil else { throw ValidationError("--reference must be within 380–500 Hz, got \(reference)") }
        guard (-60...0).contains(level) else { throw ValidationError("--level must be within −60–0 dB, got \(level)") }
        guard (0...5).contains(gap) else { throw ValidationError("--gap must be within 0–5 seconds, got \(gap)") }
        guard let directed = DirectedInterval(spelled: interval) else {
            throw ValidationError("--interval '\(interval)' is not an interval: use P1, m2, M2, m3, M3, P4, d5, P5, m6, M6, m7, M7, P8, optionally followed by up or down")
        }
        guard let target = directed.target(from: MIDINote(note) ?? MIDINote(69)!), NoteRange.pianoRange.contains(target.rawValue) else {
            throw ValidationError("--interval \(interval) from --note \(note) leaves MIDI 21–108")
        }
        guard tuningSystem != nil else { throw ValidationError("--tuning must be equal or just, got '\(tuning)'") }
        guard (5...500).contains(rampMilliseconds) else { throw ValidationError("--ramp-ms must be within 5–500, got \(rampMilliseconds)") }
    }

    private var tuningSystem: TuningSystem? {
        ["equal": TuningSystem.equalTemperament, "just": .justIntonation][tuning]
    }

    var synthesis: SynthesisSettings {
        SynthesisSettings(rampDuration: .microseconds(Int64(rampMilliseconds * 1000)))
    }

    /// The notes, with their start times.
    var notes: [OfflineRenderer.Note] {
        let midi = MIDINote(note)!
        let pitch = ReferencePitch(hertz: reference)!
        let length = Duration.seconds(duration)
        guard comparison else {
            let tone = Tone(frequency: Frequency(note: midi, offset: Cents(cents), reference: pitch), duration: length, level: AmplitudeDB(level))
            return [OfflineRenderer.Note(start: .zero, tone: tone)]
        }
        let timing = ComparisonSession.Timing(noteDuration: length, noteGap: .seconds(gap), referencePitch: pitch)
        let directed = DirectedInterval(spelled: interval)!
        let played = Comparison(
            directed == .unison ? .pitchComparison : .intervalComparison, note1: midi, interval: directed,
            tuningSystem: tuningSystem!, centOffset: Cents(cents))
        return OfflineRenderer.notes(of: played, timing: timing)
            .map { OfflineRenderer.Note(start: $0.start, tone: Tone(frequency: $0.tone.frequency, duration: $0.tone.duration, level: $0.tone.level + AmplitudeDB(level))) }
    }
}
