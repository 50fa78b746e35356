import Foundation
import Testing

@testable import PeachCore
@testable import PeachStore

/// The start-up read: every record, oldest first, exactly as stored.
struct TrainingHistoryTests {
    func comparison(_ offset: Double, correct: Bool, at seconds: Double) -> CompletedComparison {
        CompletedComparison(
            note1: MIDINote(61)!, note2: MIDINote(61)!, note2CentOffset: Cents(offset), isCorrect: correct,
            timestamp: Date(timeIntervalSince1970: seconds))
    }

    @Test func comparisonsAreFoldedOldestFirstAndUnchanged() async throws {
        let directory = TemporaryDirectory()
        let store = SQLiteTrainingDataStore(database: try PeachDatabase(path: directory.databasePath))
        // Saved out of time order, with millisecond timestamps far from 1970.
        let saved = [
            comparison(12.3, correct: true, at: 1_772_409_600.125),
            comparison(-4.5, correct: false, at: 1_772_409_500.999),
            comparison(7.25, correct: true, at: 1_900_000_000.001),
        ]
        for record in saved { try await store.save(record) }
        let folded = try await store.reduce(ComparisonKind.self, into: [CompletedComparison]()) { $0.append($1) }
        #expect(folded == [saved[1], saved[0], saved[2]])
    }

    /// The replay parses labels only when a row's differ from the row before: each change of any
    /// one label, to text of the same length and back, must still be read.
    @Test func everyChangeOfLabelsBetweenRowsIsRead() async throws {
        let directory = TemporaryDirectory()
        let store = SQLiteTrainingDataStore(database: try PeachDatabase(path: directory.databasePath))
        let labels: [(Discipline, DirectedInterval, TuningSystem)] = [
            (.pitchComparison, .unison, .equalTemperament),
            (.intervalComparison, DirectedInterval(.P5, .up)!, .justIntonation),
            (.intervalComparison, DirectedInterval(.P5, .down)!, .justIntonation),
            (.intervalComparison, DirectedInterval(.P4, .down)!, .justIntonation),
            (.intervalComparison, DirectedInterval(.P4, .down)!, .equalTemperament),
            (.intervalComparison, DirectedInterval(.P4, .down)!, .equalTemperament),
            (.pitchComparison, .unison, .equalTemperament),
        ]
        let saved = labels.enumerated().map { index, label in
            CompletedComparison(
                note1: MIDINote(60)!, note2: MIDINote(60)!, note2CentOffset: Cents(Double(index + 1)),
                isCorrect: index % 2 == 0,
                timestamp: Date(timeIntervalSince1970: 1_772_409_600 + Double(index)),
                discipline: label.0, interval: label.1, tuningSystem: label.2)
        }
        for record in saved { try await store.save(record) }
        #expect(try await store.reduce(ComparisonKind.self, into: [CompletedComparison]()) { $0.append($1) } == saved)
    }

    @Test func pitchMatchingsAreFoldedOldestFirst() async throws {
        let directory = TemporaryDirectory()
        let store = SQLiteTrainingDataStore(database: try PeachDatabase(path: directory.databasePath))
        let newer = CompletedPitchMatching(
            referenceNote: MIDINote(70)!, initialCentOffset: Cents(88), userCentError: Cents(-27.5),
            timestamp: Date(timeIntervalSince1970: 1_800_000_000.5))
        let older = CompletedPitchMatching(
            referenceNote: MIDINote(57)!, initialCentOffset: Cents(-63.2), userCentError: Cents(4.25),
            timestamp: Date(timeIntervalSince1970: 1_700_000_000.25))
        try await store.save(newer)
        try await store.save(older)
        let count = try await store.reduce(MatchingKind.self, into: 0) { count, _ in count += 1 }
        #expect(count == 2)
        #expect(
            try await store.reduce(MatchingKind.self, into: [CompletedPitchMatching]()) { $0.append($1) } == [
                older, newer,
            ])
    }

    @Test func anEmptyStoreFoldsToTheInitialValue() async throws {
        let directory = TemporaryDirectory()
        let store = SQLiteTrainingDataStore(database: try PeachDatabase(path: directory.databasePath))
        #expect(try await store.reduce(ComparisonKind.self, into: 42) { value, _ in value += 1 } == 42)
    }
}
