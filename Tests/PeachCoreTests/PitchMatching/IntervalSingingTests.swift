import Foundation
import Testing

@testable import PeachCore

/// Sing Intervals: a matching discipline answered by the voice whose target is the chosen interval
/// from the reference, in the chosen tuning.
struct IntervalSingingTests {
    static func settings(_ intervals: [DirectedInterval], _ tuning: TuningSystem) -> TrainingSettings {
        var settings = TrainingSettings.default
        settings.voiceRange = MIDINote(55)!...MIDINote(60)!
        settings.intervals = intervals
        settings.tuningSystem = tuning
        return settings
    }

    @Test func theNoteSungLiesInTheVoiceRangeAndTheTrialFollowsTheIntervalSettings() {
        let intervals = [DirectedInterval(.M3, .up)!, DirectedInterval(.P5, .down)!]
        let settings = Self.settings(intervals, .justIntonation)
        var generator = SeededGenerator(seed: 11)
        var drawn = Set<DirectedInterval>()
        for _ in 0..<200 {
            let trial = MatchingKind.draw(
                .intervalSinging, settings: settings, chain: MatchingKind.freshChain, using: &generator)
            #expect(settings.voiceRange.contains(trial.targetNote))
            #expect(
                trial.tuningSystem == .justIntonation && trial.initialCentOffset == .zero && trial.centRange == .zero)
            drawn.insert(trial.interval)
        }
        #expect(drawn == Set(intervals))
    }

    @Test func theReferenceIsAlwaysAPianosNoteAtTheEdgesOfTheRange() {
        let up = DirectedInterval(.M2, .up)!
        let down = DirectedInterval(.M2, .down)!
        var generator = SeededGenerator(seed: 3)
        for (voice, intervals) in [
            (21...24, [up]), (21...24, [up, down]), (105...108, [down]), (105...108, [up, down]),
        ] {
            var settings = Self.settings(intervals, .equalTemperament)
            settings.voiceRange = MIDINote(voice.lowerBound)!...MIDINote(voice.upperBound)!
            for _ in 0..<100 {
                let trial = MatchingKind.draw(
                    .intervalSinging, settings: settings, chain: MatchingKind.freshChain, using: &generator)
                #expect(
                    NoteRange.pianoRange.contains(trial.referenceNote.rawValue),
                    "\(voice) \(intervals): \(trial.referenceNote)")
                #expect(settings.voiceRange.contains(trial.targetNote), "\(voice) \(intervals): \(trial.targetNote)")
            }
        }
        // A range a semitone wide at the bottom, every interval going up off it: the target moves up
        // to the lowest note whose reference the piano has.
        var settings = Self.settings([DirectedInterval(.P5, .up)!], .equalTemperament)
        settings.voiceRange = MIDINote(21)!...MIDINote(22)!
        let trial = MatchingKind.draw(
            .intervalSinging, settings: settings, chain: MatchingKind.freshChain, using: &generator)
        #expect(trial.referenceNote == MIDINote(21)! && trial.targetNote == MIDINote(28)!)
    }

    @Test func aVoiceOnTheEqualTemperedThirdIsStoredSharpOfTheJustThird() throws {
        let challenge = PitchMatchingChallenge(
            .intervalSinging, referenceNote: MIDINote(60)!, interval: DirectedInterval(.M3, .up)!,
            tuningSystem: .justIntonation,
            initialCentOffset: .zero, centRange: .zero)
        let reference = challenge.referenceFrequency(reference: .a440)
        let target = challenge.tunableFrequency(atNormalizedValue: .centre, reference: .a440)
        // 5:4 above the played reference: 386.31 ¢.
        #expect(abs(target.cents(from: reference).rawValue - 386.3137) < 0.001)
        let sungHz = Frequency(note: MIDINote(64)!, reference: .a440)
        let sung = try #require(SungPitch(centsFromTarget: sungHz.cents(from: target)))
        let record = try #require(
            Trial.matching(challenge).judge(.voice(sung), at: Date(timeIntervalSince1970: 5))?
                .as(CompletedPitchMatching.self))
        #expect(abs(record.userCentError.rawValue - 13.6863) < 0.001)
        #expect(record.discipline == .intervalSinging && record.sungOctave == 0)
        #expect(record.interval == DirectedInterval(.M3, .up)! && record.tuningSystem == .justIntonation)
        #expect(record.importProblem() == nil)
    }

    @Test func itsRecordsHaveAProfileOfTheirOwn() {
        #expect(ProfileScope.scope(of: .intervalSinging) == .intervalSinging)
        #expect(ProfileScope.scope(of: .pitchSinging) == .singing)
        #expect(ProfileScope("intervalSinging") == .intervalSinging)
        #expect(ProfileScope.intervalSinging.description == "intervalSinging")
        var profiles = PitchProfiles(calendar: Calendar(identifier: .gregorian))
        profiles.add(
            CompletedPitchMatching(
                referenceNote: MIDINote(60)!, initialCentOffset: .zero, userCentError: Cents(-8),
                timestamp: Date(timeIntervalSince1970: 9),
                discipline: .intervalSinging, interval: DirectedInterval(.M3, .up)!, tuningSystem: .justIntonation,
                sungOctave: 0))
        #expect(profiles[.intervalSinging].matching.count == 1)
        #expect(profiles[.singing].matching.count == 0 && profiles[.intervals].matching.count == 0)
    }
}
