import Foundation
import Testing
@testable import PeachCore
@testable import PeachServer
@testable import PeachStore

/// The class chart is drawn at the width the page shows it: narrow, it labels fewer ticks rather
/// than letting them overlap, and every mark stays inside it.
struct ClassDistributionChartTests {
    /// A student who hears `threshold` cents: the Kazez-like mix of differences, wrong below it.
    static func summary(_ name: String, id: Int64, threshold: Double, in directory: URL) async throws -> StudentSummary {
        let store = SQLiteTrainingDataStore(database: try PeachDatabase(path: directory.appendingPathComponent("\(name).sqlite").path))
        for index in 0..<300 {
            let offset = [1.0, 2, 4, 8, 16, 32, 64][index % 7]
            try await store.save(.comparison(CompletedComparison(
                note1: MIDINote(60)!, note2: MIDINote(60)!, note2CentOffset: Cents(offset),
                isCorrect: offset >= threshold || index % 3 == 0,
                timestamp: Date(timeIntervalSince1970: 1_800_000_000 + Double(index) * 5))))
        }
        return try await StudentSummary(Account(id: UserID(rawValue: id), name: AccountName(name)!, isTeacher: false), store: store)
    }

    @Test func aNarrowChartLabelsFewerTicksAndKeepsEveryMarkInside() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("peach-chart-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let students = [
            try await Self.summary("ann", id: 1, threshold: 3, in: directory),
            try await Self.summary("bob", id: 2, threshold: 20, in: directory),
        ]
        #expect(students.allSatisfy { $0.threshold != nil })
        let classroom = Classroom(
            id: 1, name: "Choir", teacher: Account(id: UserID(rawValue: 3), name: AccountName("tess")!, isTeacher: true),
            invitation: InvitationCode("ABCD-EFGH")!, studentCount: 2)
        let wide = ClassDistributionChart(classroom: classroom, students: students, width: 640)
        let narrow = ClassDistributionChart(classroom: classroom, students: students, width: 300)
        #expect(narrow.ticks.count < wide.ticks.count)
        for chart in [wide, narrow] {
            let xs = chart.ticks.map(chart.x)
            #expect(zip(xs, xs.dropFirst()).allSatisfy { $1 - $0 >= ClassDistributionChart.tickSpacing })
            #expect(chart.svg.contains(#"width="\#(Int(chart.width))""#))
            // Every dot and its interval within the plot.
            let marks = chart.svg.matches(of: /(?:cx|x1|x2)="([0-9.]+)"/).map { Double($0.1)! }
            #expect(marks.count >= 6)
            #expect(marks.allSatisfy { (ClassDistributionChart.left...(chart.width - ClassDistributionChart.right)).contains($0) })
        }
        // Finest ears first.
        let names = narrow.svg.matches(of: /class="name"[^>]*>([a-z]+)</).map { String($0.1) }
        #expect(names == ["ann", "bob"])
    }
}
