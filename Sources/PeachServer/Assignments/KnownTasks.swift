import PeachCore

/// One user's assignment tasks as this instance last read them, and their count (progress and a
/// threshold goal's own answers) as it last stored it: counting an answer inside a task then costs
/// one statement (`AssignmentStore.recordAnswer`). A task's discipline, settings and goal never change (an edit
/// that changes them makes a new task); its progress may move on another instance meanwhile, which
/// that statement notices.
actor KnownTasks {
    private var tasks: [Int64: AssignmentTask] = [:]
    private var counts: [Int64: TaskCount] = [:]

    func task(_ id: Int64) -> AssignmentTask? { tasks[id] }

    func keep(_ task: AssignmentTask) { tasks[task.id] = task }

    func count(of task: Int64) -> TaskCount? { counts[task] }

    func keep(_ count: TaskCount) { counts[count.progress.task] = count }
}
