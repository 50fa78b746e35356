import Foundation
import Testing

@testable import PeachCore
@testable import PeachServices

/// The class chart is drawn at the width the page shows it: narrow, it labels fewer ticks rather
/// than letting them overlap, every mark stays inside it, and no name is cut by the plot.
struct ClassDistributionChartTests {
    /// A student who hears `threshold` cents: the Kazez-like mix of differences, wrong below it.
    static func summary(_ name: String, id: Int64, threshold: Double) async throws -> StudentSummary {
        let store = InMemoryTrainingDataStore()
        for index in 0..<300 {
            let offset = [1.0, 2, 4, 8, 16, 32, 64][index % 7]
            try await store.save(
                .comparison(
                    CompletedComparison(
                        note1: MIDINote(60)!, note2: MIDINote(60)!, note2CentOffset: Cents(offset),
                        isCorrect: offset >= threshold || index % 3 == 0,
                        timestamp: Date(timeIntervalSince1970: 1_800_000_000 + Double(index) * 5))))
        }
        return StudentSummary(
            Account(id: UserID(rawValue: id), name: AccountName(name)!, isTeacher: false),
            try await StudentFigures(store: store))
    }

    @Test func aNarrowChartLabelsFewerTicksAndKeepsEveryMarkInside() async throws {
        let students = [
            try await Self.summary("ann", id: 1, threshold: 3),
            try await Self.summary("bob", id: 2, threshold: 20),
        ]
        #expect(students.allSatisfy { $0.figures?.threshold != nil })
        let classroom = Classroom(
            id: 1, name: "Choir",
            teacher: Account(id: UserID(rawValue: 3), name: AccountName("tess")!, isTeacher: true),
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
            #expect(marks.allSatisfy { (chart.left...(chart.width - ClassDistributionChart.right)).contains($0) })
        }
        // Finest ears first.
        let names = narrow.svg.matches(of: /class="name"[^>]*>([a-z]+)</).map { String($0.1) }
        #expect(names == ["ann", "bob"])
    }

    static let classroom = Classroom(
        id: 1, name: "Choir", teacher: Account(id: UserID(rawValue: 9), name: AccountName("tess")!, isTeacher: true),
        invitation: InvitationCode("ABCD-EFGH")!, studentCount: 2)

    static func withStudents(_ named: [(String, Double)], _ body: ([StudentSummary]) throws -> Void) async throws {
        var students: [StudentSummary] = []
        for (index, (name, threshold)) in named.enumerated() {
            students.append(try await summary(name, id: Int64(index + 1), threshold: threshold))
        }
        try body(students)
    }

    /// The label of each row, as drawn: its visible text, and the full name where it was shortened.
    static func labels(_ svg: String) -> [(shown: String, full: String?)] {
        svg.matches(of: /<text class="name"[^>]*>(?:<title>([^<]*)<\/title>)?([^<]*)<\/text>/).map {
            (String($0.2), $0.1.map(String.init))
        }
    }

    @Test func theNameColumnFitsTheLongestNameSoNoneIsCut() async throws {
        try await Self.withStudents([("ann", 3), ("n.schneider-weber", 20)]) { students throws in
            let chart = ClassDistributionChart(classroom: Self.classroom, students: students, width: 640)
            let labels = Self.labels(chart.svg)
            #expect(labels.map(\.shown) == ["ann", "n.schneider-weber"])
            #expect(labels.allSatisfy { $0.full == nil })
            // Right-aligned before the plot: the longest name, measured generously, starts inside the chart.
            let longest = Double("n.schneider-weber".count) * ClassDistributionChart.characterWidth
            #expect(chart.left - ClassDistributionChart.margin - longest >= 0)
            // Only as wide as needed: short names leave the plot more room.
            let short = ClassDistributionChart(classroom: Self.classroom, students: [students[0]], width: 640)
            #expect(short.left < chart.left)
        }
    }

    @Test func aNameTooLongForANarrowChartIsShortenedWithItsFullNameAsTitle() async throws {
        try await Self.withStudents([("ann", 3), ("n.schneider-weber", 20)]) { students throws in
            let chart = ClassDistributionChart(classroom: Self.classroom, students: students, width: 280)
            #expect(chart.width - ClassDistributionChart.right - chart.left >= ClassDistributionChart.minimumPlotWidth)
            let label = try #require(Self.labels(chart.svg).last)
            #expect(label.full == "n.schneider-weber")
            #expect(label.shown.hasSuffix("…") && "n.schneider-weber".hasPrefix(label.shown.dropLast()))
            #expect(
                Double(label.shown.count) * ClassDistributionChart.characterWidth <= chart.left - 2
                    * ClassDistributionChart.margin)
            #expect(Self.labels(chart.svg).first.map { $0.shown == "ann" && $0.full == nil } == true)
        }
    }

    @Test func theGermanChartWritesGermanDecimals() async throws {
        try await Self.withStudents([("ann", 3), ("bob", 20)]) { students throws in
            let english = ClassDistributionChart(classroom: Self.classroom, students: students, width: 640).svg
            let german = ClassDistributionChart(classroom: Self.classroom, students: students, german: true, width: 640)
                .svg
            #expect(english.contains(">0.5 ¢<") && !english.contains("0,5 ¢"))
            #expect(german.contains(">0,5 ¢<") && !german.contains("0.5 ¢"))
            // Every number with a decimal in the German chart has a comma, none a point.
            let texts = german.matches(of: />([^<>]*¢)</).map { String($0.1) }
            #expect(!texts.isEmpty && texts.allSatisfy { !$0.contains(".") })
            #expect(german.contains("Schwelle in Cent und wo sie wahrscheinlich liegt"))
        }
    }

    @Test func studentsWithoutAThresholdAreListedOnLinesThatFit() async throws {
        var students: [StudentSummary] = []
        for index in 0..<12 {
            let store = InMemoryTrainingDataStore()
            students.append(
                StudentSummary(
                    Account(
                        id: UserID(rawValue: Int64(index + 1)), name: AccountName("student-\(index)")!, isTeacher: false
                    ),
                    try await StudentFigures(store: store)))
        }
        let chart = ClassDistributionChart(classroom: Self.classroom, students: students, width: 300)
        let lines = chart.svg.matches(of: /<text class="unplaced"[^>]*>([^<]*)<\/text>/).map { String($0.1) }
        #expect(lines.count > 1)
        #expect(
            lines.allSatisfy {
                Double($0.count) * ClassDistributionChart.characterWidth <= 300 - 2 * ClassDistributionChart.margin
            })
        // Every name whole, once.
        let names = lines.joined(separator: " ").replacingOccurrences(of: "Not enough data yet:", with: "")
            .split(whereSeparator: { $0 == " " || $0 == "," }).map(String.init)
        #expect(names == (0..<12).map { "student-\($0)" })
    }

    /// Students whose figures are still being prepared are neither drawn nor called "not enough
    /// data": the chart counts them, in its language, and its summary says so too.
    @Test func studentsBeingPreparedAreCountedNotDrawn() async throws {
        try await Self.withStudents([("ann", 3)]) { prepared throws in
            // late3 answered since its last fit: its row holds those figures, which are not drawn.
            let waiting = [
                StudentSummary(Account(id: UserID(rawValue: 2), name: AccountName("late2")!, isTeacher: false), nil),
                StudentSummary(
                    Account(id: UserID(rawValue: 3), name: AccountName("late3")!, isTeacher: false),
                    prepared[0].figures, isPrepared: false),
            ]
            let english = ClassDistributionChart(classroom: Self.classroom, students: prepared + waiting, width: 640)
                .svg
            #expect(Self.labels(english).map(\.shown) == ["ann"])
            #expect(
                !english.contains("late2") && !english.contains("late3") && !english.contains("Not enough data yet"))
            #expect(
                english.contains(#"<text class="preparing" x="8.00""#)
                    && english.contains(">Being prepared: 2 students</text>"))
            // ann's own threshold (about 3 ¢, as the profile reads her answers) both ends of the range.
            let range = try #require(english.firstRange(of: /from ([0-9.]+) ¢ to ([0-9.]+) ¢/))
            #expect(
                english[range].contains("from ") && english.contains("Thresholds of 1 of 3 students in Choir, from "))
            let ends = english[range].split(separator: " ").filter { Double($0) != nil }
            #expect(ends.count == 2 && ends[0] == ends[1] && abs(Double(ends[0])! - 3) <= 0.3)
            #expect(english.contains(" ¢. Being prepared: 2 students"))
            let german = ClassDistributionChart(
                classroom: Self.classroom, students: prepared + [waiting[0]], german: true, width: 640
            ).svg
            #expect(german.contains(">In Vorbereitung: 1 Schüler:in</text>"))
            let complete = ClassDistributionChart(classroom: Self.classroom, students: prepared, width: 640).svg
            #expect(!complete.contains("preparing") && !complete.contains("Being prepared"))
        }
    }
}
