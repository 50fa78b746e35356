import Foundation

/// One piece of an assignment: a discipline trained with the settings it needs until its goal is
/// met. The settings are a change to the student's own (`SettingsUpdate`): what the task leaves out
/// stays as the student has it, and the student's Settings are never changed by it.
public struct AssignmentTask: Hashable, Sendable {
    /// Zero until the store numbers it.
    public let id: Int64
    public let discipline: Discipline
    public let settings: SettingsUpdate
    public let goal: AssignmentGoal

    public init(id: Int64 = 0, discipline: Discipline, settings: SettingsUpdate, goal: AssignmentGoal) {
        self.id = id
        self.discipline = discipline
        self.settings = settings
        self.goal = goal
    }

    /// The settings a trial of this task is drawn with: the student's with the task's applied.
    /// Validated when the task was made, so only settings stored by another version can fail.
    public func trainingSettings(over own: PeachSettings) throws(SettingsError) -> TrainingSettings {
        try own.applying(settings).training
    }

    /// Whether this task's draft is the same work as `other`'s: editing an assignment keeps the
    /// progress of the tasks it did not change.
    public func isSameWork(as other: AssignmentTask) -> Bool {
        discipline == other.discipline && settings == other.settings && goal == other.goal
    }
}

extension AssignmentTask {
    /// The settings as both backends keep them: the API's JSON object.
    public var storedSettings: String {
        // SettingsUpdate holds strings, numbers and booleans only: encoding cannot fail.
        String(decoding: try! JSONEncoder().encode(settings), as: UTF8.self)
    }

    /// A task as a store reads it back; nil for a discipline or settings this version does not know.
    public init?(id: Int64, discipline: String, storedSettings: String, answers: Int?, threshold: Double?) {
        guard let discipline = Discipline(rawValue: discipline),
            let settings = try? JSONDecoder().decode(SettingsUpdate.self, from: Data(storedSettings.utf8))
        else { return nil }
        // A measurement sets neither number, so both stores keep it with no column of its own.
        let goal: AssignmentGoal = answers.map { .answers($0) } ?? threshold.map { .threshold($0) } ?? .measure
        self.init(id: id, discipline: discipline, settings: settings, goal: goal)
    }
}
