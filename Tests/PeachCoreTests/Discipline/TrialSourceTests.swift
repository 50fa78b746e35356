import Foundation
import Testing

@testable import PeachCore

struct TrialSourceTests {
    var settings: TrainingSettings {
        var settings = TrainingSettings.default
        settings.intervals = [DirectedInterval(.M3, .up)!, DirectedInterval(.P5, .down)!]
        settings.tuningSystem = .justIntonation
        return settings
    }

    @Test func eachDisciplineDrawsItsOwnKindIntervalAndTuning() async {
        let source = TrialSource(generator: SeededGenerator(seed: 1))
        for discipline in Discipline.allCases {
            for _ in 0..<50 {
                let trial = await source.next(discipline, settings: settings)
                #expect(trial.discipline == discipline)
                #expect(trial.kind.id == discipline.kind)
                if let comparison = trial.as(Comparison.self) {
                    #expect(
                        discipline.usesIntervals
                            ? settings.intervals.contains(comparison.interval) : comparison.interval == .unison)
                    #expect(comparison.tuningSystem == (discipline.usesIntervals ? .justIntonation : .equalTemperament))
                    #expect(
                        settings.noteRange.contains(comparison.note1) && settings.noteRange.contains(comparison.note2))
                } else if let challenge = trial.as(PitchMatchingChallenge.self) {
                    let range =
                        discipline.answerMethod == .voice ? Cents(0) : discipline.usesIntervals ? Cents(20) : Cents(100)
                    #expect(challenge.centRange == range)
                    #expect(challenge.initialCentOffset.magnitude <= challenge.centRange)
                    #expect(
                        discipline.answerMethod == .voice
                            ? settings.voiceRange.contains(challenge.targetNote)
                            : settings.noteRange.contains(challenge.targetNote))
                } else if let timing = trial.as(RhythmComparison.self) {
                    #expect(timing.tempo == settings.tempo)
                } else if let gaps = trial.as(RhythmMatchingTrial.self) {
                    #expect(gaps.tempo == settings.tempo)
                } else if let chord = trial.as(ChordIntonationTrial.self) {
                    // A chord reads its own tuning setting, and all three voices lie in the note range.
                    #expect(chord.tuningSystem == settings[ChordIntonationSettings.self].chordTuningSystem)
                    #expect(
                        settings.noteRange.contains(chord.root)
                            && settings.noteRange.contains(MIDINote(chord.root.rawValue + 7)!))
                } else if let degree = trial.as(ScaleDegreeTrial.self) {
                    // The key's octave of degrees lies in the note range.
                    #expect(
                        degree.choices == settings[ScaleDegreeSettings.self].choices
                            && degree.choices.contains(degree.degree))
                    #expect(
                        settings.noteRange.contains(degree.tonic)
                            && settings.noteRange.contains(MIDINote(degree.tonic.rawValue + 11)!))
                } else if let chord = trial.as(ChordQualityTrial.self) {
                    // A chosen quality, every note in the note range.
                    #expect(
                        chord.choices == settings[ChordQualitySettings.self].chordQualities
                            && chord.choices.contains(chord.quality))
                    #expect(chord.notes.allSatisfy(settings.noteRange.contains))
                } else if let dictation = trial.as(MelodicDictationTrial.self) {
                    // A melody of the settings' shortest length to start with, every note in the note range.
                    #expect(dictation.melody.count == settings[MelodicDictationSettings.self].melodyShortest)
                    #expect(dictation.melody.notes.allSatisfy(settings.noteRange.contains))
                } else if let progression = trial.as(ChordProgressionTrial.self) {
                    // The tuning chosen for the intervals, and a progression of the numerals it offers, or
                    // one of the common progressions it offers.
                    #expect(progression.tuningSystem == settings.tuningSystem)
                    #expect(
                        discipline == .commonProgression
                            ? progression.progressions.map(\.progression).contains(progression.progression)
                            : progression.progression.numerals.allSatisfy(progression.choices.contains))
                } else {
                    Issue.record("\(discipline) drew a trial of no kind this test knows")
                }
            }
        }
    }

    @Test func chainsContinueFromTheirOwnLastAnswerOrColdStart() async {
        let last = CompletedComparison(
            note1: MIDINote(60)!, note2: MIDINote(60)!, note2CentOffset: Cents(10), isCorrect: false, timestamp: Date())
        var chains = TrialChains()
        chains[ComparisonKind.self] = ComparisonKind.Chain(
            lastAnswers: [.pitchComparison: last], coldStarts: [.intervalComparison: Cents(40)])
        let source = TrialSource(chains: chains, generator: SeededGenerator(seed: 2))
        guard let pitch = await source.next(.pitchComparison, settings: settings).as(Comparison.self),
            let interval = await source.next(.intervalComparison, settings: settings).as(Comparison.self)
        else {
            Issue.record("not comparisons")
            return
        }
        #expect(pitch.centOffset.magnitude == Cents(12.8)) // widened after a wrong answer
        #expect(interval.centOffset.magnitude == Cents(40))
        await source.didComplete(
            .comparison(CompletedComparison(interval, answer: interval.correctAnswer, timestamp: Date())))
        guard let after = await source.next(.intervalComparison, settings: settings).as(Comparison.self) else { return }
        #expect(after.centOffset.magnitude == KazezStrategy.narrowed(Cents(40)).rounded(toMultipleOf: 0.1))
    }

    @Test func judgingNeedsAnAnswerOfTheTrialsKind() {
        let comparison = Trial.comparison(Comparison(note1: MIDINote(60)!, centOffset: Cents(5)))
        let matching = Trial.matching(PitchMatchingChallenge(referenceNote: MIDINote(60)!, initialCentOffset: Cents(5)))
        let now = Date()
        #expect(comparison.judge(.slider(.centre), at: now) == nil)
        #expect(matching.judge(.direction(.higher), at: now) == nil)
        guard let judged = comparison.judge(.direction(.higher), at: now)?.as(CompletedComparison.self) else {
            Issue.record("not judged")
            return
        }
        #expect(judged.isCorrect)
    }
}
