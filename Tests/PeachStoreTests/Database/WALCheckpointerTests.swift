import Foundation
import Testing

@testable import PeachCore
@testable import PeachStore

/// Answers reach the database file by checkpoints that no answer waits for.
struct WALCheckpointerTests {
    @Test func answersAreCheckpointedLongBeforeTheWritersOwnThreshold() async throws {
        let directory = TemporaryDirectory()
        let database = try PeachDatabase(path: directory.databasePath)
        let store = SQLiteTrainingDataStore(database: database)
        let fileSize = { (try? FileManager.default.attributesOfItem(atPath: database.path)[.size] as? Int) ?? 0 }
        let before = fileSize()
        // Each awaited save is a group commit of its own: a few pages of log, far below the
        // writer's 10,000-page threshold, so only the checkpointer copies them into the file.
        for index in 0..<(2 * WALCheckpointer.commitsPerCheckpoint) {
            try await store.save(
                CompletedComparison(
                    note1: MIDINote(60)!, note2: MIDINote(60)!, note2CentOffset: Cents(Double(index % 90) + 1),
                    isCorrect: true,
                    timestamp: Date(timeIntervalSince1970: 1_772_409_600 + Double(index))))
        }
        var grown = false
        for _ in 0..<250 where !grown {
            grown = fileSize() > before
            if !grown { try await Task.sleep(for: .milliseconds(20)) }
        }
        #expect(grown, "the database file stayed at \(before) bytes: nothing was checkpointed")
    }
}
