import Foundation

public enum ChordIntonationState: Hashable, Sendable {
    case idle
    /// Waiting for the next trial from the chain.
    case preparing
    /// The chord sounds; answers open a moment after it begins.
    case playing(ChordIntonationTrial)
    case awaitingAnswer(ChordIntonationTrial)
    case showingFeedback(CompletedChordIntonation)

    public var acceptsAnswer: Bool {
        if case .awaitingAnswer = self { return true }
        return false
    }
}

public enum ChordIntonationEvent: Hashable, Sendable {
    case start
    case trialReady(ChordIntonationTrial)
    case answersOpened
    case answered(ChordVoice, at: Date)
    case feedbackElapsed
    case stop
    case audioFailed
}

public enum ChordIntonationEffect: Hashable, Sendable {
    case chooseNext
    /// The chord's voices, lowest first, held together for the chord's duration.
    case playChord([Tone])
    case stopSound
    case wait(Duration, then: ChordIntonationEvent)
    case record(CompletedChordIntonation)
    case showFeedback(CompletedChordIntonation)
}

/// Which Voice's loop as a pure state machine: preparing → the chord sounds → answers open after
/// `ChordIntonationKind.answersOpen` (the rule the browser is served) → an answer silences the chord,
/// is stored and judged → feedback → next.
public struct ChordIntonationSession: SessionReducer {
    public private(set) var state: ChordIntonationState = .idle
    public var referencePitch: ReferencePitch
    public var feedbackDuration: Duration

    public init(referencePitch: ReferencePitch = .a440, feedbackDuration: Duration = SessionRules.feedbackDuration) {
        self.referencePitch = referencePitch
        self.feedbackDuration = feedbackDuration
    }

    public static var stopEvent: ChordIntonationEvent { .stop }

    /// The trial's voices as the browser plays them: its frequencies, each at the voice's level.
    public func tones(_ trial: ChordIntonationTrial) -> [Tone] {
        let frequencies = trial.frequencies(reference: referencePitch)
        return ChordVoice.allCases.map {
            Tone(frequency: frequencies[$0]!, duration: ChordIntonationKind.chordDuration, level: ChordIntonationKind.voiceLevel)
        }
    }

    public mutating func handle(_ event: ChordIntonationEvent) -> [ChordIntonationEffect] {
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
            return [.playChord(tones(trial)), .wait(ChordIntonationKind.answersOpen, then: .answersOpened)]

        case let (.playing(trial), .answersOpened):
            state = .awaitingAnswer(trial)
            return []

        case let (.awaitingAnswer(trial), .answered(voice, timestamp)):
            let completed = CompletedChordIntonation(trial, answer: voice, timestamp: timestamp)
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
