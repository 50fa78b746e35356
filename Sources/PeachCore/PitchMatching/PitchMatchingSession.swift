import Foundation

public enum PitchMatchingState: Hashable, Sendable {
    case idle
    case preparing
    case playingReference(PitchMatchingChallenge)
    /// The tunable note sounds until the user commits; the slider is live.
    case tuning(PitchMatchingChallenge)
    case showingFeedback(CompletedPitchMatching)

    public var acceptsSliderInput: Bool {
        if case .tuning = self { true } else { false }
    }
}

public enum PitchMatchingEvent: Hashable, Sendable {
    case start
    case challengeReady(PitchMatchingChallenge)
    case referenceEnded
    case sliderMoved(NormalizedSliderValue)
    case committed(NormalizedSliderValue, at: Date)
    case feedbackElapsed
    case stop
    case audioFailed
}

public enum PitchMatchingEffect: Hashable, Sendable {
    case chooseNext
    /// The reference, for the note duration; feed `.referenceEnded` back when it ends.
    case playReference(Tone)
    /// The tunable note, indefinitely, until `.stopTunable`.
    case startTunable(Frequency)
    case retuneTunable(Frequency)
    /// Ends the tunable note with its release ramp.
    case stopTunable
    case stopReference
    case record(CompletedPitchMatching)
    case showFeedback(CompletedPitchMatching)
    case wait(Duration, then: PitchMatchingEvent)
}

/// The pitch-matching loop as a pure state machine: the reference plays for the
/// note duration, the tunable note starts at once at the challenge's offset and follows the slider
/// until the user lets go; the signed error is recorded and shown, then the next challenge starts.
public struct PitchMatchingSession: SessionReducer {
    public struct Timing: Hashable, Sendable {
        public var noteDuration: Duration
        public var feedbackDuration: Duration
        public var referencePitch: ReferencePitch

        public init(
            noteDuration: Duration, feedbackDuration: Duration = ComparisonSession.Timing.defaultFeedback,
            referencePitch: ReferencePitch = .a440
        ) {
            self.noteDuration = noteDuration
            self.feedbackDuration = feedbackDuration
            self.referencePitch = referencePitch
        }
    }

    public private(set) var state: PitchMatchingState = .idle
    public var timing: Timing

    public init(timing: Timing) { self.timing = timing }

    public static var stopEvent: PitchMatchingEvent { .stop }

    public mutating func handle(_ event: PitchMatchingEvent) -> [PitchMatchingEffect] {
        switch (state, event) {
        case (.playingReference, .stop), (.playingReference, .audioFailed):
            state = .idle
            return [.stopReference]

        case (.tuning, .stop), (.tuning, .audioFailed):
            // The unfinished attempt is discarded: nothing is recorded.
            state = .idle
            return [.stopTunable]

        case (_, .stop), (_, .audioFailed):
            state = .idle
            return []

        case (.idle, .start):
            state = .preparing
            return [.chooseNext]

        case let (.preparing, .challengeReady(challenge)):
            state = .playingReference(challenge)
            return [.playReference(Tone(frequency: challenge.referenceFrequency(reference: timing.referencePitch), duration: timing.noteDuration))]

        case let (.playingReference(challenge), .referenceEnded):
            state = .tuning(challenge)
            return [.startTunable(challenge.tunableFrequency(atNormalizedValue: .centre, reference: timing.referencePitch))]

        case let (.tuning(challenge), .sliderMoved(value)):
            return [.retuneTunable(challenge.tunableFrequency(atNormalizedValue: value, reference: timing.referencePitch))]

        case let (.tuning(challenge), .committed(value, timestamp)):
            let completed = CompletedPitchMatching(challenge, committedAt: value, timestamp: timestamp)
            state = .showingFeedback(completed)
            return [.stopTunable, .record(completed), .showFeedback(completed), .wait(timing.feedbackDuration, then: .feedbackElapsed)]

        case (.showingFeedback, .feedbackElapsed):
            state = .preparing
            return [.chooseNext]

        default:
            // Slider input during the reference (the slider is inert then) and late events change nothing.
            return []
        }
    }
}
