import Foundation
import Testing

@testable import PeachCore

/// The one rule both stores count an answer inside a task by.
struct TaskProgressTests {
    static let ann = UserID(rawValue: 2)
    static let start = Date(timeIntervalSince1970: 1_800_000_000)

    @Test func aGoalIsMetByCountOrByTheThresholdReadThen() {
        #expect(AssignmentGoal.answers(3).isMet(answers: 3, reading: nil))
        #expect(!AssignmentGoal.answers(3).isMet(answers: 2, reading: 1))
        #expect(AssignmentGoal.threshold(20).isMet(answers: 1, reading: 19.5))
        #expect(!AssignmentGoal.threshold(20).isMet(answers: 50, reading: 20.5))
        #expect(!AssignmentGoal.threshold(20).isMet(answers: 50, reading: nil))
        // A measurement reads a value only from the answer that finished its run.
        #expect(AssignmentGoal.measure.isMet(answers: 12, reading: 31.5))
        #expect(!AssignmentGoal.measure.isMet(answers: 40, reading: nil))
    }

    @Test func eachAnswerCountsOnceAndTheGoalOfAnswersIsMetAtItsCount() {
        let none = TaskProgress.notStarted(7, Self.ann)
        #expect(none.status == .notStarted)
        let first = none.recording(answerAt: Self.start, reading: nil, toward: .answers(2))
        #expect(
            first
                == TaskProgress(
                    task: 7, student: Self.ann, answers: 1, lastActivity: Self.start, reached: nil, isDone: false))
        #expect(first.status == .inProgress)
        let second = first.recording(answerAt: Self.start.addingTimeInterval(5), reading: nil, toward: .answers(2))
        #expect(second.answers == 2 && second.status == .done)
        #expect(second.lastActivity == Self.start.addingTimeInterval(5))
    }

    /// A phone offline sends its answers later: one given before the newest keeps the newest activity.
    @Test func aLateAnswerCountsWithoutMovingTheLastActivityBack() {
        let recent = TaskProgress.notStarted(7, Self.ann)
            .recording(answerAt: Self.start.addingTimeInterval(60), reading: nil, toward: .answers(5))
        let late = recent.recording(answerAt: Self.start, reading: nil, toward: .answers(5))
        #expect(late.answers == 2 && late.lastActivity == Self.start.addingTimeInterval(60))
    }

    /// The newest threshold read is kept (an answer with none keeps the last), and once the goal
    /// was met the task stays done, at what met it, whatever the threshold does after.
    @Test func aThresholdGoalIsMetByTheReadingAndStaysDone() {
        let goal = AssignmentGoal.threshold(20)
        let above = TaskProgress.notStarted(7, Self.ann).recording(answerAt: Self.start, reading: 31, toward: goal)
        #expect(above.reached == 31 && !above.isDone)
        let unread = above.recording(answerAt: Self.start, reading: nil, toward: goal)
        #expect(unread.reached == 31 && !unread.isDone)
        let below = unread.recording(answerAt: Self.start, reading: 18, toward: goal)
        #expect(below.reached == 18 && below.isDone)
        let worse = below.recording(answerAt: Self.start, reading: 25, toward: goal)
        #expect(worse.reached == 18 && worse.isDone && worse.answers == 4)
    }
}
