/// How long the next melody is: one note longer after three fully right in a row, one shorter
/// after a miss, never outside `range`. The chain of Play it Back, as pure transitions.
public struct MelodyLength: Hashable, Sendable {
    /// Every length Play it Back plays.
    public static let range = 2...8
    /// Right answers in a row that earn a longer melody.
    public static let streakToGrow = 3

    /// Nil before the first answer: the settings' shortest length.
    public private(set) var length: Int?
    /// Fully right answers in a row at `length`.
    public private(set) var streak = 0

    public init(length: Int? = nil, streak: Int = 0) {
        self.length = length
        self.streak = streak
    }

    /// After a melody of `played` notes was answered.
    public func after(played: Int, allCorrect: Bool) -> MelodyLength {
        guard allCorrect else { return MelodyLength(length: clamped(played - 1)) }
        let streak = self.length == played ? self.streak + 1 : 1
        return streak >= Self.streakToGrow
            ? MelodyLength(length: clamped(played + 1)) : MelodyLength(length: played, streak: streak)
    }

    /// The next melody's length within the lengths the settings allow.
    public func next(within allowed: ClosedRange<Int>) -> Int {
        min(max(length ?? allowed.lowerBound, allowed.lowerBound), allowed.upperBound)
    }

    private func clamped(_ length: Int) -> Int { min(max(length, Self.range.lowerBound), Self.range.upperBound) }
}
