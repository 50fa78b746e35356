/// Compare Timing's piece of the session loop: four clicks; answers (early or late) open as the
/// displaced one sounds, the time the browser is served (`session.answersOpenSeconds`).
public struct RhythmComparisonPiece: SessionPiece {
    public typealias Kind = RhythmComparisonKind

    public let settings: TrainingSettings

    public init(settings: TrainingSettings) { self.settings = settings }

    public func sound(_ trial: RhythmComparison) -> [Double] { trial.clickSeconds }
}

/// Plays Compare Timing's clicks for the session loop: the pattern is handed to the output whole;
/// answers open on the clock, and the sound is over for the loop from then on, so that an answer
/// never cuts off the click after the displaced one.
public struct ClickTrialPlayer: TrialPlayer {
    private let player: any ClickPlayer

    public init(_ player: any ClickPlayer) { self.player = player }

    public func play(
        _ onsets: [Double], answersOpen: Duration, clock: any Clock<Duration>, opened: @Sendable (Double) async -> Void
    ) async throws(AudioError) {
        try await player.play(onsets: onsets)
        guard (try? await clock.sleep(for: answersOpen)) != nil else { return }
        await opened(0)
    }

    public func stop() async { await player.stop() }
}
