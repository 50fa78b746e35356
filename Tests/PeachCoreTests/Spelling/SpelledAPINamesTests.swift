import Foundation
import Testing

@testable import PeachCore

/// What the API names is spelled by the key or chord, in both languages the page speaks.
struct SpelledAPINamesTests {
    @Test
    func aScaleDegreeTrialNamesItsKeyAsItIsWritten() {
        let trial = ScaleDegreeTrial(tonic: MIDINote(63)!, mode: .major, degree: .five, choices: [.one, .five])
        let body = ScaleDegreeKind.trialBody(trial, settings: .default)
        #expect(body.keyName == "E♭")
        #expect(body.keyNames == LocalizedName { $0 == .english ? "E♭ major" : "Es-Dur" })
        let minor = ScaleDegreeKind.trialBody(
            ScaleDegreeTrial(tonic: MIDINote(66)!, mode: .minor, degree: .one, choices: [.one]), settings: .default)
        #expect(minor.keyNames.de == "fis-Moll")
    }

    @Test
    func aMelodyNamesItsKeyAsItIsWritten() {
        let trial = MelodicDictationTrial(
            tonic: MIDINote(58)!, mode: .major, melody: Melody([MIDINote(58)!, MIDINote(57)!]))
        let body = MelodicDictationKind.trialBody(trial, settings: .default)
        #expect(body.keyName == "B♭")
        #expect(body.keyNames.en == "B♭ major" && body.keyNames.de == "B-Dur")
        #expect(body.melody.map(\.note.name) == ["B♭3", "A3"])
        #expect(body.melody.map { $0.note.names?.de } == ["B3", "A3"])
        // The piano to answer on names its black keys as the key writes them.
        #expect(body.keys.first { $0.midi == 63 }?.name == "E♭4")
    }

    /// Issue 48's example: "A♯2 A2 F2" in a flat key is B♭2 A2 F2.
    @Test
    func aMelodysResultIsSpelledInItsKey() {
        let melody = Melody([MIDINote(46)!, MIDINote(45)!, MIDINote(41)!])
        let trial = MelodicDictationTrial(tonic: MIDINote(41)!, mode: .major, melody: melody)
        let record = CompletedMelodicDictation(trial, answer: melody, timestamp: Date(timeIntervalSince1970: 0))
        let result = MelodicDictationKind.result(record, answer: melody, trial: trial)
        #expect(result.melody.map(\.name) == ["B♭2", "A2", "F2"])
        #expect(result.answer.map(\.names.de) == ["B2", "A2", "F2"])
    }

    @Test
    func aChordIsNamedAsALeadSheetWritesIt() {
        let at = Date(timeIntervalSince1970: 0)
        func named(_ root: Int, _ quality: ChordQuality) -> (String, LocalizedName, String) {
            let trial = ChordQualityTrial(
                root: MIDINote(root)!, quality: quality, inversion: 0, voicing: .block, choices: [.major, .minor])
            let result = ChordQualityKind.result(
                CompletedChordQuality(trial, answer: .major, timestamp: at), answer: .major, trial: trial)
            return (result.chord, result.chordNames, ChordQualityKind.trialBody(trial, settings: .default).rootName)
        }
        #expect(named(56, .major).0 == "A♭" && named(56, .major).1.de == "As" && named(56, .major).2 == "A♭")
        #expect(named(56, .minor).0 == "G♯m" && named(56, .minor).1.de == "Gism")
        #expect(named(58, .minor).1 == LocalizedName { $0 == .english ? "B♭m" : "Bm" })
    }

    @Test
    func whichVoiceNamesItsChordAndVoicesAsTheyAreWritten() {
        let trial = ChordIntonationTrial(
            root: MIDINote(56)!, triad: .major, tuningSystem: .justIntonation, detunedVoice: .middle,
            centOffset: Cents(10))
        let body = ChordIntonationKind.trialBody(trial, settings: .default)
        #expect(body.chordNames == LocalizedName { $0 == .english ? "A♭ major" : "As-Dur" })
        #expect(body.voices.map(\.note.name) == ["A♭3", "C4", "E♭4"])
    }

    @Test
    func aMinorChordInWhichVoiceIsNamedAsAMinorKeyIs() {
        let trial = ChordIntonationTrial(
            root: MIDINote(56)!, triad: .minor, tuningSystem: .equalTemperament, detunedVoice: .lowest,
            centOffset: Cents(5))
        let body = ChordIntonationKind.trialBody(trial, settings: .default)
        #expect(body.chordNames == LocalizedName { $0 == .english ? "G♯ minor" : "gis-Moll" })
        #expect(body.voices.map(\.note.name) == ["G♯3", "B3", "D♯4"])
    }
}
