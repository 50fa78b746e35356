import Foundation

/// Answers counted by played difference, on a logarithmic lattice: what the threshold fit needs
/// from a set of comparisons, small enough to keep for every period of a timeline and to add up
/// when periods are pooled.
public struct TrialCounts: Hashable, Sendable, Codable {
    struct Count: Hashable, Sendable {
        var correct = 0
        var wrong = 0
    }

    /// Lattice step in natural-log cents: a difference is counted at the nearest of a ladder of
    /// differences 4 % apart, finer than anything the fit can resolve.
    static let step = 0.04

    /// The count at lattice index `lowestIndex + i` is `slots[i]`: a plain array, since start-up
    /// adds every stored answer to three of these and hashing each index showed.
    private var slots: [Count] = []
    private var lowestIndex = 0
    public private(set) var count = 0

    public init() {}

    public init(_ trials: some Sequence<ThresholdEstimator.Trial>) {
        for trial in trials { add(trial) }
    }

    /// Where one answer is counted: worked out once when several counts take the same answer
    /// (each period of a timeline).
    public struct Bin: Sendable {
        let index: Int
        let isCorrect: Bool

        /// Nothing for a zero difference: it says nothing about the threshold, every listener is
        /// at chance there.
        public init?(_ trial: ThresholdEstimator.Trial) {
            guard trial.difference > 0, trial.difference.isFinite else { return nil }
            index = Int((log(trial.difference) / TrialCounts.step).rounded())
            isCorrect = trial.isCorrect
        }
    }

    public mutating func add(_ trial: ThresholdEstimator.Trial) {
        if let bin = Bin(trial) { add(bin) }
    }

    public mutating func add(_ bin: Bin) {
        let slot = makeSlot(bin.index)
        if bin.isCorrect { slots[slot].correct += 1 } else { slots[slot].wrong += 1 }
        count += 1
    }

    public mutating func add(_ other: TrialCounts) {
        for (index, other) in other.sortedBins {
            let slot = makeSlot(index)
            slots[slot].correct += other.correct
            slots[slot].wrong += other.wrong
        }
        count += other.count
    }

    /// The smallest difference answered, as its bin holds it (within 2 %); nothing without answers.
    public var smallestDifference: Cents? {
        sortedBins.first.map { Cents(exp(Double($0.index) * Self.step)) }
    }

    /// The bins that hold answers, in lattice order, so that every sum over them replays exactly.
    var sortedBins: [(index: Int, count: Count)] {
        slots.indices.compactMap { slots[$0] == Count() ? nil : (lowestIndex + $0, slots[$0]) }
    }

    /// The position of lattice `index` in `slots`, widening them to reach it.
    private mutating func makeSlot(_ index: Int) -> Int {
        if slots.isEmpty {
            lowestIndex = index
            slots = [Count()]
        } else if index < lowestIndex {
            slots.insert(contentsOf: repeatElement(Count(), count: lowestIndex - index), at: 0)
            lowestIndex = index
        } else if index >= lowestIndex + slots.count {
            slots.append(contentsOf: repeatElement(Count(), count: index - lowestIndex - slots.count + 1))
        }
        return index - lowestIndex
    }

    // As [lowest index, the slots' counts as little-endian 32-bit pairs in base64]: a saved
    // profile holds thousands of these, and start-up spent most of its time parsing them as JSON
    // numbers.
    public init(from decoder: any Decoder) throws {
        var container = try decoder.unkeyedContainer()
        lowestIndex = try container.decode(Int.self)
        let bytes = try container.decode(Data.self)
        guard bytes.count % 8 == 0 else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "the counts are not pairs of 32-bit numbers")
        }
        slots.reserveCapacity(bytes.count / 8)
        bytes.withUnsafeBytes { raw in
            for offset in stride(from: 0, to: raw.count, by: 8) {
                let slot = Count(
                    correct: Int(UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt32.self))),
                    wrong: Int(UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self))))
                slots.append(slot)
                count += slot.correct + slot.wrong
            }
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.unkeyedContainer()
        try container.encode(lowestIndex)
        var bytes = Data(capacity: slots.count * 8)
        for slot in slots {
            guard let correct = UInt32(exactly: slot.correct), let wrong = UInt32(exactly: slot.wrong) else {
                throw EncodingError.invalidValue(
                    slot.correct, .init(codingPath: encoder.codingPath, debugDescription: "a count beyond 32 bits"))
            }
            withUnsafeBytes(of: correct.littleEndian) { bytes.append(contentsOf: $0) }
            withUnsafeBytes(of: wrong.littleEndian) { bytes.append(contentsOf: $0) }
        }
        try container.encode(bytes)
    }

    /// Equal when the same answers are counted, however far the slots were widened.
    public static func == (lhs: TrialCounts, rhs: TrialCounts) -> Bool {
        lhs.count == rhs.count
            && lhs.sortedBins.elementsEqual(rhs.sortedBins) { $0.index == $1.index && $0.count == $1.count }
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(count)
        for bin in sortedBins {
            hasher.combine(bin.index)
            hasher.combine(bin.count)
        }
    }
}
