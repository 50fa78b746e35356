import Foundation
import PeachCore

/// Why a threshold is null (`MissingThreshold`), beside it: a reason the page words in its own
/// language, and the numbers it rests on; null whenever the threshold is stated.
struct MissingThresholdResponse: Codable, APIDescribed {
    let reason: MissingThreshold.Reason
    let answers: Int
    let needed: Nullable<Int>
    let correct: Nullable<Int>
    let smallest: Nullable<Double>
    let lower: Nullable<Double>
    let upper: Nullable<Double>

    init(_ missing: MissingThreshold) {
        var needed: Int?
        var correct: Int?
        var smallest: Cents?
        var lower: Cents?
        var upper: Cents?
        reason = missing.reason
        switch missing {
        case .noAnswers:
            answers = 0
        case .tooFewAnswers(let count, let least):
            (answers, needed) = (count, least)
        case .unplaced(let count, let right, let least):
            (answers, correct, smallest) = (count, right, least)
        case .tooWide(let low, let high, let count):
            (answers, lower, upper) = (count, low, high)
        }
        self.needed = Nullable(needed)
        self.correct = Nullable(correct)
        self.smallest = Nullable(smallest?.rawValue)
        self.lower = Nullable(lower?.rawValue)
        self.upper = Nullable(upper?.rawValue)
    }

    static var apiNotes: [String: APINote] {
        [
            "reason": .describe(
                "noAnswers: nothing answered yet. tooFewAnswers: fewer than `needed` answers, below which nothing is fitted. unplaced: the answers rule out no threshold however small (nearly all right: `correct` of `answers`, differences down to `smallest` cents). tooWide: the 95 % interval, `lower` to `upper` cents, is wider than ×\(Int(ThresholdEstimate.widestInformativeRatio)) (an interval open above is never null: it is stated as \"at least lower\")."
            ),
            "answers": .describe("The answers the fit read."),
            "needed": .describe("tooFewAnswers only."),
            "correct": .describe("unplaced only: how many of `answers` were right."),
            "smallest": .describe("unplaced only: the smallest difference among the answers, in the threshold's unit."),
            "lower": .describe("tooWide only: the 95 % interval's lower end."),
            "upper": .describe("tooWide only: the 95 % interval's upper end."),
        ]
    }
}

extension MissingThreshold.Reason: APIEnumeration {}
