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

    @Option(name: .customLong("ramp-ms"), help: "The shortest attack and release, in milliseconds (5–500).")
    var rampMilliseconds = 5.0

    func validate() throws {
        guard NoteRange.pianoRange.contains(note) else { throw ValidationError("--note must be within 21–108, got \(note)") }
        guard (-1200...1200).contains(cents) else { throw ValidationError("--cents must be within −1200–1200, got \(cents)") }
        guard (0.01...60).contains(duration) else { throw ValidationError("--duration must be within 0.01–60 seconds, got \(duration)") }
        guard ReferencePitch(hertz: reference) != nil else { throw ValidationError("--reference must be within 380–500 Hz, got \(reference)") }
        guard (-60...0).contains(level) else { throw ValidationError("--level must be within −60–0 dB, got \(level)") }
        guard (0...5).contains(gap) else { throw ValidationError("--gap must be within 0–5 seconds, got \(gap)") }
        guard (5...500).contains(rampMilliseconds) else { throw ValidationError("--ramp-ms must be within 5–500, got \(rampMilliseconds)") }
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
        return OfflineRenderer.notes(of: Comparison(note1: midi, centOffset: Cents(cents)), timing: timing)
            .map { OfflineRenderer.Note(start: $0.start, tone: Tone(frequency: $0.tone.frequency, duration: $0.tone.duration, level: $0.tone.level + AmplitudeDB(level))) }
    }
}
