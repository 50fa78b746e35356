import Foundation
import Logging
import Synchronization
import Testing

@testable import PeachCore
@testable import PeachServer

/// The one trial desk, on the in-memory store with a fixed clock, ids and seed.
struct TrialServiceTests {
    static let answeredAt = Date(timeIntervalSince1970: 1_800_000_000)

    func makeService(
        store: InMemoryTrainingDataStore = InMemoryTrainingDataStore(), settings: SettingsUpdate = SettingsUpdate(),
        seed: UInt64 = 3, now: @escaping @Sendable () -> Date = { Self.answeredAt }
    ) async throws -> TrialService {
        let counter = Mutex(0)
        let environment = ServerEnvironment(
            now: now,
            makeID: {
                counter.withLock {
                    $0 += 1
                    return "trial-\($0)"
                }
            },
            generator: SeededGenerator(seed: seed))
        let services = try await AppServices.make(
            store: store, settingsStore: InMemoryTrainingDataStore(), environment: environment,
            logger: Logger(label: "test"))
        _ = try await services.settings.update(settings)
        return services.trials
    }

    @Test func idsAndTimestampsComeFromTheEnvironment() async throws {
        let store = InMemoryTrainingDataStore()
        let service = try await makeService(store: store)
        let first = try await service.next(.pitchComparison)
        let second = try await service.next(.pitchMatching)
        #expect([first.id, second.id] == ["trial-1", "trial-2"])
        let record = try await service.answer(first.id, .direction(.higher))
        #expect(record.timestamp == Self.answeredAt)
        #expect(await store.records(nil, limit: 10) == [record])
    }

    @Test(arguments: Discipline.allCases)
    func everyDisciplineDrawsItsKindAndJudgesItsAnswer(discipline: Discipline) async throws {
        let service = try await makeService(
            settings: SettingsUpdate(intervals: [.init(name: "M3", direction: "down")], tuningSystem: "justIntonation"))
        let issued = try await service.next(discipline)
        #expect(issued.trial.discipline == discipline)
        let answers: [Discipline.AnswerMethod: TrialAnswer] = [
            .higherLower: .direction(.lower), .slider: .slider(NormalizedSliderValue(0.5)!),
            .voice: .voice(SungPitch(centsFromTarget: Cents(-1190))!), .earlyLate: .timing(.early), .taps: .taps([0.5]),
            .chordVoice: .voice(.middle),
            .degree: .degree(.one),
            .quality: .quality(.major),
            // As many notes as a fresh start's melody has (the shortest length set).
            .melody: .melody(Melody(numbers: [60, 62])!),
            // As many chords as a fresh start's progression has, of the numerals it offers.
            .numerals: TrialAnswer(Progression([.one, .four, .five])),
            // One of the common progressions offered by default.
            .progression: TrialAnswer(CommonProgression.twoFiveOne.progression),
        ]
        let answer = try #require(answers[discipline.answerMethod], "an answer to \(discipline)")
        let wrong: TrialAnswer = discipline.kind == .comparison ? .slider(.centre) : .direction(.higher)
        await #expect(throws: TrialService.AnswerError.wrongKind(id: issued.id, expected: discipline)) {
            try await service.answer(issued.id, wrong)
        }
        let record = try await service.answer(issued.id, answer)
        #expect(record.discipline == discipline)
        let expected = discipline.usesIntervals ? DirectedInterval(.M3, .down)! : .unison
        #expect(record.interval == expected)
        if let comparison = record.as(CompletedComparison.self) {
            #expect(comparison.tuningSystem == (discipline.usesIntervals ? .justIntonation : .equalTemperament))
        } else if let timing = record.as(CompletedRhythmComparison.self) {
            let trial = try #require(issued.trial.as(RhythmComparison.self), "not a Compare Timing trial")
            #expect(timing.isCorrect == (trial.correctAnswer == .early) && timing.tempo == .default)
        } else if let tapping = record.as(CompletedRhythmMatching.self) {
            let hitRate = try #require(tapping.hitRate)
            #expect(tapping.tempo == .default && hitRate <= 1.0 / 16)
        } else if let chord = record.as(CompletedChordIntonation.self) {
            let trial = try #require(issued.trial.as(ChordIntonationTrial.self), "not a Which Voice trial")
            #expect(chord.tuningSystem == .justIntonation && chord.isCorrect == (trial.detunedVoice == .middle))
        } else if let degree = record.as(CompletedScaleDegree.self) {
            let trial = try #require(issued.trial.as(ScaleDegreeTrial.self), "not a Scale Degrees trial")
            #expect(
                degree.tonicNote == trial.tonic && degree.answeredDegree == .one
                    && degree.isCorrect == (trial.degree == .one))
        } else if let chord = record.as(CompletedChordQuality.self) {
            let trial = try #require(issued.trial.as(ChordQualityTrial.self), "not a Chord Quality trial")
            #expect(
                chord.rootNote == trial.root && chord.answeredQuality == .major
                    && chord.isCorrect == (trial.quality == .major))
        } else if let dictation = record.as(CompletedMelodicDictation.self) {
            let trial = try #require(issued.trial.as(MelodicDictationTrial.self), "not a Play it Back trial")
            #expect(dictation.melody == trial.melody && dictation.answer == Melody(numbers: [60, 62])!)
            #expect(dictation.notesCorrect == zip(trial.melody.notes, [60, 62]).map { $0.rawValue == $1 })
        } else if let progression = record.as(CompletedChordProgression.self) {
            let trial = try #require(issued.trial.as(ChordProgressionTrial.self), "not a Chord Progressions trial")
            let named: [RomanNumeral] = discipline == .commonProgression ? [.two, .five, .one] : [.one, .four, .five]
            #expect(progression.progression == trial.progression && progression.answer.numerals == named)
        } else {
            let attempt = try #require(record.as(CompletedPitchMatching.self), "a record of no kind this test knows")
            // Interval matching starts within ±20 ¢ and the slider reaches 20 ¢ either way.
            // A sung trial has no tunable note: no detune, no slider; the error is from the nearest octave.
            let range = discipline.answerMethod == .voice ? 0.0 : discipline.usesIntervals ? 20.0 : 100.0
            let challenge = try #require(issued.trial.as(PitchMatchingChallenge.self), "not a matching trial")
            #expect(challenge.centRange == Cents(range) && challenge.initialCentOffset.magnitude <= Cents(range))
            if discipline.answerMethod == .voice {
                #expect(attempt.userCentError == Cents(10) && attempt.sungOctave == -1)
            } else {
                #expect(attempt.userCentError == challenge.initialCentOffset + Cents(0.5 * range))
            }
        }
        await #expect(throws: TrialService.AnswerError.alreadyAnswered(id: issued.id)) {
            try await service.answer(issued.id, answer)
        }
    }

    @Test func aFailedSaveLeavesTheTrialOpenForARetry() async throws {
        let store = InMemoryTrainingDataStore()
        let service = try await makeService(store: store)
        let issued = try await service.next(.pitchMatching)
        await store.setFailSaves(true)
        await #expect(
            throws: TrialService.AnswerError.notSaved("cannot save the record: the in-memory store was told to fail")
        ) {
            try await service.answer(issued.id, .slider(NormalizedSliderValue(0.3)!))
        }
        await store.setFailSaves(false)
        let record = try await service.answer(issued.id, .slider(NormalizedSliderValue(0.3)!))
        #expect(await store.records(nil, limit: 10) == [record])
    }

    @Test func eachComparisonDisciplineKeepsItsOwnChain() async throws {
        let service = try await makeService()
        // Three correct pitch answers narrow the pitch chain 100 → 50 → 32.3 → 23.1 ¢ …
        for _ in 0..<3 {
            let issued = try await service.next(.pitchComparison)
            guard let comparison = issued.trial.as(Comparison.self) else { return }
            _ = try await service.answer(issued.id, .direction(comparison.correctAnswer))
        }
        // … while the interval chain still starts at the maximum.
        guard let interval = try await service.next(.intervalComparison).trial.as(Comparison.self),
            let pitch = try await service.next(.pitchComparison).trial.as(Comparison.self)
        else {
            Issue.record("not comparisons")
            return
        }
        #expect(interval.centOffset.magnitude == Cents(100))
        #expect(pitch.centOffset.magnitude == Cents(23.1))
    }

    @Test func trialsStayInsideTheNoteRangeForEveryInterval() async throws {
        let all = DirectedInterval.all.map { SettingsUpdate.IntervalChoice($0) }
        let service = try await makeService(
            settings: SettingsUpdate(noteRangeLower: 60, noteRangeUpper: 72, intervals: all), seed: 9)
        let range = try NoteRange(lower: 60, upper: 72)
        for _ in 0..<300 {
            let trial = try await service.next(.intervalComparison).trial
            if let c = trial.as(Comparison.self) {
                #expect(range.contains(c.note1) && range.contains(c.note2))
            } else {
                Issue.record("not a comparison from a comparison discipline: \(trial)")
            }
            if let m = try await service.next(.intervalMatching).trial.as(PitchMatchingChallenge.self) {
                #expect(range.contains(m.referenceNote) && range.contains(m.targetNote))
            }
        }
    }

    // MARK: Answers that survive the network: keys and answer times

    static let key = AnswerKey(rawValue: "3f1c9a7e-answer-key")!

    @Test func aRetryUnderTheSameKeyGetsTheOriginalResultAndStoresNothingTwice() async throws {
        let store = InMemoryTrainingDataStore()
        let service = try await makeService(store: store)
        let issued = try await service.next(.pitchComparison)
        guard let comparison = issued.trial.as(Comparison.self) else {
            Issue.record("not a comparison")
            return
        }
        let first = try await service.answer(issued.id, .direction(comparison.correctAnswer), key: Self.key)
        // The response was lost; the client sends the same answer again.
        let retried = try await service.answer(issued.id, .direction(comparison.correctAnswer), key: Self.key)
        #expect(retried == first)
        // The other button's under the same key is not a retry (issue 31): refused, nothing stored.
        await #expect(throws: TrialService.AnswerError.keyReused(key: Self.key)) {
            try await service.answer(
                issued.id, .direction(comparison.correctAnswer == .higher ? .lower : .higher), key: Self.key)
        }
        #expect(await store.records(nil, limit: 10) == [first])
        // Another key for an answered trial is a second answer: refused.
        await #expect(throws: TrialService.AnswerError.alreadyAnswered(id: issued.id)) {
            try await service.answer(
                issued.id, .direction(comparison.correctAnswer), key: AnswerKey(rawValue: "another-key-1")!)
        }
    }

    @Test func concurrentRetriesUnderOneKeyShareOneSave() async throws {
        let store = InMemoryTrainingDataStore()
        let service = try await makeService(store: store)
        let issued = try await service.next(.pitchMatching)
        let results = try await withThrowingTaskGroup(of: TrainingRecord.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    try await service.answer(issued.id, .slider(NormalizedSliderValue(0.25)!), key: Self.key)
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(Set(results).count == 1)
        #expect(await store.records(nil, limit: 10).count == 1)
    }

    /// Two instances on one store, both holding the trial: the first answer closes it; a second under
    /// another key is refused, a retry under the first key gets the first answer, and one record is stored.
    @Test func twoInstancesStoreOneAnswerPerTrial() async throws {
        let store = InMemoryTrainingDataStore()
        let first = try await makeService(store: store)
        let second = try await makeService(store: store)
        let issued = try await first.next(.pitchComparison)
        #expect(await second.kind(of: issued.id) == .comparison)
        let stored = try await first.answer(issued.id, .direction(.higher), key: Self.key)
        await #expect(throws: TrialService.AnswerError.alreadyAnswered(id: issued.id)) {
            try await second.answer(issued.id, .direction(.lower), key: AnswerKey(rawValue: "another-key-2")!)
        }
        #expect(try await second.answer(issued.id, .direction(.lower), key: Self.key) == stored)
        #expect(await store.records(nil, limit: 10) == [stored])
    }

    @Test func aKeyIsRecognisedAfterARestart() async throws {
        let store = InMemoryTrainingDataStore()
        let before = try await makeService(store: store)
        let issued = try await before.next(.pitchMatching)
        let first = try await before.answer(issued.id, .slider(NormalizedSliderValue(-0.5)!), key: Self.key)
        let after = try await makeService(store: store)
        #expect(try await after.answer(issued.id, .slider(NormalizedSliderValue(-0.5)!), key: Self.key) == first)
        await #expect(throws: TrialService.AnswerError.unknown(id: issued.id)) {
            try await after.answer(issued.id, .slider(NormalizedSliderValue(-0.5)!))
        }
        #expect(await store.records(nil, limit: 10).count == 1)
    }

    @Test func aLateAnswerKeepsTheTimeItWasGivenButNeverPrecedesItsTrial() async throws {
        let clock = Mutex(Self.answeredAt)
        let service = try await makeService(now: { clock.withLock { $0 } })
        let issued = try await service.next(.pitchMatching)
        clock.withLock { $0 = Self.answeredAt.addingTimeInterval(60) }
        let late = try await service.answer(issued.id, .slider(.centre), age: .seconds(45))
        #expect(late.timestamp == Self.answeredAt.addingTimeInterval(15))
        let other = try await service.next(.pitchMatching)
        let clamped = try await service.answer(other.id, .slider(.centre), age: .seconds(3600))
        #expect(clamped.timestamp == other.issuedAt)
    }

    /// An answer queued by a client across a server restart still counts, once.
    @Test(arguments: Discipline.allCases)
    func anOpenTrialIsAnsweredAfterARestart(discipline: Discipline) async throws {
        let store = InMemoryTrainingDataStore()
        let issued = try await (try await makeService(store: store)).next(discipline)
        let after = try await makeService(store: store)
        let answers: [Discipline.AnswerMethod: TrialAnswer] = [
            .higherLower: .direction(.higher), .slider: .slider(NormalizedSliderValue(0.25)!),
            .voice: .voice(SungPitch(centsFromTarget: Cents(1207))!), .earlyLate: .timing(.late), .taps: .taps([]),
            .chordVoice: .voice(.highest),
            .degree: .degree(.five),
            .quality: .quality(.minor),
            .melody: .melody(Melody(numbers: [62, 64])!),
            // As many chords as a fresh start's progression has, of the numerals it offers.
            .numerals: TrialAnswer(Progression([.one, .four, .five])),
            // One of the common progressions offered by default.
            .progression: TrialAnswer(CommonProgression.twoFiveOne.progression),
        ]
        let answer = try #require(answers[discipline.answerMethod], "an answer to \(discipline)")
        #expect(await after.kind(of: issued.id) == discipline.kind)
        let record = try await after.answer(issued.id, answer)
        #expect(record.discipline == discipline)
        #expect(await store.records(nil, limit: 10) == [record])
        #expect(await store.openTrial(id: issued.id) == nil)
        await #expect(throws: TrialService.AnswerError.alreadyAnswered(id: issued.id)) {
            try await after.answer(issued.id, answer)
        }
    }

    /// A reset or an import restarts the chains; the trials handed out before it are still
    /// answered, by this service and after a restart.
    @Test func aTrialHandedOutBeforeTheHistoryChangedIsStillAnswered() async throws {
        let store = InMemoryTrainingDataStore()
        let service = try await makeService(store: store)
        let first = try await service.next(.pitchComparison)
        let second = try await service.next(.pitchComparison)
        try await store.deleteAll()
        try await service.continueFromStoredAnswers()
        let record = try await service.answer(first.id, .direction(.lower))
        let restarted = try await (try await makeService(store: store)).answer(second.id, .direction(.higher))
        #expect(await store.records(nil, limit: 10) == [restarted, record])
    }
}
