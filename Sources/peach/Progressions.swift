import ArgumentParser
import Foundation
import PeachAudio
import PeachCore

struct Progressions: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract:
            "Chord Progressions in the terminal: a cadence sets the key, then three to five chords: name each by its Roman numeral (I IV V I) or its scale step (1 4 5 1; 8 for V7) and Enter; with --common, name a common progression as a whole (its number, its name or its numerals); with --midi play the chords on a keyboard in any octave; q quits.",
        discussion:
            "The numerals, minor keys and longer progressions come as you master the ones before. The tuning, inversions and common progressions are the saved settings' (equal or just: every chord pure from its root, the tonic never drifting; inversions where the bass can step, as in I V6 vi; a numeral typed with its figure, V6, is read as the numeral). Answers are stored with the web app's."
    )

    @OptionGroup var storage: StoreOptions
    @OptionGroup var audio: AudioOptions
    @OptionGroup var note: NoteOptions
    @OptionGroup var sound: SoundOptions
    @OptionGroup var midi: MIDIOptions

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
        try midi.checkAvailable()
        let stores = try await storage.open()
        let settings = try await NoteOptions.settings(in: stores.settings, overrides: overrides)
        let trials = try await TrialSource.resuming(from: stores.records)
        let synthesizer = try sound.synthesizer(
            settings: SynthesisSettings(), saved: settings.soundSource, kind: ChordProgressionKind.self)
        let output = try audio.start(synthesizer)
        let typed = try TypedLines(midi: midi)
        let driver = TrainingSessionDriver(
            ChoicePiece<ChordProgressionKind>(settings: settings),
            player: TonePlayer(SynthesizerNotePlayer(synthesizer: synthesizer)),
            store: stores.records,
            source: AnnouncedTrials(
                feed: trials.feed(
                    ChordProgressionKind.self, common ? .commonProgression : .chordProgression, settings: settings),
                announcement: Self.announcement),
            clock: ContinuousClock(),
            onFeedback: { Output.line(Self.judgement($0)) },
            onError: { error in FileHandle.standardError.write(Data("\(error)\n".utf8)) })

        let played = typed.keyboard == nil ? "" : ", or play them on the keyboard"
        Output.line(
            common
                ? "Common progressions: a cadence, then a progression. Name it (its number, its name or its numerals) and Enter\(played); q quits."
                : "Chord progressions: a cadence, then the chords. Name each (I IV V I, or 1 4 5 1; 8 for V7) and Enter\(played); q quits."
        )
        await driver.start()
        var reader = MIDIChordReader()
        // The chords played for the open trial; a new answer starts from none.
        var playing: PlayedProgression?
        inputs: for await input in typed.inputs {
            let answer: Progression?
            switch input {
            case .quit: break inputs
            case .line(let line):
                // The sound failed: the session is over.
                if case .idle = await driver.state { break inputs }
                guard let trial = await driver.state.openTrial else {
                    Output.line("Wait for the progression, then name its chords.")
                    continue
                }
                if line.trimmingCharacters(in: .whitespaces).isEmpty, playing?.numerals.isEmpty == false {
                    playing?.restart()
                    Output.line("Play the progression again from its first chord.")
                    continue
                }
                answer = Self.answer(typed: line, trial: trial)
            case .midi(let message):
                guard let keys = reader.read(message), let trial = await driver.state.openTrial else { continue }
                var chords = playing ?? PlayedProgression(trial)
                let step = chords.play(keys)
                playing = chords
                Output.line(Self.said(step, trial: trial, offered: chords.offered))
                guard case .answered(let played) = step else { continue }
                answer = played
            }
            if let answer {
                playing = nil
                await driver.answer(answer)
            }
        }
        // An unanswered trial is discarded; every answered one is already stored.
        typed.keyboard?.close()
        await driver.stop()
        await output.close()
        await stores.close()
    }

    /// The progression a typed line names, or nil once a line has said why it names none.
    static func answer(typed line: String, trial: ChordProgressionTrial) -> Progression? {
        if !trial.progressions.isEmpty {
            guard let named = CommonProgression.typed(line, choices: trial.progressions) else {
                Output.line("\(line) is none of \(listed(trial.progressions)): type it again.")
                return nil
            }
            return named.progression
        }
        switch TypedProgression.parse(line, choices: trial.choices) {
        case .success(let named) where named.count == trial.progression.count: return named
        case .success(let named):
            Output.line("The progression has \(trial.progression.count) chords, not \(named.count): type them again.")
        case .failure(let problem): Output.line("\(problem): type them again.")
        }
        return nil
    }

    /// What a chord played did, in one line: the numerals named so far, or why it named none.
    static func said(_ step: PlayedProgression.Step, trial: ChordProgressionTrial, offered: [RomanNumeral]) -> String {
        switch step {
        case .named(let numerals) where trial.progressions.isEmpty:
            "Played \(Progression(numerals)) (\(numerals.count) of \(trial.progression.count); Enter starts again)."
        case .named(let numerals): "Played \(Progression(numerals)) (Enter starts again)."
        case .answered(let answer): "Played \(answer)."
        case .noNumeral:
            "That chord is none of \(offered.map(\.rawValue).joined(separator: " ")): play it again."
        case .noProgression(let numerals):
            "\(Progression(numerals)) begins none of \(listed(trial.progressions)): play it again from its first chord."
        }
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
    /// chords played where one was wrong.
    static func judgement(_ record: CompletedChordProgression) -> String {
        if let named = record.named {
            return record.isCorrect
                ? "✓ \(named.played.englishName)"
                : "✗\u{07} it was \(named.played.englishName), not \(named.answered.englishName)"
        }
        let played = record.chordNames
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
