import Foundation

/// What a trial's end shows: its figures, or that the answer could not be kept.
public enum FillTheGapFeedback: Hashable, Sendable {
    case judged(CompletedRhythmMatching)
    /// More taps than an answer may hold: the server refuses such an answer, and the browser drops it.
    case tooManyTaps(Int)
}

/// The trial as it is heard: from `zero` (seconds on the taps' clock), with the taps so far on the
/// trial's time base.
public struct TapAttempt: Hashable, Sendable {
    public let zero: Double
    public var taps: [Double]
}

/// Fill the Gap's clicks as the loop plays them: taps are taken from when they are heard for `length`.
public struct TappedClicks: Hashable, Sendable {
    public let onsets: [Double]
    public let length: Duration
}

/// Fill the Gap on a MIDI keyboard as a piece of the session loop: the clicks play; every note-on
/// while they are heard is a tap, placed on the trial's time base by its own timestamp less the
/// keyboard's calibration; a sixteenth after the last gap or click (the browser's end) the taps are
/// judged by the kind (`RhythmMatchingKind.judge`) and stored as the browser's answer would be:
/// however few (none is a trial without a hit), but not more than an answer may hold, which the
/// server refuses.
public struct FillTheGapPiece: SessionPiece {
    public typealias Kind = RhythmMatchingKind

    public enum Input: Hashable, Sendable {
        /// A message from the keyboard, stamped on the taps' clock.
        case midi(MIDIMessage, at: Double)
    }

    public let settings: TrainingSettings
    /// The keyboard's calibration: how much later than the click a tap on it arrives.
    public let latencySeconds: Double

    public init(settings: TrainingSettings, latencySeconds: Double = 0) {
        self.settings = settings
        self.latencySeconds = latencySeconds
    }

    /// A tap up to a sixteenth after the last gap or click still belongs to the trial.
    public static func duration(of trial: RhythmMatchingTrial) -> Duration {
        .seconds(max(trial.gapSeconds.max()!, trial.clickSeconds.max()!) + trial.tempo.sixteenthSeconds)
    }

    public func sound(_ trial: RhythmMatchingTrial) -> TappedClicks {
        TappedClicks(onsets: trial.clickSeconds, length: Self.duration(of: trial))
    }

    /// `zero`: the trial's time zero reaches the speaker then, on the taps' clock.
    public func open(_ trial: RhythmMatchingTrial, at zero: Double) -> (TapAttempt, [Never]) {
        (TapAttempt(zero: zero, taps: []), [])
    }

    public func receive(_ input: Input, in attempt: inout TapAttempt, of trial: RhythmMatchingTrial) -> SessionReaction<
        Self
    > {
        // A note-off, the wheel or a silent note-on is no tap.
        if case .midi(.noteOn(_, let velocity), let seconds) = input, velocity > 0 {
            attempt.taps.append(seconds - attempt.zero - latencySeconds)
        }
        return .effects([])
    }

    public func ended(_ attempt: TapAttempt) -> TapAnswer? { TapAnswer(seconds: attempt.taps) }

    public func judge(_ trial: RhythmMatchingTrial, _ answer: TapAnswer, at timestamp: Date) -> (
        record: CompletedRhythmMatching?, feedback: FillTheGapFeedback
    )? {
        guard answer.seconds.count <= TapAnswerBody.maximumTaps else {
            return (nil, .tooManyTaps(answer.seconds.count))
        }
        let completed = RhythmMatchingKind.judge(trial, answer, at: timestamp)!
        return (completed, .judged(completed))
    }
}

/// Plays Fill the Gap's clicks for the session loop: answers (taps) open when the output says the
/// pattern is heard, and the trial ends `length` later, timed from now, a moment before the clicks
/// are heard (the output's buffer, ≤ 100 ms): the trial's last sixteenth is still longer than the
/// half a sixteenth a hit may be late.
public struct TappedClickPlayer: TrialPlayer {
    private let player: any AudibleClickPlayer

    public init(_ player: any AudibleClickPlayer) { self.player = player }

    public func play(
        _ clicks: TappedClicks, answersOpen: Duration, clock: any Clock<Duration>,
        opened: @Sendable (Double) async -> Void
    ) async throws(AudioError) {
        let zero = try await player.play(onsets: clicks.onsets)
        await opened(zero)
        _ = try? await clock.sleep(for: clicks.length)
    }

    public func stop() async { await player.stop() }
}
