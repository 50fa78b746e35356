import ArgumentParser
import Foundation
import PeachAudio
import PeachCore

struct Progressions: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract:
            "Chord Progressions in the terminal: a cadence sets the key, then three to five chords: name each by its Roman numeral (I IV V I) or its scale step (1 4 5 1; 8 for V7) and Enter; with --common, name a common progression as a whole (its number, its name or its numerals); with --midi play the chords on a keyboard in any octave (a line of - takes back the last chord played, an empty line all of them); q quits.",
        discussion:
            "The numerals, minor keys and longer progressions come as you master the ones before. The tuning, inversions and common progressions are the saved settings' (equal or just: every chord pure from its root, the tonic never drifting; inversions where the bass can step, as in I V6 vi; a numeral typed with its figure, V6, is read as the numeral). Answers are stored with the web app's. It speaks the saved language setting's language; on automatic, German where the locale is German (LC_ALL, LC_MESSAGES or LANG: de_DE.UTF-8), else English."
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
        let saved = try await NoteOptions.saved(in: stores.settings)
        let settings = try saved.applying(overrides).training
        let lines = ProgressionLines(saved.language.terminal(environment: ProcessInfo.processInfo.environment))
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
                announcement: lines.announcement),
            clock: ContinuousClock(),
            onFeedback: { Output.line(lines.judgement($0)) },
            onError: { error in FileHandle.standardError.write(Data("\(error)\n".utf8)) })

        Output.line(lines.introduction(common: common, keyboard: typed.keyboard != nil))
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
                    Output.line(lines.early)
                    continue
                }
                if line.trimmingCharacters(in: .whitespaces).isEmpty, playing?.numerals.isEmpty == false {
                    playing?.restart()
                    Output.line(lines.startAgain)
                    continue
                }
                // A typed line is edited before Enter; a chord played is taken back by a line of its own.
                if line.trimmingCharacters(in: .whitespaces) == "-", var chords = playing, !chords.numerals.isEmpty {
                    chords.takeBack()
                    playing = chords
                    Output.line(lines.tookBack(chords.numerals, trial: trial))
                    continue
                }
                answer = Self.answer(typed: line, trial: trial, lines: lines)
            case .midi(let message):
                guard let keys = reader.read(message), let trial = await driver.state.openTrial else { continue }
                var chords = playing ?? PlayedProgression(trial)
                let step = chords.play(keys)
                playing = chords
                Output.line(lines.said(step, trial: trial, offered: chords.offered))
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
    static func answer(typed line: String, trial: ChordProgressionTrial, lines: ProgressionLines) -> Progression? {
        if !trial.progressions.isEmpty {
            guard let named = CommonProgression.typed(line, choices: trial.progressions) else {
                Output.line(lines.noneOf(line, trial.progressions))
                return nil
            }
            return named.progression
        }
        switch TypedProgression.parse(line, choices: trial.choices) {
        case .success(let named) where named.count == trial.progression.count: return named
        case .success(let named): Output.line(lines.wrongLength(named.count, of: trial.progression.count))
        case .failure(let problem): Output.line(lines.refusal(problem, choices: trial.choices))
        }
        return nil
    }
}
