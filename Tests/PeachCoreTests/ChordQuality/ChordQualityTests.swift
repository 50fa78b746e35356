import Foundation
import Testing

@testable import PeachCore

struct ChordQualityTests {
    /// Each quality's intervals above the root, as a theory book spells them.
    static let spelled: [ChordQuality: [Interval]] = [
        .major: [.M3, .P5], .minor: [.m3, .P5], .diminished: [.m3, .d5], .augmented: [.M3, .m6],
        .dominant7: [.M3, .P5, .m7], .major7: [.M3, .P5, .M7], .minor7: [.m3, .P5, .m7],
        .halfDiminished7: [.m3, .d5, .m7],
    ]

    @Test(arguments: ChordQuality.allCases)
    func everyInversionHasTheQualitysPitchClassesWithTheRightBass(quality: ChordQuality) {
        let classes = Set([0] + Self.spelled[quality]!.map(\.semitones))
        for inversion in 0..<quality.semitones.count {
            let notes = ChordQualityTrial(
                root: MIDINote(60)!, quality: quality, inversion: inversion, voicing: .block, choices: []
            ).notes
            #expect(Set(notes.map { ($0.rawValue - 60 + 120) % 12 }) == classes, "\(quality) inversion \(inversion)")
            // The bass is the chord tone the inversion names; the notes rise and stay within an
            // octave, around the root as played.
            #expect((notes[0].rawValue - 60 + 120) % 12 == quality.semitones[inversion])
            #expect(notes.contains(MIDINote(60)!) && (inversion == 0) == (notes[0] == MIDINote(60)!))
            #expect(
                zip(notes, notes.dropFirst()).allSatisfy { $0 < $1 } && notes.last!.rawValue - notes[0].rawValue < 12)
        }
    }

    /// Each just tone is the tempered one it tunes: within a third of a semitone of it (the harmonic
    /// seventh 31 ¢ flat the most), so a pure chord is heard as the same quality.
    @Test(arguments: ChordQuality.allCases)
    func harmonicsTuneTheQualitysTones(quality: ChordQuality) {
        let harmonics = quality.harmonics
        #expect(harmonics.count == quality.semitones.count)
        for (harmonic, semitones) in zip(harmonics, quality.semitones) {
            let pure = 1200 * log2(Double(harmonic) / Double(harmonics[0]))
            #expect(abs(pure - Double(semitones) * 100) < 33, "\(quality): \(harmonic) against \(semitones)")
        }
    }

    @Test func drawnChordsStayInTheRangeAroundMiddleCAndFollowTheSettings() {
        var settings = TrainingSettings.default
        settings.noteRange = try! NoteRange(lower: 36, upper: 60)
        settings[ChordQualitySettings.self].chordQualities = [.minor7, .halfDiminished7]
        settings[ChordQualitySettings.self].chordInversions = true
        settings[ChordQualitySettings.self].chordVoicing = .arpeggio
        var generator = SeededGenerator(seed: 7)
        var inversions = Set<Int>()
        for _ in 0..<500 {
            let trial = ChordQualityKind.draw(
                .chordQuality, settings: settings, chain: ChordQualityKind.freshChain, using: &generator)
            let chosen = settings[ChordQualitySettings.self].chordQualities
            #expect(chosen.contains(trial.quality) && trial.choices == chosen)
            #expect(trial.voicing == .arpeggio)
            // The range ends below the chords' register (from F3): each chord as high as it allows.
            #expect(trial.notes.last! == settings.noteRange.upper)
            inversions.insert(trial.inversion)
        }
        #expect(inversions == [0, 1, 2, 3])
        // Without inversions, root position only; a range too low for the floor is still honoured.
        settings[ChordQualitySettings.self].chordInversions = false
        settings.noteRange = try! NoteRange(lower: 21, upper: 33)
        for _ in 0..<100 {
            let trial = ChordQualityKind.draw(
                .chordQuality, settings: settings, chain: ChordQualityKind.freshChain, using: &generator)
            #expect(trial.inversion == 0 && trial.notes[0].rawValue >= 21 && trial.notes.last!.rawValue <= 33)
        }
    }

    @Test func onlyAnOfferedQualityIsJudged() {
        let trial = ChordQualityTrial(
            root: MIDINote(55)!, quality: .minor, inversion: 1, voicing: .block, choices: [.major, .minor])
        #expect(ChordQualityKind.judge(trial, .diminished, at: Date()) == nil)
        let wrong = ChordQualityKind.judge(trial, .major, at: Date(timeIntervalSince1970: 5))!
        #expect(
            !wrong.isCorrect && wrong.quality == .minor && wrong.answeredQuality == .major && wrong.inversion == 1
                && wrong.rootNote.rawValue == 55)
        #expect(ChordQualityKind.judge(trial, .minor, at: Date())!.isCorrect)
    }

    @Test func anArpeggioRisesFromTheBassAndEveryNoteEndsTogetherAsLoudAsOneNote() {
        let trial = ChordQualityTrial(
            root: MIDINote(48)!, quality: .dominant7, inversion: 0, voicing: .arpeggio, choices: [.dominant7, .major7])
        let body = ChordQualityKind.trialBody(trial, settings: .default)
        #expect(body.notes.map(\.note.midi) == [48, 52, 55, 58])
        #expect(body.notes.map(\.startSeconds) == [0, 0.35, 0.7, 1.05].map { $0 })
        #expect(body.notes.allSatisfy { abs($0.startSeconds + $0.durationSeconds - 2.65) < 1e-9 })
        #expect(abs(body.notes.map { pow(10, $0.levelDB / 10) }.reduce(0, +) - 1) < 1e-12)
        #expect(
            body.choices.map(\.key) == ["1", "2"] && body.choices.map(\.symbol) == ["7", "maj7"] && body.rootName == "C"
        )
        // Answers open once the last note has sounded a moment; a block chord's at once.
        #expect(abs(ChordQualityKind.session(trial, settings: .default).answersOpenSeconds - 1.35) < 1e-9)
        let block = ChordQualityTrial(
            root: MIDINote(48)!, quality: .minor, inversion: 2, voicing: .block, choices: [.minor, .major])
        let blockBody = ChordQualityKind.trialBody(block, settings: .default)
        #expect(
            blockBody.notes.map(\.note.midi) == [43, 48, 51] && blockBody.notes.allSatisfy { $0.startSeconds == 0 })
        #expect(ChordQualityKind.sounding(block, settings: .default).map(\.start) == [.zero, .zero, .zero])
    }

    @Test func settingsRefuseFewerThanTwoOrUnknownQualitiesAndKeepTheKindsOrder() throws {
        let settings = try PeachSettings.default.applying(
            SettingsUpdate(kindValues: [
                "chordQualities": .list([.text("minor7"), .text("major")]), "chordVoicing": .text("arpeggio"),
                "chordInversions": .flag(true),
            ]))
        let own = settings.training[ChordQualitySettings.self]
        #expect(own.chordQualities == [.major, .minor7])
        #expect(own.chordVoicing == .arpeggio && own.chordInversions)
        for bad in [["major"], ["major", "major"], ["major", "sus4"], []] {
            let update = SettingsUpdate(kindValues: ["chordQualities": .list(bad.map(SettingValue.text))])
            #expect(
                throws: SettingsError(
                    field: "chordQualities",
                    message: "must be at least 2 different values of ['major', 'minor', 'diminished', 'augmented', "
                        + "'dominant7', 'major7', 'minor7', 'halfDiminished7'], got \(SettingValue.list(bad.map(SettingValue.text)))"
                )
            ) { try PeachSettings.default.applying(update) }
        }
        #expect(throws: SettingsError.self) {
            try PeachSettings.default.applying(SettingsUpdate(kindValues: ["chordVoicing": .text("rolled")]))
        }
        #expect(throws: SettingsError.self) {
            try PeachSettings.default.applying(SettingsUpdate(kindValues: ["chordInversions": .text("yes")]))
        }
        // What is stored reads back the same.
        #expect(try PeachSettings.default.applying(SettingsUpdate(settings)).training == settings.training)
    }

    @Test func anImportedInversionMustBeOneTheChordHas() {
        let record = CompletedChordQuality(
            rootNote: MIDINote(60)!, quality: .minor, inversion: 3, voicing: .block, answeredQuality: .minor,
            timestamp: Date())
        #expect(record.importProblem()?.field == "inversion")
        let seventh = CompletedChordQuality(
            rootNote: MIDINote(60)!, quality: .minor7, inversion: 3, voicing: .block, answeredQuality: .minor,
            timestamp: Date())
        #expect(seventh.importProblem() == nil)
        let tooHigh = CompletedChordQuality(
            rootNote: MIDINote(120)!, quality: .major7, inversion: 0, voicing: .block, answeredQuality: .minor,
            timestamp: Date())
        #expect(tooHigh.importProblem()?.field == "rootNote")
        let tooLow = CompletedChordQuality(
            rootNote: MIDINote(1)!, quality: .minor7, inversion: 3, voicing: .block, answeredQuality: .minor,
            timestamp: Date())
        #expect(tooLow.importProblem()?.field == "rootNote")
    }
}
