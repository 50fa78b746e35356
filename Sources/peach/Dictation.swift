import ArgumentParser
import Foundation
import PeachAudio
import PeachCore

struct Dictation: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract:
            "Play it Back in the terminal: a cadence sets the key, then a melody: type its notes (C4 D4 E4 G4, or c d e g: the first in the octave from the tonic shown up, each next nearest the one before) and Enter, or with --midi play them on a keyboard; q quits.",
        discussion:
            "The lengths, mode, step sizes and span are the saved settings' (Settings › Play it back). Answers are stored with the web app's."
    )

    @OptionGroup var storage: StoreOptions
    @OptionGroup var audio: AudioOptions
    @OptionGroup var note: NoteOptions
    @OptionGroup var sound: SoundOptions
    @OptionGroup var midi: MIDIOptions

    @Option(name: .customLong("melody-mode"), help: "major or minor; default: the saved setting.")
    var melodyMode: String?

    @Option(help: "The fewest notes a melody has (2–8); default: the saved setting.")
    var shortest: Int?

    @Option(help: "The most notes a melody grows to (2–8); default: the saved setting.")
    var longest: Int?

    @Option(
        help: "Step sizes as interval numbers, comma-separated (2: a second … 5: a fifth); default: the saved setting.")
    var steps: String?

    @Option(help: "The most semitones between a melody's lowest and highest note: 7 or 12; default: the saved setting.")
    var span: Int?

    private var overrides: SettingsUpdate {
        var update = note.overrides
        update.kindValues["melodyMode"] = melodyMode.map(SettingValue.text)
        update.kindValues["melodyShortest"] = shortest.map(SettingValue.number)
        update.kindValues["melodyLongest"] = longest.map(SettingValue.number)
        update.kindValues["melodySteps"] = steps.map { list in
            .list(
                list.split(separator: ",").map {
                    Int($0.trimmingCharacters(in: .whitespaces)).map(SettingValue.number) ?? .text(String($0))
                })
        }
        update.kindValues["melodySpan"] = span.map(SettingValue.number)
        return update
    }

    func validate() throws {
        try NoteOptions.validate(overrides)
    }

    func run() async throws {
        try midi.checkAvailable()
        let stores = try await storage.open()
        let settings = try await NoteOptions.settings(in: stores.settings, overrides: overrides)
        let trials = try await TrialSource.resuming(from: stores.records)
        let synthesizer = try sound.synthesizer(
            settings: SynthesisSettings(), saved: settings.soundSource, kind: MelodicDictationKind.self)
        let output = try audio.start(synthesizer)
        let typed = try TypedLines(midi: midi)
        let driver = TrainingSessionDriver(
            ChoicePiece<MelodicDictationKind>(settings: settings),
            player: TonePlayer(SynthesizerNotePlayer(synthesizer: synthesizer)),
            store: stores.records,
            source: AnnouncedTrials(
                feed: trials.feed(MelodicDictationKind.self, .melodicDictation, settings: settings),
                announcement: Self.announcement),
            clock: ContinuousClock(), onFeedback: { Output.line(Self.judgement($0)) },
            onError: { error in FileHandle.standardError.write(Data("\(error)\n".utf8)) })

        Output.line(
            "Play it back in \(settings[MelodicDictationSettings.self].melodyMode.rawValue) keys: a cadence, then a melody. Type its notes and Enter (C4 D4 E4 G4, or c d e g: the first in the octave from the tonic up, each next nearest the one before); q quits."
        )
        await driver.start()
        var played: PlayedMelody?
        for await input in typed.inputs {
            if case .quit = input { break }
            // The sound failed: the session is over.
            if case .idle = await driver.state { break }
            // Keys and lines before the melody has ended are not an answer (the session ignores them).
            guard let trial = await driver.state.openTrial else {
                if case .line = input { Output.line("Wait for the melody to end, then play it back.") }
                continue
            }
            switch input {
            case .midi(.noteOn(let key, _)):
                if played?.length != trial.melody.count { played = PlayedMelody(length: trial.melody.count) }
                if let melody = played?.play(key) {
                    await driver.answer(melody)
                } else if let notes = played?.notes {
                    let names = MusicalKey(tonic: trial.tonic, mode: trial.mode).spell(melody: notes)
                        .map { $0.name(in: .english) }
                    Output.line(
                        "\(names.joined(separator: " ")) (\(notes.count) of \(trial.melody.count); Enter starts again)")
                }
            case .line(let line)
            where line.trimmingCharacters(in: .whitespaces).isEmpty && played?.notes.isEmpty == false:
                played = nil
                Output.line("Play the melody again from its first note.")
            case .line(let line):
                switch TypedMelody.parse(line, tonic: trial.tonic) {
                case .success(let melody) where melody.count == trial.melody.count: await driver.answer(melody)
                case .success(let melody):
                    Output.line("The melody has \(trial.melody.count) notes, not \(melody.count): type them again.")
                case .failure(let problem): Output.line("\(problem): type them again.")
                }
            case .midi, .quit: break
            }
        }
        // An unanswered trial is discarded; every answered one is already stored.
        typed.keyboard?.close()
        await driver.stop()
        await output.close()
        await stores.close()
    }

    /// A trial as it is drawn: its key, the tonic whose octave up a first note typed without an
    /// octave lies in, and how many notes to type; the key and its tonic spelled as the page spells
    /// them (A♭ major, tonic A♭3).
    static func announcement(_ trial: MelodicDictationTrial) -> String {
        let key = MusicalKey(tonic: trial.tonic, mode: trial.mode)
        return
            "Key: \(key.name(in: .english)), tonic \(key.spell(trial.tonic).name(in: .english)); \(trial.melody.count) notes."
    }

    /// Each note as played back, marked right or wrong, then the melody where a note was wrong; every
    /// note spelled in the melody's key, as the page spells it (B♭3 in F major, not A♯3).
    static func judgement(_ record: CompletedMelodicDictation) -> String {
        let key = MusicalKey(tonic: record.tonicNote, mode: record.mode)
        let spelled = { (melody: Melody) in key.spell(melody: melody.notes).map { $0.name(in: .english) } }
        let marks = zip(spelled(record.answer), record.notesCorrect).map { "\($0)\($1 ? "✓" : "✗")" }.joined(
            separator: " ")
        let mark = record.isCorrect ? "✓" : "✗\u{07}"
        return record.isCorrect
            ? "\(mark) \(marks)" : "\(mark) \(marks) — it was \(spelled(record.melody).joined(separator: " "))"
    }
}
