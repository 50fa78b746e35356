import Foundation

/// The answers given inside one task that its threshold goal is fitted from
/// (`KindProfile.goalThreshold(_:fittedTo:)`), oldest first: the task's own alone, never the
/// student's profile, which holds their answers with other settings and from before the task.
/// Kept with the student's progress and moved with it by each answer.
public struct GoalTrials: Hashable, Sendable {
    public private(set) var trials: [ThresholdEstimator.Trial]

    /// The most any kind's fit reads: older answers say nothing more of the threshold now.
    public static let capacity = max(ThresholdTracker.window, ThresholdEstimator.window)

    public init(_ trials: [ThresholdEstimator.Trial] = []) { self.trials = Array(trials.suffix(Self.capacity)) }

    public func adding(_ trial: ThresholdEstimator.Trial) -> GoalTrials { GoalTrials(trials + [trial]) }

    /// As both stores keep it: per answer the difference's eight bytes, little-endian, with the
    /// sign bit set for a wrong answer (a difference is unsigned). A task of 2,000 answers is 16 KB,
    /// where JSON numbers took three times that.
    public var stored: Data {
        var bytes = Data(capacity: trials.count * 8)
        for trial in trials {
            let bits = trial.difference.magnitude.bitPattern | (trial.isCorrect ? 0 : 1 << 63)
            withUnsafeBytes(of: bits.littleEndian) { bytes.append(contentsOf: $0) }
        }
        return bytes
    }

    /// Nil when `stored` is not a whole number of answers.
    public init?(stored: Data) {
        guard stored.count % 8 == 0 else { return nil }
        var trials: [ThresholdEstimator.Trial] = []
        trials.reserveCapacity(stored.count / 8)
        stored.withUnsafeBytes { raw in
            for offset in stride(from: 0, to: raw.count, by: 8) {
                let bits = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
                trials.append(
                    ThresholdEstimator.Trial(
                        difference: Double(bitPattern: bits & ~(1 << 63)), isCorrect: bits & (1 << 63) == 0))
            }
        }
        self.init(trials)
    }
}
