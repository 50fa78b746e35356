import Foundation
import Testing

@testable import PeachCore
@testable import PeachServer
@testable import PeachServices
@testable import PeachStore

/// A profile brought up from its saved snapshot plus the new rows is the profile a full replay
/// builds; a snapshot that cannot be trusted is not used.
struct ProfileSnapshotTests {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("peach-snapshot-\(UUID().uuidString)")
    var file: ProfileSnapshot.File {
        ProfileSnapshot.File(url: directory.appendingPathComponent("cache/peach.sqlite.profile.json"))
    }
    static let start = Date(timeIntervalSince1970: 1_772_409_600)

    func store() throws -> SQLiteTrainingDataStore {
        SQLiteTrainingDataStore(
            database: try PeachDatabase(path: directory.appendingPathComponent("peach.sqlite").path))
    }

    /// Every kind the profiles fold, spread over days: unison and interval comparisons, slider and
    /// sung matchings.
    static func records(days: Range<Int>, seed: UInt64) -> [TrainingRecord] {
        var generator = SeededGenerator(seed: seed)
        return days.flatMap { day in
            (0..<40).map { index -> TrainingRecord in
                let time = start.addingTimeInterval(Double(day) * 86_400 + Double(index) * 61)
                let offset = Double.random(in: 0.5...60, using: &generator) * (index % 2 == 0 ? 1 : -1)
                switch index % 4 {
                case 0, 1:
                    return .comparison(
                        CompletedComparison(
                            note1: MIDINote(60)!, note2: MIDINote(60)!, note2CentOffset: Cents(offset),
                            isCorrect: Bool.random(using: &generator), timestamp: time))
                case 2:
                    return .comparison(
                        CompletedComparison(
                            note1: MIDINote(60)!, note2: MIDINote(67)!, note2CentOffset: Cents(offset),
                            isCorrect: Bool.random(using: &generator), timestamp: time,
                            discipline: .intervalComparison, interval: DirectedInterval(.P5, .up)!,
                            tuningSystem: .justIntonation))
                default:
                    return .matching(
                        CompletedPitchMatching(
                            referenceNote: MIDINote(57)!, initialCentOffset: Cents(offset),
                            userCentError: Cents(offset / 7),
                            timestamp: time, discipline: index % 8 == 3 ? .pitchSinging : .pitchMatching,
                            sungOctave: index % 8 == 3 ? 0 : nil))
                }
            }
        }
    }

    static func encoded(_ service: ProfileService) async throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return try encoder.encode(
            await service.parts[PitchProfiles.self].scopes.sorted { $0.key.description < $1.key.description }.map(
                \.value))
    }

    @Test func newRowsOnTopOfTheSnapshotGiveTheFullReplaysProfile() async throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try store()
        for record in Self.records(days: 0..<30, seed: 1) { try await store.save(record) }
        try await ProfileService.load(from: store, snapshotFile: file).snapshotSaved()
        let saved = try #require(file.read(calendar: .current))
        #expect(saved.marks[ComparisonKind.id.rawValue]?.last.map(\.id) == Int64(30 * 30))

        for record in Self.records(days: 30..<35, seed: 2) { try await store.save(record) }
        let resumed = try await ProfileService.load(from: store, snapshotFile: file)
        let replayed = try await ProfileService.load(from: store)
        #expect(try await Self.encoded(resumed) == Self.encoded(replayed))
        #expect(await resumed.snapshot.comparisonCount == 35 * 20)
    }

    @Test func theSnapshotIsWhatStartUpReads() async throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try store()
        for record in Self.records(days: 0..<3, seed: 3) { try await store.save(record) }
        try await ProfileService.load(from: store, snapshotFile: file).snapshotSaved()
        // A snapshot whose profiles were emptied but whose marks still fit is believed: proof that
        // start-up reads it rather than the rows.
        let saved = try #require(file.read(calendar: .current))
        try file.write(ProfileSnapshot(marks: saved.marks, profiles: [:], calendar: .current))
        #expect(try await ProfileService.load(from: store, snapshotFile: file).snapshot.comparisonCount == 0)
    }

    @Test func aSnapshotFromAnotherCalendarOrBehindAnImportIsNotUsed() async throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try store()
        for record in Self.records(days: 10..<13, seed: 4) { try await store.save(record) }
        try await ProfileService.load(from: store, snapshotFile: file).snapshotSaved()
        let saved = try #require(file.read(calendar: .current))
        let emptied = ProfileSnapshot(marks: saved.marks, profiles: [:], calendar: .current)
        let full = try await Self.encoded(ProfileService.load(from: store))

        var elsewhere = Calendar.current
        elsewhere.timeZone = TimeZone(
            identifier: elsewhere.timeZone.identifier == "Asia/Tokyo" ? "America/Lima" : "Asia/Tokyo")!
        try file.write(ProfileSnapshot(marks: saved.marks, profiles: [:], calendar: elsewhere))
        let fellBack = try await ProfileService.load(from: store, snapshotFile: file)
        #expect(try await Self.encoded(fellBack) == full)
        await fellBack.snapshotSaved()

        // Older answers arriving later (a merged import) change the order of the replay.
        try file.write(emptied)
        for record in Self.records(days: 0..<1, seed: 5) { try await store.save(record) }
        let withImport = try await Self.encoded(ProfileService.load(from: store))
        #expect(try await Self.encoded(ProfileService.load(from: store, snapshotFile: file)) == withImport)
    }

    @Test func anUnreadableSnapshotIsReplacedByAFullReplay() async throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try store()
        for record in Self.records(days: 0..<2, seed: 6) { try await store.save(record) }
        try FileManager.default.createDirectory(
            at: file.url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("{\"format\":".utf8).write(to: file.url)
        let loaded = try await ProfileService.load(from: store, snapshotFile: file)
        #expect(try await Self.encoded(loaded) == Self.encoded(ProfileService.load(from: store)))
        await loaded.snapshotSaved()
        #expect(file.read(calendar: .current)?.profiles.isEmpty == false)
    }
}
