import Foundation

public enum FillTheGapState: Hashable, Sendable {
    case idle
    /// Waiting for the next trial.
    case preparing
    /// The clicks are handed to the output; when they will be heard is not known yet.
    case starting(RhythmMatchingTrial)
    /// The trial is heard from `zero` (seconds on the taps' clock); `taps` so far, on the trial's time base.
    case playing(RhythmMatchingTrial, zero: Double, taps: [Double])
    case showingFeedback(FillTheGapFeedback)
}

/// What a trial's end shows: its figures, or that the answer could not be kept.
public enum FillTheGapFeedback: Hashable, Sendable {
    case judged(CompletedRhythmMatching)
    /// More taps than an answer may hold: the server refuses such an answer, and the browser drops it.
    case tooManyTaps(Int)
}

public enum FillTheGapEvent: Hashable, Sendable {
    case start
    case trialReady(RhythmMatchingTrial)
    /// The trial's time zero reaches the speaker at this moment of the taps' clock.
    case clicksAudible(at: Double)
    /// A message from the keyboard, stamped on the taps' clock.
    case midi(MIDIMessage, at: Double)
    case ended(at: Date)
    case feedbackElapsed
    case stop
    case audioFailed
}

public enum FillTheGapEffect: Hashable, Sendable {
    case chooseNext
    case playClicks(RhythmMatchingTrial)
    case stopSound
    /// Waits, then sends `.ended` with the moment the trial ended.
    case awaitEnd(Duration)
    case wait(Duration, then: FillTheGapEvent)
    case record(CompletedRhythmMatching)
    case showFeedback(FillTheGapFeedback)
}

/// Fill the Gap on a MIDI keyboard as a pure state machine: the clicks play; every note-on while
/// they are heard is a tap, placed on the trial's time base by its own timestamp less the
/// keyboard's calibration; a sixteenth after the last gap or click (the browser's end) the taps are
/// judged by the kind (`RhythmMatchingKind.judge`) and stored as the browser's answer would be:
/// however few (none is a trial without a hit), but not more than an answer may hold, which the
/// server refuses.
public struct FillTheGapSession: SessionReducer {
    public private(set) var state: FillTheGapState = .idle
    /// The keyboard's calibration: how much later than the click a tap on it arrives.
    public let latencySeconds: Double
    public var feedbackDuration: Duration

    public init(latencySeconds: Double = 0, feedbackDuration: Duration = SessionRules.feedbackDuration) {
        self.latencySeconds = latencySeconds
        self.feedbackDuration = feedbackDuration
    }

    public static var stopEvent: FillTheGapEvent { .stop }

    /// A tap up to a sixteenth after the last gap or click still belongs to the trial.
    public static func duration(of trial: RhythmMatchingTrial) -> Duration {
        .seconds(max(trial.gapSeconds.max()!, trial.clickSeconds.max()!) + trial.tempo.sixteenthSeconds)
    }

    public mutating func handle(_ event: FillTheGapEvent) -> [FillTheGapEffect] {
        switch (state, event) {
        case (_, .stop), (_, .audioFailed):
            let wasSounding = state != .idle
            state = .idle
            return wasSounding ? [.stopSound] : []

        case (.idle, .start):
            state = .preparing
            return [.chooseNext]

        case let (.preparing, .trialReady(trial)):
            state = .starting(trial)
            return [.playClicks(trial)]

        case let (.starting(trial), .clicksAudible(zero)):
            state = .playing(trial, zero: zero, taps: [])
            // Timed from now, a moment before the clicks are heard (the output's buffer, ≤ 100 ms):
            // the trial's last sixteenth is still longer than the half a sixteenth a hit may be late.
            return [.awaitEnd(Self.duration(of: trial))]

        case let (.playing(trial, zero, taps), .midi(.noteOn(_, velocity), seconds)) where velocity > 0:
            state = .playing(trial, zero: zero, taps: taps + [seconds - zero - latencySeconds])
            return []

        case let (.playing(trial, _, taps), .ended(timestamp)):
            let feedback: FillTheGapFeedback
            var effects: [FillTheGapEffect] = []
            if taps.count > TapAnswerBody.maximumTaps {
                feedback = .tooManyTaps(taps.count)
            } else {
                let completed = RhythmMatchingKind.judge(trial, TapAnswer(seconds: taps), at: timestamp)!
                feedback = .judged(completed)
                effects.append(.record(completed))
            }
            state = .showingFeedback(feedback)
            return effects + [.showFeedback(feedback), .wait(feedbackDuration, then: .feedbackElapsed)]

        case (.showingFeedback, .feedbackElapsed):
            state = .preparing
            return [.chooseNext]

        default:
            // A note-off, the wheel, a key before the clicks are heard or after the trial: no tap.
            return []
        }
    }
}
