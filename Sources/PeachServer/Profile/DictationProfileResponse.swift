import Foundation
import Hummingbird
import PeachCore

/// `GET /api/profile/dictation`: Play it Back's summary, null rather than zero where there is no data.
struct DictationProfileResponse: ResponseEncodable, Decodable, APIDescribed {
    struct Step: Codable, APIDescribed {
        let step: Int
        let notes: Int
        let correct: Int
        let accuracy: Double

        static var apiNotes: [String: APINote] {
            [
                "step": APINote.bounds(2...8).describe("The interval number of the step that led to the notes: 2 a second, 3 a third…"),
                "notes": .describe("Notes reached by a step of this size."),
                "accuracy": APINote.bounds(0...1.0).describe("The share of them played back right."),
            ]
        }
    }

    let melodies: Int
    let longestMastered: Nullable<Int>
    let masteredAfter: Int
    let steps: [Step]

    init(_ profile: DictationProfile) {
        melodies = profile.count
        longestMastered = Nullable(profile.longestMastered)
        masteredAfter = DictationProfile.masteredAfter
        steps = profile.steps.keys.sorted().map { size in
            let count = profile.steps[size]!
            return Step(step: size, notes: count.notes, correct: count.correct, accuracy: count.accuracy)
        }
    }

    static var apiNotes: [String: APINote] {
        [
            "melodies": .describe("Melodies answered."),
            "longestMastered": .describe(
                "The longest melody played back without a wrong note at least masteredAfter times; null before any."),
            "steps": .describe("Each step size's notes and share right, smallest step first."),
        ]
    }
}
