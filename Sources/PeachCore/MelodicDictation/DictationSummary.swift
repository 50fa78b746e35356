/// Play it Back's part of the Profile as the API sends it (`GET /api/profile/part?discipline=melodicDictation`,
/// formerly `/api/profile/dictation`): null rather than zero where there is no data.
public struct DictationSummary: Codable, Sendable, APIDescribed {
    public struct Step: Codable, Sendable, APIDescribed {
        public let step: Int
        public let notes: Int
        public let correct: Int
        public let accuracy: Double

        public static var apiNotes: [String: APINote] {
            [
                "step": APINote.bounds(2...8).describe(
                    "The interval number of the step that led to the notes: 2 a second, 3 a third…"),
                "notes": .describe("Notes reached by a step of this size."),
                "accuracy": APINote.bounds(0...1.0).describe("The share of them played back right."),
            ]
        }
    }

    public let melodies: Int
    public let longestMastered: Nullable<Int>
    public let masteredAfter: Int
    public let steps: [Step]

    public init(_ profile: DictationProfile) {
        melodies = profile.count
        longestMastered = Nullable(profile.longestMastered)
        masteredAfter = DictationProfile.masteredAfter
        steps = profile.steps.keys.sorted().map { size in
            let count = profile.steps[size]!
            return Step(step: size, notes: count.notes, correct: count.correct, accuracy: count.accuracy)
        }
    }

    public static var apiNotes: [String: APINote] {
        [
            "melodies": .describe("Melodies answered."),
            "longestMastered": .describe(
                "The longest melody played back without a wrong note at least masteredAfter times; null before any."),
            "steps": .describe("Each step size's notes and share right, smallest step first."),
        ]
    }
}
