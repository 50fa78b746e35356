import Foundation

public enum SingingState: Hashable, Sendable {
    case idle
    case preparing
    case playingReference(PitchMatchingChallenge)
    /// The singer's turn: frames that began before `listenFrom` (the reference's end plus its echo)
    /// are the speaker, not the singer.
    case listening(SingingAttempt)
    case showingFeedback(CompletedPitchMatching)

    public var isListening: Bool {
        if case .listening = self { true } else { false }
    }
}

/// The attempt being sung.
public struct SingingAttempt: Hashable, Sendable {
    public let challenge: PitchMatchingChallenge
    public let listenFrom: Double
    var steady: SteadyPitch
    /// When something pitched was last heard (at first: the reference's end).
    var lastHeard: Double
    /// Whether the silence prompt was given since then.
    var prompted = false
}

public enum SingingEvent: Hashable, Sendable {
    case start
    case challengeReady(PitchMatchingChallenge)
    /// The reference stopped at this time on the capture's clock.
    case referenceEnded(at: Double)
    case heard(HeardPitch, at: Date)
    /// Enter or Done: commit what was sung lately without waiting for the held second.
    case commitNow(at: Date)
    case feedbackElapsed
    case stop
    case audioFailed
}

public enum SingingEffect: Hashable, Sendable {
    case chooseNext
    /// The reference, for the note duration; feed `.referenceEnded` back when it ends.
    case playReference(Tone)
    case stopReference
    /// The singer's turn begins: frames that begin before this capture time need not even be analysed.
    case listen(from: Double)
    /// The singer's turn is over: nothing needs analysing until the next `listen`.
    case stopListening
    /// Nothing pitched was heard for a while, or Enter came before anything was: a friendly prompt.
    case promptSilence
    case record(CompletedPitchMatching)
    case showFeedback(CompletedPitchMatching)
    case wait(Duration, then: SingingEvent)
}

/// Sing It (issue 13) as a pure state machine, the loop the browser's screen runs too: the reference
/// plays, its echo dies away, the detector's frames follow the singer until a note is held steady
/// (SteadyPitch) or the user presses Enter; the sung pitch is judged to the nearest octave of the
/// target and recorded, feedback shows, the next reference plays.
public struct SingingSession: SessionReducer {
    public private(set) var state: SingingState = .idle
    /// Pitch matching's: the note duration, the feedback time, the reference pitch.
    public var timing: PitchMatchingSession.Timing
    public var rules: SingingRules

    public init(timing: PitchMatchingSession.Timing, rules: SingingRules = .standard) {
        self.timing = timing
        self.rules = rules
    }

    public static var stopEvent: SingingEvent { .stop }

    public mutating func handle(_ event: SingingEvent) -> [SingingEffect] {
        switch (state, event) {
        case (.playingReference, .stop), (.playingReference, .audioFailed):
            state = .idle
            return [.stopReference]

        case (.listening, .stop), (.listening, .audioFailed):
            // The unfinished attempt is discarded: nothing is recorded.
            state = .idle
            return [.stopListening]

        case (_, .stop), (_, .audioFailed):
            state = .idle
            return []

        case (.idle, .start):
            state = .preparing
            return [.chooseNext]

        case let (.preparing, .challengeReady(challenge)):
            state = .playingReference(challenge)
            return [.playReference(Tone(frequency: challenge.referenceFrequency(reference: timing.referencePitch), duration: timing.noteDuration))]

        case let (.playingReference(challenge), .referenceEnded(end)):
            let attempt = SingingAttempt(
                challenge: challenge, listenFrom: end + rules.echo.seconds, steady: SteadyPitch(rules: rules), lastHeard: end)
            state = .listening(attempt)
            return [.listen(from: attempt.listenFrom)]

        case let (.listening(attempt), .heard(frame, timestamp)):
            return hear(frame, in: attempt, at: timestamp)

        case let (.listening(attempt), .commitNow(timestamp)):
            guard let cents = attempt.steady.latest else { return [.promptSilence] }
            return commit(cents, in: attempt, at: timestamp)

        case (.showingFeedback, .feedbackElapsed):
            state = .preparing
            return [.chooseNext]

        default:
            // Frames during the reference or the feedback, Enter before the singer's turn, late events.
            return []
        }
    }

    private mutating func hear(_ frame: HeardPitch, in attempt: SingingAttempt, at timestamp: Date) -> [SingingEffect] {
        guard frame.time >= attempt.listenFrom else { return [] }
        var attempt = attempt
        let target = attempt.challenge.tunableFrequency(atNormalizedValue: .centre, reference: timing.referencePitch)
        let cents = frame.frequency.map { $0.cents(from: target).rawValue }
        var effects: [SingingEffect] = []
        if cents != nil {
            attempt.lastHeard = frame.time
            attempt.prompted = false
        } else if !attempt.prompted, frame.time - attempt.lastHeard >= rules.silencePrompt.seconds {
            attempt.prompted = true
            effects.append(.promptSilence)
        }
        if let held = attempt.steady.push(time: frame.time, cents: cents) {
            return commit(held, in: attempt, at: timestamp)
        }
        state = .listening(attempt)
        return effects
    }

    private mutating func commit(_ cents: Double, in attempt: SingingAttempt, at timestamp: Date) -> [SingingEffect] {
        guard let sung = SungPitch(centsFromTarget: Cents(cents)) else {
            state = .listening(attempt)
            return []
        }
        let completed = CompletedPitchMatching(attempt.challenge, sung: sung, timestamp: timestamp)
        state = .showingFeedback(completed)
        return [.stopListening, .record(completed), .showFeedback(completed), .wait(timing.feedbackDuration, then: .feedbackElapsed)]
    }
}
