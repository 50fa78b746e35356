import Foundation

/// A kind whose trial is heard and then answered by naming one of a few choices (Which Voice, Scale
/// Degrees): what it plays and when answers open are its own; the loop is `ChoiceSession`'s.
public protocol ChoiceTrainingKind: TrainingKind {
    /// What a trial plays, as the browser is served it: groups of tones at their times.
    static func sounding(_ trial: Trial, settings: TrainingSettings) -> [SoundingTones]
    /// From the trial's start: when answers open.
    static func whenAnswersOpen(_ trial: Trial) -> Duration
}

/// Tones that start together, at `start` from the trial's beginning: a chord, or one note.
public struct SoundingTones: Hashable, Sendable {
    public let start: Duration
    public let tones: [Tone]

    public init(start: Duration, tones: [Tone]) {
        self.start = start
        self.tones = tones
    }
}

public enum ChoiceState<Kind: ChoiceTrainingKind>: Hashable, Sendable {
    case idle
    /// Waiting for the next trial from the chain.
    case preparing
    /// The trial sounds; answers are not open yet.
    case playing(Kind.Trial)
    case awaitingAnswer(Kind.Trial)
    case showingFeedback(Kind.Record)

    public var acceptsAnswer: Bool {
        if case .awaitingAnswer = self { return true }
        return false
    }
}

public enum ChoiceEvent<Kind: ChoiceTrainingKind>: Hashable, Sendable {
    case start
    case trialReady(Kind.Trial)
    case answersOpened
    case answered(Kind.Answer, at: Date)
    case feedbackElapsed
    case stop
    case audioFailed
}

public enum ChoiceEffect<Kind: ChoiceTrainingKind>: Hashable, Sendable {
    case chooseNext
    /// The trial's tone groups, each at its time, in order.
    case play([SoundingTones])
    case stopSound
    case wait(Duration, then: ChoiceEvent<Kind>)
    case record(Kind.Record)
    case showFeedback(Kind.Record)
}

/// The loop of a kind answered by naming a choice, as a pure state machine: preparing → the trial
/// sounds → answers open when the kind says (the time the browser is served) → an answer the trial
/// takes silences the sound, is stored and judged → feedback → next.
public struct ChoiceSession<Kind: ChoiceTrainingKind>: SessionReducer {
    public private(set) var state: ChoiceState<Kind> = .idle
    public var settings: TrainingSettings
    public var feedbackDuration: Duration

    public init(settings: TrainingSettings, feedbackDuration: Duration = SessionRules.feedbackDuration) {
        self.settings = settings
        self.feedbackDuration = feedbackDuration
    }

    public static var stopEvent: ChoiceEvent<Kind> { .stop }

    public mutating func handle(_ event: ChoiceEvent<Kind>) -> [ChoiceEffect<Kind>] {
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
            return [.play(Kind.sounding(trial, settings: settings)), .wait(Kind.whenAnswersOpen(trial), then: .answersOpened)]

        case let (.playing(trial), .answersOpened):
            state = .awaitingAnswer(trial)
            return []

        case let (.awaitingAnswer(trial), .answered(answer, timestamp)):
            // An answer the trial does not take (a degree it did not offer) changes nothing.
            guard let completed = Kind.judge(trial, answer, at: timestamp) else { return [] }
            state = .showingFeedback(completed)
            return [.stopSound, .record(completed), .showFeedback(completed), .wait(feedbackDuration, then: .feedbackElapsed)]

        case (.showingFeedback, .feedbackElapsed):
            state = .preparing
            return [.chooseNext]

        default:
            // An answer before answers open, a second answer: nothing changes.
            return []
        }
    }
}
