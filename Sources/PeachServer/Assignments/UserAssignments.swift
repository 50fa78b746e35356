import Foundation
import Logging
import PeachCore
import PeachServices

/// One signed-in user's side of the assignments, for their trial routes: the settings a task's
/// trials are drawn with, and each answer given inside a task counted as it arrives.
public struct UserAssignments: Sendable {
    let user: UserID
    let store: any AssignmentStore
    private let known = KnownTasks()

    init(user: UserID, store: any AssignmentStore) {
        self.user = user
        self.store = store
    }

    /// The task's settings over the student's own; nil when it is not their task.
    func draw(_ task: Int64, settings: SettingsService) async throws(DataStoreError) -> (
        AssignmentTask, TrialService.TaskDraw
    )? {
        guard let (_, found) = try await store.task(task, for: user) else { return nil }
        await known.keep(found)
        let own = await settings.current
        // Validated when the task was made; settings that no longer apply train with the student's own.
        let training = (try? found.trainingSettings(over: own)) ?? own.training
        return (found, TrialService.TaskDraw(task: task, settings: training))
    }

    /// Counts a stored answer for the task its trial was drawn for, if any, with what it tells the
    /// task's goal (`answer`). The answer is stored whatever happens here: progress not moved is
    /// logged, not refused.
    func count(_ record: TrainingRecord, trial: OpenTrial, profile: ProfileService, logger: Logger) async {
        guard let id = trial.task else { return }
        do {
            guard let task = try await assignedTask(id) else { return }
            let answer = await Self.answer(record, toward: task.goal, in: profile)
            let last = await known.count(of: id)
            if let counted = try await store.recordAnswer(of: user, in: task, at: record.timestamp, answer, known: last)
            {
                await known.keep(counted)
            }
        } catch {
            logger.error("assignment progress not counted", metadata: ["task": "\(id)", "error": "\(error)"])
        }
    }

    /// The task as read before; a trial kept from before a restart finds its task read once.
    private func assignedTask(_ id: Int64) async throws(DataStoreError) -> AssignmentTask? {
        if let kept = await known.task(id) { return kept }
        guard let (_, found) = try await store.task(id, for: user) else { return nil }
        await known.keep(found)
        return found
    }

    /// What `record` tells `goal`, as the discipline's kind states it: for a threshold goal the
    /// trial it adds to the task's own fit (the student's profile, of answers outside the task too,
    /// does not count); for a measurement, the run this very answer finished (a run finished earlier,
    /// outside the task, does not count).
    static func answer(_ record: TrainingRecord, toward goal: AssignmentGoal, in profile: ProfileService) async
        -> TaskAnswer
    {
        let discipline = record.discipline
        let kind = discipline.trainingKind
        switch goal {
        case .answers: return .counted
        case .threshold:
            guard kind.hasGoalThreshold(discipline), let trial = record.goalTrial else { return .counted }
            return .trial(trial)
        case .measure:
            // To the millisecond: a profile rebuilt from a store holds the answer's time as stored.
            guard let run = kind.newestMeasurement(discipline, in: await profile.parts),
                abs(run.finished.timeIntervalSince(record.timestamp)) < 0.001
            else { return .counted }
            return .measured(run.estimate.threshold.rawValue)
        }
    }
}
