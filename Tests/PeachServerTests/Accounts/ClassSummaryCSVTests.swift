import Foundation
import HTTPTypes
import Hummingbird
import Testing

@testable import PeachCore
@testable import PeachServer
@testable import PeachServices

/// The class CSV is written in pieces of `rowsPerWrite` rows, each piece whole rows, and together
/// they are the header and one row per student in order. The header goes out before any figures
/// are asked for, and each piece asks for its own students' only: a class whose figures are still
/// being prepared streams as they are ready.
struct ClassSummaryCSVTests {
    /// Keeps every buffer written, as the connection would send it, and each chunk of students asked for.
    final class Pieces: @unchecked Sendable {
        var written: [String] = []
        var asked: [(chunk: [Int64], writtenBefore: Int)] = []
        var finished = false
    }

    struct Collecting: ResponseBodyWriter {
        let pieces: Pieces
        mutating func write(_ buffer: ByteBuffer) async throws { pieces.written.append(String(buffer: buffer)) }
        consuming func finish(_ trailingHeaders: HTTPFields?) async throws { pieces.finished = true }
    }

    @Test func aClassIsWrittenAFewRowsAtATime() async throws {
        let estimate = ThresholdEstimate(
            threshold: Cents(8.5), lower: Cents(7), upper: Cents(10.25), percentCorrect: 0.75, trialCount: 400)
        let students = (0..<(2 * ClassSummaryCSV.rowsPerWrite + 5)).map { index in
            Account(id: UserID(rawValue: Int64(index + 1)), name: AccountName("student\(index)")!, isTeacher: false)
        }
        @Sendable func figures(_ index: Int) -> StudentFigures {
            StudentFigures(
                threshold: index % 2 == 0 ? estimate : nil,
                missingThreshold: index % 2 == 0 ? nil : .tooFewAnswers(answers: index, needed: 20),
                change: index % 2 == 0 ? ThresholdChange(ratio: 0.8, lower: 0.7, upper: 0.9, answers: 400) : nil,
                trials: index,
                lastActivity: index % 2 == 0 ? Date(timeIntervalSince1970: 1_800_000_000) : nil,
                disciplines: [
                    DisciplineFigures(
                        discipline: .chordIntonation, answers: index, accuracy: nil,
                        threshold: index % 2 == 0 ? estimate : nil,
                        missingThreshold: index % 2 == 0
                            ? nil : .unplaced(answers: index, correct: index, smallest: Cents(5))),
                    DisciplineFigures(
                        discipline: .scaleDegree, answers: index, accuracy: index % 2 == 0 ? 0.75 : nil, threshold: nil),
                    DisciplineFigures(discipline: .chordQuality, answers: 0, accuracy: nil, threshold: nil),
                ])
        }
        let pieces = Pieces()
        let writer: any ResponseBodyWriter = Collecting(pieces: pieces)
        try await ClassSummaryCSV.body(students) { chunk in
            pieces.asked.append((chunk.map(\.id.rawValue), pieces.written.count))
            return chunk.map { ($0, figures(Int($0.id.rawValue) - 1)) }
        }.write(writer)
        #expect(pieces.asked.map(\.chunk.count) == [ClassSummaryCSV.rowsPerWrite, ClassSummaryCSV.rowsPerWrite, 5])
        #expect(
            pieces.asked.map(\.writtenBefore) == [1, 2, 3],
            "the header first, then each piece before the next is asked for")
        #expect(pieces.asked.flatMap(\.chunk) == students.map(\.id.rawValue))
        #expect(pieces.finished)
        #expect(pieces.written.count == 1 + 3, "the header, then two full pieces and the rest")
        #expect(pieces.written.allSatisfy { $0.hasSuffix("\n") })
        let lines = pieces.written.joined().split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(
            lines.first
                == "student,thresholdCents,thresholdLowerCents,thresholdUpperCents,upperIsOpen,missingThreshold,trend,"
                + "allAnswers,lastActivity,chordIntonationThresholdCents,chordIntonationMissingThreshold,"
                + "scaleDegreeAccuracy,chordQualityAccuracy,chordProgressionAccuracy,commonProgressionAccuracy")
        #expect(lines.count == students.count + 2)
        #expect(lines[1] == "student0,8.50,7.00,10.25,false,,improving,0,2027-01-15T08:00:00.000Z,8.50,,0.750,")
        // Issue 49: an empty threshold says why, as the API's reason code.
        #expect(lines[2] == "student1,,,,,tooFewAnswers,,1,,,unplaced,,")
        #expect(
            lines[students.count]
                == "student\(students.count - 1),8.50,7.00,10.25,false,,improving,\(students.count - 1),2027-01-15T08:00:00.000Z,8.50,,0.750,"
        )
    }
}
