import Foundation
import Testing

@testable import PeachCore

/// A teacher's class table gets a column for each discipline that states its own figure, and each
/// cell is that figure of the student's newest answers.
struct DisciplineFiguresTests {
    static let at = Date(timeIntervalSince1970: 1_800_000_000)

    @Test func theDisciplinesWithAFigureOfTheirOwnAreTheNamingAndThresholdKindsInTheCataloguesOrder() {
        #expect(
            DisciplineFigures.disciplines == [
                .chordIntonation, .scaleDegree, .chordQuality, .chordProgression, .commonProgression,
            ])
    }

    @Test func scaleDegreesStateTheShareOfRightAnswersAndNoThreshold() async throws {
        let store = InMemoryTrainingDataStore()
        for (index, answer) in [ScaleDegree.three, .three, .four, .three].enumerated() {
            try await store.save(
                CompletedScaleDegree(
                    tonicNote: MIDINote(60)!, mode: .major, degree: .three, answeredDegree: answer,
                    timestamp: Self.at + Double(index)))
        }
        let figures = try await DisciplineFigures(.scaleDegree, store: store)
        #expect(figures.answers == 4)
        #expect(figures.accuracy == 0.75)
        #expect(figures.threshold == nil)
    }

    @Test func withoutAnswersThereIsNoFigure() async throws {
        for discipline in DisciplineFigures.disciplines {
            let figures = try await DisciplineFigures(discipline, store: InMemoryTrainingDataStore())
            #expect(figures.answers == 0 && figures.accuracy == nil && figures.threshold == nil, "\(discipline)")
            // Issue 49: a kind that fits a threshold says why it has none, as the student's Profile does.
            #expect(
                figures.missingThreshold == (discipline.trainingKind.fitsThreshold ? .noAnswers : nil), "\(discipline)")
        }
    }

    @Test func aKeptRowWithOtherDisciplinesIsFittedAgain() {
        let current = StudentFigures(
            threshold: nil, missingThreshold: .noAnswers, change: nil, trials: 3, lastActivity: nil,
            disciplines: DisciplineFigures.disciplines.map {
                DisciplineFigures(
                    discipline: $0, answers: 1, accuracy: 1, threshold: nil,
                    missingThreshold: $0.trainingKind.fitsThreshold ? .tooFewAnswers(answers: 1, needed: 20) : nil)
            })
        #expect(StudentFigures(kept: current.kept) == current)
        // Kept before a discipline's own reason was: its threshold is missing without a why.
        let ownUnexplained = StudentFigures(
            threshold: nil, missingThreshold: .noAnswers, change: nil, trials: 3, lastActivity: nil,
            disciplines: DisciplineFigures.disciplines.map {
                DisciplineFigures(discipline: $0, answers: 1, accuracy: 1, threshold: nil)
            })
        #expect(StudentFigures(kept: ownUnexplained.kept) == nil)
        let older = StudentFigures(
            threshold: nil, missingThreshold: .noAnswers, change: nil, trials: 3, lastActivity: nil, disciplines: [])
        #expect(StudentFigures(kept: older.kept) == nil)
        // Kept before the reason was: neither a threshold nor why there is none.
        let unexplained = StudentFigures(
            threshold: nil, missingThreshold: nil, change: nil, trials: 3, lastActivity: nil,
            disciplines: current.disciplines)
        #expect(StudentFigures(kept: unexplained.kept) == nil)
        // Kept when the trend had a rule of its own (fitted halves): a trend but no change.
        let ownTrend = current.kept.replacingOccurrences(of: "\"change\":null", with: "\"trend\":\"improving\"")
        #expect(ownTrend != current.kept)
        #expect(StudentFigures(kept: ownTrend) == nil)
    }
}
