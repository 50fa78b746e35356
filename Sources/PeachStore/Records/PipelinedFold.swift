import Dispatch

/// Folds records on a thread of its own while the reading thread reads and decodes the next ones.
/// A start with no profile snapshot replays every record; one thread doing both took the sum of
/// the two, about 1.6 s of CPU at a million records, where two cores can overlap them.
///
/// Used from one reading thread: `add` and `finish` there; the result is touched only on `queue`.
final class PipelinedFold<Record: Sendable, Result: Sendable>: @unchecked Sendable {
    /// Records handed over at a time: a hop per record would cost more than it saves.
    static var chunkSize: Int { 4096 }

    private let queue = DispatchQueue(label: "peach.replay.fold")
    /// Chunks in flight, so that a reader faster than the fold does not hold the table in memory.
    private let room = DispatchSemaphore(value: 4)
    private let step: @Sendable (inout Result, Record) -> Void
    private var result: Result
    private var chunk: [Record] = []

    init(_ initial: Result, _ step: @escaping @Sendable (inout Result, Record) -> Void) {
        result = initial
        self.step = step
        chunk.reserveCapacity(Self.chunkSize)
    }

    func add(_ record: Record) {
        chunk.append(record)
        if chunk.count == Self.chunkSize { handOver() }
    }

    /// Every record added, folded in the order added.
    func finish() -> Result {
        handOver()
        return queue.sync { result }
    }

    private func handOver() {
        guard !chunk.isEmpty else { return }
        let records = chunk
        chunk.removeAll(keepingCapacity: true)
        room.wait()
        queue.async {
            for record in records { self.step(&self.result, record) }
            self.room.signal()
        }
    }
}
