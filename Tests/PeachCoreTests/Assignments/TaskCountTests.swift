import Foundation
import Testing

@testable import PeachCore

/// A threshold goal reads the threshold fitted to the task's own answers, by the Profile's rule.
struct TaskCountTests {
    static let ann = UserID(rawValue: 2)
    static let start = Date(timeIntervalSince1970: 1_800_000_000)

    static func task(_ discipline: Discipline, goal: AssignmentGoal) -> AssignmentTask {
        AssignmentTask(id: 7, discipline: discipline, settings: SettingsUpdate(), goal: goal)
    }

    /// A listener who hears 60 ¢ and more and guesses below, at the differences a chain plays.
    static func answers(_ count: Int) -> [ThresholdEstimator.Trial] {
        (0..<count).map { index in
            let difference = [10.0, 20, 40, 60, 90][index % 5]
            return ThresholdEstimator.Trial(difference: difference, isCorrect: difference >= 60 || index % 2 == 0)
        }
    }

    static func counting(_ trials: [ThresholdEstimator.Trial], in task: AssignmentTask) -> [TaskCount] {
        var count = TaskCount.notStarted(task.id, ann)
        return trials.map { trial in
            count = count.recording(answerAt: start, .trial(trial), in: task)
            return count
        }
    }

    @Test(arguments: [Discipline.pitchComparison, .intervalComparison, .chordIntonation])
    func eachAnswerJoinsTheTasksOwnFitAsTheProfileFitsIt(discipline: Discipline) throws {
        let task = Self.task(discipline, goal: .threshold(5))
        let trials = Self.answers(200)
        let counts = Self.counting(trials, in: task)
        #expect(counts.last?.goalTrials.trials == trials)
        #expect(counts.last?.progress.answers == 200)
        // Nothing to read below the fit's minimum of answers.
        #expect(counts.prefix(ThresholdEstimator.minimumTrials - 1).allSatisfy { $0.progress.reached == nil })
        let fit = discipline.trainingKind.goalThreshold(discipline, fittedTo: trials)
        let fitted = try #require(fit)
        #expect(counts.last?.progress.reached == fitted.rawValue)
        let profileRule =
            discipline == .chordIntonation
            ? ChordIntonationProfile.threshold(fittedTo: trials) : PerceptualProfile.threshold(fittedTo: trials)
        #expect(fitted == profileRule?.threshold)
        #expect(fitted.rawValue > 20 && fitted.rawValue < 90, "\(fitted)")
        #expect(counts.last?.progress.isDone == false)
    }

    /// Met once the task's own fit is at or below the goal; then nothing more is fitted or kept.
    @Test func aThresholdGoalIsMetByTheTasksOwnFitAndThenKeepsWhatMetIt() throws {
        let trials = Self.answers(200)
        let goal = try #require(ComparisonKind.goalThreshold(.pitchComparison, fittedTo: trials)).rawValue + 5
        let counts = Self.counting(
            trials + Self.answers(50).map { .init(difference: $0.difference, isCorrect: false) },
            in: Self.task(.pitchComparison, goal: .threshold(goal)))
        let met = try #require(counts.firstIndex { $0.progress.isDone })
        let reached = try #require(counts[met].progress.reached)
        #expect(reached <= goal)
        #expect(counts[met...].allSatisfy { $0.progress.isDone && $0.progress.reached == reached })
        #expect(counts.last?.goalTrials.trials.count == met + 1)
        #expect(counts.last?.progress.answers == 250)
    }

    @Test func aGoalOfAnswersOrAMeasurementKeepsNoTrials() {
        let task = Self.task(.pitchComparison, goal: .measure)
        let measured = TaskCount.notStarted(7, Self.ann).recording(answerAt: Self.start, .counted, in: task)
            .recording(answerAt: Self.start, .measured(12.5), in: task)
        #expect(measured.progress.reached == 12.5 && measured.progress.isDone && measured.goalTrials.trials.isEmpty)
    }

    @Test func theTrialsAreStoredAnswerForAnswerAndTheNewestKept() throws {
        let trials = [
            ThresholdEstimator.Trial(difference: 0, isCorrect: false),
            ThresholdEstimator.Trial(difference: 12.345_678_9, isCorrect: true),
            ThresholdEstimator.Trial(difference: 1000, isCorrect: false),
        ]
        let stored = GoalTrials(trials).stored
        #expect(stored.count == 24)
        #expect(GoalTrials(stored: stored)?.trials == trials)
        #expect(GoalTrials(stored: stored.dropLast()) == nil)
        let many = (0..<(GoalTrials.capacity + 3)).map {
            ThresholdEstimator.Trial(difference: Double($0), isCorrect: true)
        }
        #expect(GoalTrials(many).trials.first?.difference == 3)
        #expect(GoalTrials(many).adding(trials[1]).trials.count == GoalTrials.capacity)
    }
}
