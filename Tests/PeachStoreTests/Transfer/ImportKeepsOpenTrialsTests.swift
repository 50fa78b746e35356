import Foundation
import Testing

@testable import PeachCore
@testable import PeachPostgres
@testable import PeachServices
@testable import PeachStore

extension TrainingDataTransferContractTests {
    /// A phone's reserve outlives imports of either mode on every backend: trials handed out just
    /// under a week ago are still open after a file of three batches was merged and a file replaced
    /// everything, and each answer closes its trial once. An import writes a batch at a time, so
    /// three are what a file of any size does.
    @Test(arguments: Backend.allCases)
    func aWeekOldReservedTrialIsAnsweredAfterAnImportOfManyBatches(backend: Backend) async throws {
        let harness = try await Harness.make(backend)
        let store = try #require(harness.store as? any TrainingDataStore & OpenTrialStore)
        let week = TrainingDataStoreContractTests.week
        let reserved = (1...5).map { TrainingDataStoreContractTests.openTrial("reserved-\($0)-c", at: 0) }
        for trial in reserved { try await store.open(trial, keptFor: week) }

        let directory = TemporaryDirectory()
        let path = directory.url.appendingPathComponent("large.csv").path
        let count = try ExportFile.write(to: path) { each in
            for index in 0..<TrainingDataSource.batchSize * 3 {
                try each(
                    TransferRecord(
                        TrainingDataTransferTests.comparison(
                            Double(index % 97) / 4, at: 1_700_000_000_000 + Int64(index) * 250, correct: index % 3 > 0))
                )
            }
        }
        #expect(
            try await harness.transfer.importRecords(
                try Self.parsed(try String(contentsOfFile: path, encoding: .utf8)), mode: .merge
            ).imported == count)
        let small = directory.url.appendingPathComponent("small.csv").path
        _ = try ExportFile.write(to: small) { each in for record in Self.records { try each(TransferRecord(record)) } }
        let replaced = try await harness.transfer.importRecords(
            try Self.parsed(try String(contentsOfFile: small, encoding: .utf8)), mode: .replace)
        #expect(replaced.imported == Self.records.count)

        // A trial opened a week minus a minute later drops only the trials older than a week.
        try await store.open(TrainingDataStoreContractTests.openTrial("fresh-m", at: 7 * 86_400 - 60), keptFor: week)
        for (index, trial) in reserved.enumerated() {
            #expect(try await store.openTrial(id: trial.id) == trial)
            let answer = TrainingRecord.comparison(
                TrainingDataTransferTests.comparison(1, at: 1_800_600_000_000 + Int64(index)))
            try await store.save(answer, key: nil, closing: trial.id)
            #expect(try await store.openTrial(id: trial.id) == nil)
        }
        #expect(try await store.recordCount() == Self.records.count + reserved.count)
    }
}
