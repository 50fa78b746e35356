import ArgumentParser
import Foundation
import PeachAudio
import PeachCore

struct Chords: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Chord Quality in the terminal: a chord, then press its quality's number (1–8); q quits.",
        discussion:
            "The qualities, block or arpeggio and inversions are the saved settings' (Settings › Chord quality). Answers are stored with the web app's."
    )

    @OptionGroup var storage: StoreOptions
    @OptionGroup var audio: AudioOptions
    @OptionGroup var note: NoteOptions
    @OptionGroup var sound: SoundOptions

    @Option(
        help:
            "The qualities to train, comma-separated (\(ChordQuality.allCases.map(\.rawValue).joined(separator: ", "))); default: the saved setting."
    )
    var qualities: String?

    @Option(help: "block or arpeggio; default: the saved setting.")
    var voicing: String?

    @Flag(inversion: .prefixedNo, help: "Inversions too, not only root position; default: the saved setting.")
    var inversions: Bool?

    private var overrides: SettingsUpdate {
        var update = note.overrides
        update.kindValues["chordQualities"] = qualities.map { names in
            .list(names.split(separator: ",").map { .text($0.trimmingCharacters(in: .whitespaces)) })
        }
        update.kindValues["chordVoicing"] = voicing.map(SettingValue.text)
        update.kindValues["chordInversions"] = inversions.map(SettingValue.flag)
        return update
    }

    func validate() throws {
        try NoteOptions.validate(overrides)
    }

    func run() async throws {
        try await ChoiceTraining<ChordQualityKind>(
            discipline: .chordQuality, storage: storage, audio: audio, sound: sound, overrides: overrides
        ).run(
            introduction: { settings in
                let settings = settings[ChordQualitySettings.self]
                let listed = ChordQualityKind.choices(settings.chordQualities).map {
                    "\($0.key) \(Self.name($0.quality))"
                }.joined(separator: " · ")
                let how = settings.chordVoicing == .arpeggio ? "Arpeggiated chords" : "Chords"
                return "\(how)\(settings.chordInversions ? ", inversions too" : ""). Which quality? \(listed). q quits."
            },
            answer: { input, settings in
                guard case .digit(let number) = input else { return nil }
                return ChordQualityKind.choices(settings[ChordQualitySettings.self].chordQualities).first {
                    $0.key == String(number)
                }?.quality
            },
            judgement: { completed, _ in
                let mark = ChoiceTraining<ChordQualityKind>.mark(completed.isCorrect)
                // Spelled as the page spells it (A♭, G♯m, B♭7), never sharps alone.
                let chord = ChordSpelling(rootPitchClass: completed.rootNote.rawValue % 12, quality: completed.quality)
                    .symbol(in: .english)
                return completed.isCorrect
                    ? "\(mark) \(chord) (\(Self.name(completed.quality)))"
                    : "\(mark) it was \(chord) (\(Self.name(completed.quality))), not \(Self.name(completed.answeredQuality))"
            })
    }

    /// How the terminal names a quality: in words, the symbol beside it.
    static func name(_ quality: ChordQuality) -> String {
        switch quality {
        case .major: "major"
        case .minor: "minor"
        case .diminished: "diminished"
        case .augmented: "augmented"
        case .dominant7: "dominant 7"
        case .major7: "major 7"
        case .minor7: "minor 7"
        case .halfDiminished7: "half-diminished 7"
        }
    }
}
