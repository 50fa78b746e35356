/// Why no threshold is stated, in what the answers do tell: what a screen says instead of a number.
///
/// A null threshold alone read as "not enough data yet" whatever the cause, even after hundreds of
/// answers whose interval was merely wider than ×10 (issue 49: after 200 answers, a threshold or a
/// stated reason). This is the one rule for why; the Profile's headline, each scope and a kind's
/// own threshold apply it, and the page and the terminal only word it.
public enum MissingThreshold: Hashable, Sendable, Codable {
    /// Nothing answered yet.
    case noAnswers
    /// Fewer answers than any fit reads (`ThresholdEstimator.minimumTrials`).
    case tooFewAnswers(answers: Int, needed: Int)
    /// The answers are compatible with the smallest threshold the fit considers: they rule out no
    /// ear however fine, which happens when nearly every answer is right. `smallest` is the
    /// smallest difference among them.
    case unplaced(answers: Int, correct: Int, smallest: Cents)
    /// The 95 % interval is closed but wider than `ThresholdEstimate.widestInformativeRatio`: the
    /// answers place the threshold only between `lower` and `upper`. (An interval open above is
    /// stated, as "at least" its lower bound, so it never ends here.)
    case tooWide(lower: Cents, upper: Cents, answers: Int)

    /// Which of the cases, as a word: what the API sends and a screen looks its sentence up by.
    public enum Reason: String, CaseIterable, Codable, Sendable {
        case noAnswers, tooFewAnswers, unplaced, tooWide
    }

    public var reason: Reason {
        switch self {
        case .noAnswers: .noAnswers
        case .tooFewAnswers: .tooFewAnswers
        case .unplaced: .unplaced
        case .tooWide: .tooWide
        }
    }

    /// Why a timeline's period has no threshold: `fit` is its reading, from its own answers and
    /// the `answersRead` of the periods around it; nil when it states one. The reading counts its
    /// period's answers only (`ThresholdEstimate.trialCount`), and so does the reason.
    public init?(period: ThresholdTimeline.Aggregate, fit: ThresholdEstimate?, answersRead: Int) {
        if let fit {
            guard !fit.isInformative else { return nil }
            self = .tooWide(lower: fit.lower, upper: fit.upper, answers: fit.trialCount)
        } else if answersRead < ThresholdEstimator.minimumTrials {
            self = .tooFewAnswers(answers: answersRead, needed: ThresholdEstimator.minimumTrials)
        } else {
            self = .unplaced(
                answers: period.count, correct: period.correctCount,
                smallest: period.counts.smallestDifference ?? period.meanThreshold)
        }
    }

    /// Why `fit`, fitted to `trials` (the answers it read), states no threshold; nil when it
    /// states one (`ThresholdEstimate.isInformative`).
    public init?(_ trials: some Collection<ThresholdEstimator.Trial>, fit: ThresholdEstimate?) {
        if let fit {
            guard !fit.isInformative else { return nil }
            self = .tooWide(lower: fit.lower, upper: fit.upper, answers: fit.trialCount)
        } else if trials.isEmpty {
            self = .noAnswers
        } else if trials.count < ThresholdEstimator.minimumTrials {
            self = .tooFewAnswers(answers: trials.count, needed: ThresholdEstimator.minimumTrials)
        } else {
            self = .unplaced(
                answers: trials.count, correct: trials.count(where: \.isCorrect),
                smallest: Cents(trials.map(\.difference).min()!))
        }
    }
}
