import ArgumentParser
import Foundation
import PeachAudio
import PeachCore

struct Degrees: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract:
            "Scale Degrees in the terminal: a cadence sets the key, then one note: press its degree's number (1–7), or with --midi play it on a keyboard in any octave; q quits.",
        discussion:
            "The degrees, mode and names are the saved settings' (Settings › Scale degrees). Answers are stored with the web app's."
    )

    @OptionGroup var storage: StoreOptions
    @OptionGroup var audio: AudioOptions
    @OptionGroup var note: NoteOptions
    @OptionGroup var sound: SoundOptions
    @OptionGroup var midi: MIDIOptions

    @Option(help: "major or minor; default: the saved setting.")
    var mode: String?

    @Option(help: "numbers (♭3) or solfege (me); default: the saved setting.")
    var labels: String?

    private var overrides: SettingsUpdate {
        var update = note.overrides
        update.kindValues["scaleMode"] = mode.map(SettingValue.text)
        update.kindValues["degreeLabels"] = labels.map(SettingValue.text)
        return update
    }

    func validate() throws {
        try NoteOptions.validate(overrides)
    }

    func run() async throws {
        try await ChoiceTraining<ScaleDegreeKind>(
            discipline: .scaleDegree, storage: storage, audio: audio, sound: sound, overrides: overrides, midi: midi
        ).run(
            introduction: { settings in
                let listed = Self.choices(settings).filter { $0.key != nil }.map { "\($0.key!) \($0.label)" }.joined(
                    separator: " · ")
                return
                    "Scale degrees in \(settings[ScaleDegreeSettings.self].scaleMode.rawValue) keys. A cadence, then a note: which degree? \(listed). q quits."
            },
            answer: { input, settings in
                guard case .digit(let number) = input else { return nil }
                return Self.choices(settings).first { $0.key == String(number) }?.degree
            },
            midiAnswer: ScaleDegree.init(rawValue:),
            judgement: { completed, settings in
                let labels = settings[ScaleDegreeSettings.self].degreeLabels
                let (played, named) = (completed.degree.label(labels), completed.answeredDegree.label(labels))
                let mark = ChoiceTraining<ScaleDegreeKind>.mark(completed.isCorrect)
                return completed.isCorrect ? "\(mark) \(played)" : "\(mark) it was \(played), not \(named)"
            })
    }

    /// The keys the browser shows, by the same rule.
    private static func choices(_ settings: TrainingSettings) -> [ScaleDegreeFields.Choice] {
        let own = settings[ScaleDegreeSettings.self]
        return ScaleDegreeKind.choices(own.choices, mode: own.scaleMode, labels: own.degreeLabels)
    }
}
