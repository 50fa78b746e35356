import ArgumentParser
import Foundation
import PeachAudio
import PeachCore

struct Intonation: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract:
            "Which Voice? in the terminal: a held triad, one voice out of tune: ↑ highest, → middle, ↓ lowest; q quits.",
        discussion:
            "The chord is tuned from the root played: just intonation (4:5:6, 10:12:15) or equal temperament. Answers are stored with the web app's."
    )

    @OptionGroup var storage: StoreOptions
    @OptionGroup var audio: AudioOptions
    @OptionGroup var note: NoteOptions
    @OptionGroup var sound: SoundOptions

    @Option(
        help: "equal (equal temperament) or just (just intonation from the played root); default: the saved setting.")
    var tuning: String?

    private var overrides: SettingsUpdate {
        var update = note.overrides
        update.kindValues["chordTuningSystem"] = tuning.map { .text(TuningOption.setting($0)) }
        return update
    }

    func validate() throws {
        try TuningOption.validate(tuning)
        try NoteOptions.validate(overrides)
    }

    func run() async throws {
        try await ChoiceTraining<ChordIntonationKind>(
            discipline: .chordIntonation, storage: storage, audio: audio, sound: sound, overrides: overrides
        ).run(
            introduction: { settings in
                let tuning =
                    settings[ChordIntonationSettings.self].chordTuningSystem == .justIntonation
                    ? "just intonation" : "equal temperament (thirds about 14 ¢ wider than pure)"
                return
                    "Which voice? Triads in \(tuning). Which voice is out of tune: highest (↑ or k), middle (→ or l), lowest (↓ or j)? q quits."
            },
            answer: { input, _ in
                switch input {
                case .up: .highest
                case .right: .middle
                case .down: .lowest
                default: nil
                }
            },
            judgement: { completed, _ in
                let off = String(format: "%.1f", abs(completed.detuneCents.rawValue))
                let way = completed.detuneCents.rawValue > 0 ? "sharp" : "flat"
                return
                    "\(ChoiceTraining<ChordIntonationKind>.mark(completed.isCorrect)) the \(completed.detunedVoice.rawValue) voice was \(off) ¢ \(way)"
            })
    }
}
