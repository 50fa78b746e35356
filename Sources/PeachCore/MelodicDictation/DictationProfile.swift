import Foundation

/// What Play it Back's answers add up to: how often each melody length was played back without a
/// wrong note, each step size's share of right notes, and the share of wrong notes day by day.
public struct DictationProfile: ProfilePart {
    /// A length is mastered once this many melodies of it were played back without a wrong note:
    /// one lucky answer is not mastery, and three are what earn the next length in training.
    public static let masteredAfter = MelodyLength.streakToGrow

    /// Notes reached by a step of one size, and how many of them were right.
    public struct StepCount: Hashable, Sendable {
        public fileprivate(set) var notes = 0
        public fileprivate(set) var correct = 0

        public var accuracy: Double { Double(correct) / Double(notes) }
    }

    private let calendar: Calendar
    public private(set) var count = 0
    /// Fully right melodies by their length.
    public private(set) var fullyCorrect: [Int: Int] = [:]
    /// By interval number (2: a second…): the notes a step of that size led to.
    public private(set) var steps: [Int: StepCount] = [:]
    private var days: [(start: Date, notes: Int, wrong: Int)] = []

    public init(calendar: Calendar) { self.calendar = calendar }

    public mutating func add(_ record: CompletedMelodicDictation) {
        count += 1
        let judged = record.notesCorrect
        if record.isCorrect { fullyCorrect[record.melody.count, default: 0] += 1 }
        // A note counts for the step that led to it: the first note has none.
        let scale = DiatonicScale(tonic: record.tonicNote, mode: record.mode)
        for index in record.melody.notes.indices.dropFirst() {
            guard let size = scale.stepSize(from: record.melody.notes[index - 1], to: record.melody.notes[index]) else {
                continue
            }
            steps[size, default: StepCount()].notes += 1
            if judged[index] { steps[size, default: StepCount()].correct += 1 }
        }
        let start = calendar.startOfDay(for: record.timestamp)
        if days.last?.start != start { days.append((start, 0, 0)) }
        days[days.count - 1].notes += judged.count
        days[days.count - 1].wrong += judged.count - record.correctNotes
    }

    /// The longest length played back without a wrong note `masteredAfter` times; nil before any.
    public var longestMastered: Int? { fullyCorrect.filter { $0.value >= Self.masteredAfter }.keys.max() }

    /// The Start screen's line: wrong notes per day, lower is better.
    public var sparkline: Sparkline {
        Sparkline(
            values: days.suffix(RecognitionProfile<Int>.sparklineDays).map {
                100 * Double($0.wrong) / Double($0.notes)
            }, hasData: count > 0,
            caption: .init(
                english: "Wrong notes per day, in %: lower is better",
                german: "Falsche Töne pro Tag, in %: niedriger ist besser"))
    }
}
