import Foundation

/// A note as the session asks for it to be played.
public struct Tone: Hashable, Sendable {
    public var frequency: Frequency
    public var duration: Duration
    public var level: AmplitudeDB

    public init(frequency: Frequency, duration: Duration, level: AmplitudeDB = .zero) {
        self.frequency = frequency
        self.duration = duration
        self.level = level
    }
}

public enum ComparisonState: Hashable, Sendable {
    case idle
    /// Waiting for the next comparison from the strategy.
    case preparing
    case playingNote1(Comparison)
    /// The configured silence between the notes (skipped when the gap is zero).
    case betweenNotes(Comparison)
    case playingNote2(Comparison)
    case awaitingAnswer(Comparison)
    case showingFeedback(CompletedComparison)

    /// Answer controls are live from the moment note 2 starts: a reflexive answer needs no wait.
    public var acceptsAnswer: Bool {
        switch self {
        case .playingNote2, .awaitingAnswer: true
        default: false
        }
    }
}

public enum ComparisonEvent: Hashable, Sendable {
    case start
    case comparisonReady(Comparison)
    case noteEnded
    case gapElapsed
    case answered(ComparisonAnswer, at: Date)
    case feedbackElapsed
    /// Navigation away, a hidden page, or the user quitting: the unfinished trial is discarded.
    case stop
    case audioFailed
}

public enum ComparisonEffect: Hashable, Sendable {
    case chooseNext
    /// Play the tone to its end, then feed `.noteEnded` back.
    case play(Tone)
    case stopSound
    /// Sleep, then feed `then` back into the session.
    case wait(Duration, then: ComparisonEvent)
    case record(CompletedComparison)
    case showFeedback(isCorrect: Bool)
}

/// The comparison loop as a pure state machine: idle → playingNote1 →
/// playingNote2 → awaitingAnswer → showingFeedback → (next). No clocks, no audio, no database:
/// every effect is returned for a driver to perform, so every transition is one unit test.
public struct ComparisonSession: SessionReducer {
    public struct Timing: Hashable, Sendable {
        public var noteDuration: Duration
        public var noteGap: Duration
        public var feedbackDuration: Duration
        public var referencePitch: ReferencePitch

        /// The loop's feedback time, the same one the browser is sent with every trial.
        public static let defaultFeedback = SessionRules.feedbackDuration

        public init(
            noteDuration: Duration, noteGap: Duration = .zero,
            feedbackDuration: Duration = Timing.defaultFeedback, referencePitch: ReferencePitch = .a440
        ) {
            self.noteDuration = noteDuration
            self.noteGap = noteGap
            self.feedbackDuration = feedbackDuration
            self.referencePitch = referencePitch
        }
    }

    public private(set) var state: ComparisonState = .idle
    public var timing: Timing

    public init(timing: Timing) { self.timing = timing }

    public static var stopEvent: ComparisonEvent { .stop }

    public mutating func handle(_ event: ComparisonEvent) -> [ComparisonEffect] {
        switch (state, event) {
        case (_, .stop), (_, .audioFailed):
            let wasSounding = state != .idle
            state = .idle
            return wasSounding ? [.stopSound] : []

        case (.idle, .start):
            state = .preparing
            return [.chooseNext]

        case let (.preparing, .comparisonReady(comparison)):
            state = .playingNote1(comparison)
            return [.play(tone1(comparison))]

        case let (.playingNote1(comparison), .noteEnded):
            if timing.noteGap > .zero {
                state = .betweenNotes(comparison)
                return [.wait(timing.noteGap, then: .gapElapsed)]
            }
            state = .playingNote2(comparison)
            return [.play(tone2(comparison))]

        case let (.betweenNotes(comparison), .gapElapsed):
            state = .playingNote2(comparison)
            return [.play(tone2(comparison))]

        case let (.playingNote2(comparison), .noteEnded):
            state = .awaitingAnswer(comparison)
            return []

        case let (.playingNote2(comparison), .answered(answer, timestamp)):
            return [.stopSound] + complete(comparison, answer, timestamp)

        case let (.awaitingAnswer(comparison), .answered(answer, timestamp)):
            return complete(comparison, answer, timestamp)

        case (.showingFeedback, .feedbackElapsed):
            state = .preparing
            return [.chooseNext]

        default:
            // Late or early events (a second tap, a note ending after an answer) change nothing.
            return []
        }
    }

    private mutating func complete(
        _ comparison: Comparison, _ answer: ComparisonAnswer, _ timestamp: Date
    ) -> [ComparisonEffect] {
        let completed = CompletedComparison(comparison, answer: answer, timestamp: timestamp)
        state = .showingFeedback(completed)
        return [.record(completed), .showFeedback(isCorrect: completed.isCorrect), .wait(timing.feedbackDuration, then: .feedbackElapsed)]
    }

    private func tone1(_ comparison: Comparison) -> Tone {
        Tone(frequency: comparison.note1Frequency(reference: timing.referencePitch), duration: timing.noteDuration)
    }

    private func tone2(_ comparison: Comparison) -> Tone {
        Tone(
            frequency: comparison.note2Frequency(reference: timing.referencePitch),
            duration: timing.noteDuration, level: comparison.note2LevelOffset)
    }
}
