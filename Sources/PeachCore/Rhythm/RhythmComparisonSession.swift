import Foundation

public enum RhythmComparisonState: Hashable, Sendable {
    case idle
    /// Waiting for the next trial from the chain.
    case preparing
    /// The clicks play; answers open when the displaced click sounds.
    case playing(RhythmComparison)
    case awaitingAnswer(RhythmComparison)
    case showingFeedback(CompletedRhythmComparison)

    public var acceptsAnswer: Bool {
        if case .awaitingAnswer = self { return true }
        return false
    }
}

public enum RhythmComparisonEvent: Hashable, Sendable {
    case start
    case trialReady(RhythmComparison)
    /// The displaced click is sounding.
    case answersOpened
    case answered(TimingAnswer, at: Date)
    case feedbackElapsed
    case stop
    case audioFailed
}

public enum RhythmComparisonEffect: Hashable, Sendable {
    case chooseNext
    case playClicks(RhythmComparison)
    case stopSound
    case wait(Duration, then: RhythmComparisonEvent)
    case record(CompletedRhythmComparison)
    case showFeedback(isCorrect: Bool)
}

/// Compare Timing's loop as a pure state machine: preparing → playing (four clicks) → awaiting an
/// early/late answer from the moment the displaced click sounds → feedback → next. The same rule
/// the browser is served (`session.answersOpenSeconds`: the third click's onset).
public struct RhythmComparisonSession: SessionReducer {
    public private(set) var state: RhythmComparisonState = .idle
    public var feedbackDuration: Duration

    public init(feedbackDuration: Duration = SessionRules.feedbackDuration) {
        self.feedbackDuration = feedbackDuration
    }

    public static var stopEvent: RhythmComparisonEvent { .stop }

    public mutating func handle(_ event: RhythmComparisonEvent) -> [RhythmComparisonEffect] {
        switch (state, event) {
        case (_, .stop), (_, .audioFailed):
            let wasSounding = state != .idle
            state = .idle
            return wasSounding ? [.stopSound] : []

        case (.idle, .start):
            state = .preparing
            return [.chooseNext]

        case let (.preparing, .trialReady(trial)):
            state = .playing(trial)
            return [.playClicks(trial), .wait(.seconds(trial.answersOpenSeconds), then: .answersOpened)]

        case let (.playing(trial), .answersOpened):
            state = .awaitingAnswer(trial)
            return []

        case let (.awaitingAnswer(trial), .answered(answer, timestamp)):
            let completed = CompletedRhythmComparison(trial, answer: answer, timestamp: timestamp)
            state = .showingFeedback(completed)
            return [.record(completed), .showFeedback(isCorrect: completed.isCorrect), .wait(feedbackDuration, then: .feedbackElapsed)]

        case (.showingFeedback, .feedbackElapsed):
            state = .preparing
            return [.chooseNext]

        default:
            // An answer before the displaced click, a second answer: nothing changes.
            return []
        }
    }
}
