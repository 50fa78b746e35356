import Foundation
import Testing

@testable import PeachCore

/// A draft is checked whole: every refusal names the field at fault and says what it takes.
struct AssignmentDraftTests {
    static let due = Date(timeIntervalSince1970: 1_800_000_000)

    static func refusal(
        title: String = "Week 3", start: Date? = nil, _ tasks: [AssignmentDraft.RawTask]
    ) -> AssignmentDraft.Invalid? {
        do {
            _ = try AssignmentDraft(student: nil, title: title, start: start, due: due, tasks: tasks)
            return nil
        } catch {
            return error
        }
    }

    @Test func aGoodDraftKeepsItsTasksInOrderWithTheirGoals() throws {
        let draft = try AssignmentDraft(
            student: nil, title: "  Week 3  ", start: nil, due: Self.due,
            tasks: [
                .init(discipline: "intervalComparison", answers: 60, settings: SettingsUpdate(tempoBPM: 100)),
                .init(discipline: "pitchComparison", threshold: 20),
            ])
        #expect(draft.title == "Week 3")
        #expect(draft.tasks.map(\.discipline) == [.intervalComparison, .pitchComparison])
        #expect(draft.tasks.map(\.goal) == [.answers(60), .threshold(20)])
    }

    @Test func anUnknownDisciplineIsNamed() {
        let refusal = Self.refusal([
            .init(discipline: "pitchComparison", answers: 3), .init(discipline: "humming", answers: 3),
        ])
        #expect(refusal?.field == "tasks[1].discipline")
        #expect(refusal?.message.contains("unknown discipline 'humming'") == true)
    }

    @Test func settingsOutOfRangeAreRefusedWithTheirField() {
        let refusal = Self.refusal([
            .init(discipline: "rhythmComparison", answers: 3, settings: SettingsUpdate(tempoBPM: 9999))
        ])
        #expect(refusal?.field == "tasks[0].settings.tempoBPM")
    }

    @Test func aTaskHasExactlyOneGoalInItsRange() {
        #expect(Self.refusal([.init(discipline: "pitchComparison")])?.field == "tasks[0]")
        #expect(Self.refusal([.init(discipline: "pitchComparison", answers: 3, threshold: 20)])?.field == "tasks[0]")
        #expect(Self.refusal([.init(discipline: "pitchComparison", answers: 0)])?.field == "tasks[0].answers")
        #expect(Self.refusal([.init(discipline: "pitchComparison", answers: 1001)])?.field == "tasks[0].answers")
        #expect(Self.refusal([.init(discipline: "pitchComparison", threshold: 0)])?.field == "tasks[0].threshold")
    }

    /// As its kind says.
    static func hasGoalThreshold(_ discipline: Discipline) -> Bool {
        discipline.trainingKind.hasGoalThreshold(discipline)
    }

    @Test func aThresholdGoalNeedsADisciplineWithOneFittedThreshold() {
        #expect(Self.hasGoalThreshold(.pitchComparison))
        #expect(Self.hasGoalThreshold(.intervalComparison))
        #expect(Self.hasGoalThreshold(.chordIntonation))
        #expect(!Self.hasGoalThreshold(.pitchMeasurement))
        #expect(!Self.hasGoalThreshold(.scaleDegree))
        #expect(Self.refusal([.init(discipline: "scaleDegree", threshold: 20)])?.field == "tasks[0].threshold")
    }

    @Test func aMeasurementGoalNeedsAMeasurementDiscipline() throws {
        let draft = try AssignmentDraft(
            student: nil, title: "Where are you?", start: nil, due: Self.due,
            tasks: [
                .init(discipline: "pitchMeasurement", measure: true),
                .init(discipline: "timingMeasurement", measure: true),
            ])
        #expect(draft.tasks.map(\.goal) == [.measure, .measure])
        let refusal = Self.refusal([.init(discipline: "pitchComparison", measure: true)])
        #expect(refusal?.field == "tasks[0].measure")
        #expect(refusal?.message.contains("pitchMeasurement") == true)
        #expect(Self.refusal([.init(discipline: "pitchMeasurement", answers: 5, measure: true)])?.field == "tasks[0]")
        // Only true sets it: false is no goal at all.
        #expect(Self.refusal([.init(discipline: "pitchMeasurement", measure: false)])?.field == "tasks[0]")
    }

    @Test func theTitleStartAndTaskCountAreChecked() {
        let task = AssignmentDraft.RawTask(discipline: "pitchComparison", answers: 3)
        #expect(Self.refusal(title: "  ", [task])?.field == "title")
        #expect(Self.refusal(title: "a\u{202E}b", [task])?.field == "title")
        #expect(Self.refusal(start: Self.due.addingTimeInterval(1), [task])?.field == "start")
        #expect(Self.refusal([])?.field == "tasks")
        #expect(Self.refusal(Array(repeating: task, count: 21))?.field == "tasks")
    }

    @Test func aTaskNeverSetsTheStudentsLanguage() {
        #expect(
            Self.refusal([.init(discipline: "pitchComparison", answers: 3, settings: SettingsUpdate(language: "de"))])?
                .field == "tasks[0].settings.language")
    }

    @Test func aStoredTaskReadsBackAsWritten() throws {
        let task = AssignmentTask(
            id: 4, discipline: .intervalComparison,
            settings: SettingsUpdate(intervals: [.init(name: "m6", direction: "up")]), goal: .answers(5))
        let read = AssignmentTask(
            id: 4, discipline: "intervalComparison", storedSettings: task.storedSettings, answers: 5, threshold: nil)
        #expect(read == task)
        #expect(AssignmentTask(id: 4, discipline: "humming", storedSettings: "{}", answers: 5, threshold: nil) == nil)
        let measuring = AssignmentTask(
            id: 5, discipline: "intervalMeasurement", storedSettings: "{}", answers: nil, threshold: nil)
        #expect(measuring?.goal == .measure)
    }
}
