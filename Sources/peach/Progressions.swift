import ArgumentParser
import Foundation
import PeachAudio
import PeachCore

struct Progressions: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract:
            "Chord Progressions in the terminal: a cadence sets the key, then three to five chords: name each by its Roman numeral (I IV V I) or its scale step (1 4 5 1; 8 for V7) and Enter; with --common, name a common progression as a whole (its number, its name or its numerals); q quits.",
        discussion:
            "The numerals, minor keys and longer progressions come as you master the ones before. The tuning, inversions and common progressions are the saved settings' (equal or just: every chord pure from its root, the tonic never drifting; inversions where the bass can step, as in I V6 vi). Answers are stored with the web app's."
    )

    @OptionGroup var storage: StoreOptions
    @OptionGroup var audio: AudioOptions
    @OptionGroup var note: NoteOptions
    @OptionGroup var sound: SoundOptions

    @Option(help: "equal or just; default: the saved setting.")
    var tuning: String?

    @Flag(
        inversion: .prefixedNo,
        help: "Inversions where they let the bass move by step (I V6 vi); default: the saved setting.")
    var inversions: Bool?

    @Flag(help: "Common Progressions: name the progression as a whole (ii-V-I, 12-bar blues …).")
    var common = false

    @Option(
        help:
            "With --common: the progressions to name, comma-separated (\(CommonProgression.allCases.map(\.rawValue).joined(separator: ", "))); default: the saved setting."
    )
    var progressions: String?

    private var overrides: SettingsUpdate {
        var update = note.overrides
        update.tuningSystem = tuning.map(TuningOption.setting)
        update.kindValues["progressionInversions"] = inversions.map(SettingValue.flag)
        update.kindValues["commonProgressions"] = progressions.map { names in
            .list(names.split(separator: ",").map { .text($0.trimmingCharacters(in: .whitespaces)) })
        }
        return update
    }

    func validate() throws {
        try TuningOption.validate(tuning)
        try NoteOptions.validate(overrides)
    }

    func run() async throws {
        let stores = try await storage.open()
        let settings = try await NoteOptions.settings(in: stores.settings, overrides: overrides)
        let trials = try await TrialSource.resuming(from: stores.records)
        let synthesizer = try sound.synthesizer(
            settings: SynthesisSettings(), saved: settings.soundSource, kind: ChordProgressionKind.self)
        let output = try audio.start(synthesizer)
        let (lines, continuation) = AsyncStream<String?>.makeStream()
        Thread.detachNewThread {
            while let line = readLine() { continuation.yield(line) }
            continuation.yield(nil)
        }
        let driver = TrainingSessionDriver(
            ChoicePiece<ChordProgressionKind>(settings: settings),
            player: TonePlayer(SynthesizerNotePlayer(synthesizer: synthesizer)),
            store: stores.records,
            source: AnnouncedTrials(
                feed: trials.feed(
                    ChordProgressionKind.self, common ? .commonProgression : .chordProgression, settings: settings),
                announcement: Self.announcement),
            clock: ContinuousClock(),
            onFeedback: { [inversions = settings[ChordProgressionSettings.self].progressionInversions] in
                Output.line(Self.judgement($0, inversions: inversions))
            },
            onError: { error in FileHandle.standardError.write(Data("\(error)\n".utf8)) })

        Output.line(
            common
                ? "Common progressions: a cadence, then a progression. Name it (its number, its name or its numerals) and Enter; q quits."
                : "Chord progressions: a cadence, then the chords. Name each (I IV V I, or 1 4 5 1; 8 for V7) and Enter; q quits."
        )
        await driver.start()
        for await line in lines {
            if line?.trimmingCharacters(in: .whitespaces).lowercased() ?? "q" == "q" { break }
            // The sound failed: the session is over.
            if case .idle = await driver.state { break }
            guard let trial = await driver.state.openTrial, let line else {
                Output.line("Wait for the progression, then name its chords.")
                continue
            }
            if common {
                guard let named = CommonProgression.typed(line, choices: trial.progressions) else {
                    Output.line("\(line) is none of \(Self.listed(trial.progressions)): type it again.")
                    continue
                }
                await driver.answer(named.progression)
                continue
            }
            switch TypedProgression.parse(line, choices: trial.choices) {
            case .success(let named) where named.count == trial.progression.count: await driver.answer(named)
            case .success(let named):
                Output.line(
                    "The progression has \(trial.progression.count) chords, not \(named.count): type them again.")
            case .failure(let problem): Output.line("\(problem): type them again.")
            }
        }
        // An unanswered trial is discarded; every answered one is already stored.
        await driver.stop()
        await output.close()
        await stores.close()
    }

    /// A trial as it is drawn: its key, how many chords (and whether some may be inverted), and the
    /// numerals to name them with and their keys; or the common progressions to name it by.
    static func announcement(_ trial: ChordProgressionTrial) -> String {
        let key = MusicalKey(tonic: trial.tonic, mode: trial.mode)
        if !trial.progressions.isEmpty {
            return "Key: \(key.name(in: .english)). Choose from \(listed(trial.progressions))."
        }
        let choices = trial.choices.map { "\($0.rawValue) (\($0.key))" }.joined(separator: " ")
        let inverted = trial.inversions ? ", inversions too" : ""
        return "Key: \(key.name(in: .english)); \(trial.progression.count) chords\(inverted). Choose from \(choices)."
    }

    /// Each numeral named, marked right or wrong (a right one as the chord played: V⁶), then the
    /// chords played where one was wrong. The session's trials are drawn with its settings, so the
    /// record and whether they invert say how the chords were played.
    static func judgement(_ record: CompletedChordProgression, inversions: Bool) -> String {
        if let named = record.named {
            return record.isCorrect
                ? "✓ \(named.played.englishName)"
                : "✗\u{07} it was \(named.played.englishName), not \(named.answered.englishName)"
        }
        let played = ChordProgressionTrial(
            tonic: record.tonicNote, mode: record.mode, progression: record.progression,
            tuningSystem: record.tuningSystem, inversions: inversions, choices: []
        ).chordNames
        let marks = zip(record.answer.numerals, zip(played, record.chordsCorrect)).map { named, chord in
            chord.1 ? "\(chord.0)✓" : "\(named.rawValue)✗"
        }.joined(separator: " ")
        return record.isCorrect ? "✓ \(marks)" : "✗\u{07} \(marks) — it was \(played.joined(separator: " "))"
    }

    /// Each common progression offered with the number that names it.
    static func listed(_ progressions: [CommonProgression]) -> String {
        progressions.enumerated().map { "\($0 + 1) \($1.englishName)" }.joined(separator: " · ")
    }
}
