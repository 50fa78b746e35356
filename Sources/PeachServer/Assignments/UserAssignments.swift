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

    /// Counts a stored answer for the task its trial was drawn for, if any, with what its goal reads
    /// in the student's profile after the answer (`reading`). The answer is stored whatever
    /// happens here: progress not moved is logged, not refused.
    func count(_ record: TrainingRecord, trial: OpenTrial, profile: ProfileService, logger: Logger) async {
        guard let id = trial.task else { return }
        do {
            guard let task = try await assignedTask(id) else { return }
            let reading = await Self.reading(task.goal, after: record, in: profile)
            let last = await known.progress(of: id)
            if let progress = try await store.recordAnswer(
                of: user, in: task, at: record.timestamp, reading: reading, known: last)
            {
                await known.keep(progress)
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

    /// What `goal` reads after `record`, as the discipline's kind states it: the fitted threshold
    /// for a threshold goal; for a measurement, the run this very answer finished (a run finished
    /// earlier, outside the task, does not count).
    static func reading(_ goal: AssignmentGoal, after record: TrainingRecord, in profile: ProfileService) async
        -> Double?
    {
        let discipline = record.discipline
        let kind = discipline.trainingKind
        switch goal {
        case .answers: return nil
        case .threshold:
            guard kind.hasGoalThreshold(discipline) else { return nil }
            return kind.goalThreshold(discipline, in: await profile.parts)?.rawValue
        case .measure:
            // To the millisecond: a profile rebuilt from a store holds the answer's time as stored.
            guard let run = kind.newestMeasurement(discipline, in: await profile.parts),
                abs(run.finished.timeIntervalSince(record.timestamp)) < 0.001
            else { return nil }
            return run.estimate.threshold.rawValue
        }
    }
}
