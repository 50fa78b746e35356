import Testing

@testable import PeachCore

struct SettingsUpdateTests {
    @Test func defaultsAreTheSeedsValues() {
        let training = PeachSettings.default.training
        #expect(training.noteRange == .default)
        #expect(training.noteDurationSeconds == 1)
        #expect(training.referencePitch == .a440)
        #expect(training.varyLoudness == 0)
        #expect(training.noteGapSeconds == 0)
        #expect(training.maxCentDifference == Cents(100))
        // No sound chosen: each kind plays its own (`TrialSound`).
        #expect(training.soundSource == nil)
        #expect(PeachSettings.default.language == .automatic)
    }

    @Test func aValidUpdateChangesOnlyItsFields() throws {
        let updated = try PeachSettings.default.applying(
            SettingsUpdate(noteRangeLower: 48, noteDurationSeconds: 0.5, varyLoudness: 0.75, language: "de"))
        #expect(updated.training.noteRange == (try NoteRange(lower: 48, upper: 84)))
        #expect(updated.training.noteDurationSeconds == 0.5)
        #expect(updated.training.varyLoudness == 0.75)
        #expect(updated.language == .german)
        #expect(updated.training.referencePitch == .a440)
    }

    @Test func theFullDescriptionRoundTrips() throws {
        let settings = try PeachSettings.default.applying(
            SettingsUpdate(
                noteRangeLower: 30, noteRangeUpper: 90, noteDurationSeconds: 2.5, referencePitchHz: 415,
                varyLoudness: 0.3,
                noteGapSeconds: 1.5, minCentDifference: 1, maxCentDifference: 60, language: "en",
                intervals: [
                    .init(name: "M3", direction: "up"), .init(name: "P5", direction: "down"), .init(name: "P1"),
                ],
                tuningSystem: "justIntonation", intervalMatchingCentRange: 35))
        #expect(settings.training.intervals == [DirectedInterval(.M3, .up)!, DirectedInterval(.P5, .down)!, .unison])
        #expect(settings.training.tuningSystem == .justIntonation)
        #expect(settings.training.intervalMatchingRange == Cents(35))
        #expect(try PeachSettings.default.applying(SettingsUpdate(settings)) == settings)
    }

    /// A sound chosen is kept as chosen, the sine too, and "default" takes the choice back: stored
    /// and read again, each stays what it was.
    @Test func aChosenSoundStaysDistinctFromNoneChosen() throws {
        let sine = try PeachSettings.default.applying(SettingsUpdate(soundSource: "sine"))
        #expect(sine.training.soundSource == .sine)
        #expect(sine != PeachSettings.default)
        #expect(SettingsUpdate(sine).soundSource == "sine")
        #expect(try PeachSettings.default.applying(SettingsUpdate(sine)) == sine)
        let unchosen = try sine.applying(SettingsUpdate(soundSource: SoundSource.unchosen))
        #expect(unchosen.training.soundSource == nil && unchosen == PeachSettings.default)
        #expect(SettingsUpdate(unchosen).soundSource == "default")
        #expect(try sine.applying(SettingsUpdate(unchosen)) == PeachSettings.default)
    }

    @Test func scaleDegreeSettingsRoundTripAndLeaveTwoDegreesAtLeast() throws {
        let settings = try PeachSettings.default.applying(
            SettingsUpdate(kindValues: [
                "scaleMode": .text("minor"), "scaleDegrees": .list([.number(5), .number(1), .number(3)]),
                "chromaticDegrees": .flag(true),
                "degreeLabels": .text("solfege"),
            ]))
        let own = settings.training[ScaleDegreeSettings.self]
        #expect(own.scaleMode == .minor && own.scaleDegrees == [1, 3, 5])
        #expect(own.choices == [.one, .flatTwo, .flatThree, .three, .sharpFour, .five, .six, .seven])
        #expect(own.degreeLabels == .solfege)
        #expect(try PeachSettings.default.applying(SettingsUpdate(settings)) == settings)

        for (update, field) in [
            (SettingsUpdate(kindValues: ["scaleDegrees": .list([.number(1)])]), "scaleDegrees"),
            (SettingsUpdate(kindValues: ["scaleDegrees": .list([.number(0), .number(1)])]), "scaleDegrees"),
            (SettingsUpdate(kindValues: ["scaleDegrees": .list([.number(2), .number(2)])]), "scaleDegrees"),
            (SettingsUpdate(kindValues: ["scaleMode": .text("dorian")]), "scaleMode"),
            (SettingsUpdate(kindValues: ["degreeLabels": .text("letters")]), "degreeLabels"),
        ] {
            #expect(throws: SettingsError.self) { try PeachSettings.default.applying(update) }
            do { _ = try PeachSettings.default.applying(update) } catch { #expect(error.field == field) }
        }
        // One number with the altered five is six degrees: enough; turning the five off is not.
        let one = try PeachSettings.default.applying(
            SettingsUpdate(kindValues: ["scaleDegrees": .list([.number(1)]), "chromaticDegrees": .flag(true)]))
        do {
            _ = try one.applying(SettingsUpdate(kindValues: ["chromaticDegrees": .flag(false)]))
            Issue.record("one degree accepted")
        } catch {
            #expect(error.field == "chromaticDegrees")
        }
    }

    @Test func theVoiceRangeMayBeASingleNote() throws {
        let settings = try PeachSettings.default.applying(SettingsUpdate(voiceRangeLower: 57, voiceRangeUpper: 57))
        #expect(settings.training.voiceRange == MIDINote(57)!...MIDINote(57)!)
        #expect(try PeachSettings.default.applying(SettingsUpdate(settings)) == settings)
    }

    @Test func thePitchNeedleIsOffUntilTurnedOnAndSurvivesTheRoundTrip() throws {
        #expect(PeachSettings.default.training.pitchNeedle == false)
        let settings = try PeachSettings.default.applying(SettingsUpdate(pitchNeedle: true))
        #expect(settings.training.pitchNeedle)
        #expect(try settings.applying(SettingsUpdate(voiceRangeLower: 50)).training.pitchNeedle)
        #expect(try PeachSettings.default.applying(SettingsUpdate(settings)) == settings)
    }

    @Test(arguments: [
        (SettingsUpdate(noteRangeLower: 20), "noteRangeLower"),
        (SettingsUpdate(noteRangeUpper: 109), "noteRangeUpper"),
        (SettingsUpdate(noteRangeLower: 80), "noteRangeLower"),
        (SettingsUpdate(noteRangeUpper: 40), "noteRangeUpper"),
        (SettingsUpdate(noteDurationSeconds: 0.29), "noteDurationSeconds"),
        (SettingsUpdate(noteDurationSeconds: 3.01), "noteDurationSeconds"),
        (SettingsUpdate(noteDurationSeconds: .nan), "noteDurationSeconds"),
        (SettingsUpdate(referencePitchHz: 379), "referencePitchHz"),
        (SettingsUpdate(referencePitchHz: .infinity), "referencePitchHz"),
        (SettingsUpdate(soundSource: "square"), "soundSource"),
        (SettingsUpdate(varyLoudness: -0.1), "varyLoudness"),
        (SettingsUpdate(varyLoudness: 1.1), "varyLoudness"),
        (SettingsUpdate(noteGapSeconds: 5.5), "noteGapSeconds"),
        (SettingsUpdate(minCentDifference: 0), "minCentDifference"),
        (SettingsUpdate(maxCentDifference: 101), "maxCentDifference"),
        (SettingsUpdate(minCentDifference: 50, maxCentDifference: 20), "maxCentDifference"),
        (SettingsUpdate(language: "fr"), "language"),
        (SettingsUpdate(intervals: []), "intervals"),
        (SettingsUpdate(intervals: [.init(name: "P1", direction: "down")]), "intervals"),
        (SettingsUpdate(intervals: [.init(name: "M9")]), "intervals"),
        (SettingsUpdate(intervals: [.init(name: "P5", direction: "sideways")]), "intervals"),
        (SettingsUpdate(tuningSystem: "pythagorean"), "tuningSystem"),
        (SettingsUpdate(intervalMatchingCentRange: 4), "intervalMatchingCentRange"),
        (SettingsUpdate(intervalMatchingCentRange: 101), "intervalMatchingCentRange"),
        (SettingsUpdate(voiceRangeLower: 20), "voiceRangeLower"),
        (SettingsUpdate(voiceRangeUpper: 109), "voiceRangeUpper"),
        (SettingsUpdate(voiceRangeUpper: 40), "voiceRangeUpper"),
        (SettingsUpdate(voiceRangeLower: 80), "voiceRangeLower"),
    ])
    func outOfRangeValuesAreRejectedNamingTheField(update: SettingsUpdate, field: String) {
        #expect(throws: SettingsError.self) { try PeachSettings.default.applying(update) }
        do {
            _ = try PeachSettings.default.applying(update)
        } catch {
            #expect(error.field == field)
            #expect(!error.message.isEmpty)
        }
    }

    @Test func rangeMessagesStateTheRange() {
        do {
            _ = try PeachSettings.default.applying(SettingsUpdate(noteDurationSeconds: 9))
            Issue.record("accepted 9 s")
        } catch {
            #expect(error.description == "noteDurationSeconds: must be from 0.3 to 3 s, got 9.0")
        }
    }
}
