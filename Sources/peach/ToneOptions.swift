import ArgumentParser
import PeachAudio
import PeachCore

/// What `peach render` and `peach play` sound: one note, a whole comparison, or a chord, as the
/// trainer plays them.
struct ToneOptions: ParsableArguments {
    @Option(
        name: [.customLong("note"), .customLong("root")],
        help: "The MIDI note (21–108); with --chord, the chord's root.")
    var note = 69

    @Option(
        parsing: .unconditional, help: "Cents added to the note; with --comparison, note 2's signed offset from note 1."
    )
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

    @Option(
        help:
            "A chord on --root as Chord Quality plays it (maj, m, dim, aug, 7, maj7, m7, m7b5, or the qualities' names); a major or minor one in --tuning just, or with --voice, as Which Voice? holds it."
    )
    var chord: String?

    @Option(help: "With --chord: 0 root position, 1–3 the third, fifth or seventh in the bass.")
    var inversion = 0

    @Flag(help: "With --chord: the notes one after another from the bass up, then held, as Chord Quality arpeggiates.")
    var arpeggio = false

    @Option(
        help:
            "With --chord (major or minor): the voice detuned by --cents, lowest, middle or highest, as Which Voice? plays it."
    )
    var voice: String?

    func validate() throws {
        guard NoteRange.pianoRange.contains(note) else {
            throw ValidationError("--note must be within 21–108, got \(note)")
        }
        guard (-1200...1200).contains(cents) else {
            throw ValidationError("--cents must be within −1200–1200, got \(cents)")
        }
        guard (0.01...60).contains(duration) else {
            throw ValidationError("--duration must be within 0.01–60 seconds, got \(duration)")
        }
        guard ReferencePitch(hertz: reference) != nil else {
            throw ValidationError("--reference must be within 380–500 Hz, got \(reference)")
        }
        guard (-60...0).contains(level) else { throw ValidationError("--level must be within −60–0 dB, got \(level)") }
        guard (0...5).contains(gap) else { throw ValidationError("--gap must be within 0–5 seconds, got \(gap)") }
        guard let directed = DirectedInterval(spelled: interval) else {
            throw ValidationError(
                "--interval '\(interval)' is not an interval: use P1, m2, M2, m3, M3, P4, d5, P5, m6, M6, m7, M7, P8, optionally followed by up or down"
            )
        }
        guard let target = directed.target(from: MIDINote(note) ?? MIDINote(69)!),
            NoteRange.pianoRange.contains(target.rawValue)
        else {
            throw ValidationError("--interval \(interval) from --note \(note) leaves MIDI 21–108")
        }
        try TuningOption.validate(tuning)
        guard (5...500).contains(rampMilliseconds) else {
            throw ValidationError("--ramp-ms must be within 5–500, got \(rampMilliseconds)")
        }
        if let chord { try validateChord(chord) }
    }

    /// Each quality's lead-sheet suffix (`ChordQuality.symbol`, major's empty one aside), and the
    /// spellings a keyboard types more easily.
    private static let chordSymbols: [String: ChordQuality] = Dictionary(
        uniqueKeysWithValues: ChordQuality.allCases.filter { !$0.symbol.isEmpty }.map { ($0.symbol, $0) }
    ).merging([
        "maj": .major, "M": .major, "min": .minor, "dim": .diminished, "aug": .augmented, "m7b5": .halfDiminished7,
    ]) { $1 }

    private var quality: ChordQuality? { chord.flatMap { Self.chordSymbols[$0] ?? ChordQuality(rawValue: $0) } }

    /// Which Voice's chords: a major or minor triad in just intonation, or with a voice detuned.
    private var heldTriad: Triad? {
        guard tuningSystem == .justIntonation || voice != nil, let quality else { return nil }
        return Triad(rawValue: quality.rawValue)
    }

    private func validateChord(_ chord: String) throws {
        guard !comparison else { throw ValidationError("--chord and --comparison: choose one") }
        guard let quality else {
            throw ValidationError(
                "--chord '\(chord)' is not a chord: use \(Self.chordSymbols.keys.sorted().joined(separator: ", ")) or \(ChordQuality.allCases.map(\.rawValue).joined(separator: ", "))"
            )
        }
        if let voice, ChordVoice(rawValue: voice) == nil {
            throw ValidationError("--voice must be lowest, middle or highest, got '\(voice)'")
        }
        if tuningSystem == .justIntonation || voice != nil {
            guard Triad(rawValue: quality.rawValue) != nil else {
                throw ValidationError(
                    "--chord \(chord) in --tuning just or with --voice must be major or minor (Which Voice?'s triads); Chord Quality plays its chords in equal temperament"
                )
            }
            guard inversion == 0, !arpeggio else {
                throw ValidationError("Which Voice?'s triads are held in root position: no --inversion or --arpeggio")
            }
        }
        guard (0..<quality.semitones.count).contains(inversion) else {
            throw ValidationError(
                "--inversion must be within 0–\(quality.semitones.count - 1) for \(quality.rawValue), got \(inversion)")
        }
        guard note + ChordQualityTrial.offsets(quality, inversion: inversion).last! <= NoteRange.pianoRange.upperBound
        else {
            throw ValidationError("--chord \(chord) on --root \(note) reaches above MIDI 108")
        }
    }

    private var tuningSystem: TuningSystem? {
        TuningOption.systems[tuning]
    }

    var synthesis: SynthesisSettings {
        SynthesisSettings(rampDuration: .microseconds(Int64(rampMilliseconds * 1000)))
    }

    /// The notes, with their start times.
    var notes: [OfflineRenderer.Note] {
        let midi = MIDINote(note)!
        var settings = TrainingSettings.default
        settings.referencePitch = ReferencePitch(hertz: reference)!
        settings.noteDurationSeconds = duration
        settings.noteGapSeconds = gap
        let sounding: [SoundingTones]
        if chord != nil {
            sounding = chordSounding(root: midi, settings: settings)
        } else if comparison {
            let directed = DirectedInterval(spelled: interval)!
            let played = Comparison(
                directed == .unison ? .pitchComparison : .intervalComparison, note1: midi, interval: directed,
                tuningSystem: tuningSystem!, centOffset: Cents(cents))
            sounding = ComparisonKind.sounding(played, settings: settings)
        } else {
            let tone = Tone(
                frequency: Frequency(note: midi, offset: Cents(cents), reference: settings.referencePitch),
                duration: .seconds(duration))
            sounding = [SoundingTones(start: .zero, tones: [tone])]
        }
        return OfflineRenderer.notes(of: sounding).map {
            OfflineRenderer.Note(
                start: $0.start,
                tone: Tone(
                    frequency: $0.tone.frequency, duration: $0.tone.duration, level: $0.tone.level + AmplitudeDB(level))
            )
        }
    }

    /// The chord's tones as the trainer sounds them (`sounding` of its kind).
    private func chordSounding(root: MIDINote, settings: TrainingSettings) -> [SoundingTones] {
        if let triad = heldTriad {
            let trial = ChordIntonationTrial(
                root: root, triad: triad, tuningSystem: tuningSystem!,
                detunedVoice: voice.flatMap(ChordVoice.init) ?? .lowest,
                centOffset: Cents(voice == nil ? 0 : cents))
            return ChordIntonationKind.sounding(trial, settings: settings)
        }
        let trial = ChordQualityTrial(
            root: root, quality: quality!, inversion: inversion, voicing: arpeggio ? .arpeggio : .block, choices: [])
        return ChordQualityKind.sounding(trial, settings: settings)
    }
}
