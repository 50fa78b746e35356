import Foundation

/// The attempt being sung: frames that began before `listenFrom` (the reference's end plus its
/// echo) are the speaker, not the singer.
public struct SingingAttempt: Hashable, Sendable {
    public let listenFrom: Double
    var steady: SteadyPitch
    /// When something pitched was last heard (at first: the reference's end).
    var lastHeard: Double
    /// Whether the silence prompt was given since then.
    var prompted = false
}

/// Sing It's piece of the session loop, the loop the browser's screen runs too: the reference
/// plays, its echo dies away, the detector's frames follow the singer until a note is held steady
/// (SteadyPitch) or the user presses Enter; the sung pitch is judged to the nearest octave of the
/// target and recorded, feedback shows, the next reference plays.
public struct SingingPiece: SessionPiece {
    public typealias Kind = MatchingKind

    public enum Input: Hashable, Sendable {
        /// A frame of the microphone's, timed on the capture's clock.
        case heard(HeardPitch)
        /// Enter or Done: commit what was sung lately without waiting for the held second.
        case commitNow
    }

    public enum Effect: Hashable, Sendable {
        /// The singer's turn begins: frames that begin before this capture time need not even be analysed.
        case listen(from: Double)
        /// The singer's turn is over: nothing needs analysing until the next `listen`.
        case stopListening
        /// Nothing pitched was heard for a while, or Enter came before anything was: a friendly prompt.
        case promptSilence
    }

    public let settings: TrainingSettings
    public let rules: SingingRules

    public init(settings: TrainingSettings, rules: SingingRules = .standard) {
        self.settings = settings
        self.rules = rules
    }

    public func sound(_ trial: PitchMatchingChallenge) -> [SoundingTones] {
        PitchMatchingPiece.reference(trial, settings: settings)
    }

    /// `end`: the reference stopped then, on the capture's clock.
    public func open(_ trial: PitchMatchingChallenge, at end: Double) -> (SingingAttempt, [Effect]) {
        let attempt = SingingAttempt(
            listenFrom: end + rules.echo.seconds, steady: SteadyPitch(rules: rules), lastHeard: end)
        return (attempt, [.listen(from: attempt.listenFrom)])
    }

    public func receive(_ input: Input, in attempt: inout SingingAttempt, of trial: PitchMatchingChallenge)
        -> SessionReaction<Self>
    {
        switch input {
        case .heard(let frame):
            return hear(frame, in: &attempt, of: trial)
        case .commitNow:
            guard let cents = attempt.steady.latest else { return .effects([.promptSilence]) }
            return commit(cents)
        }
    }

    public func closes(_ attempt: SingingAttempt) -> [Effect] { [.stopListening] }

    private func hear(_ frame: HeardPitch, in attempt: inout SingingAttempt, of trial: PitchMatchingChallenge)
        -> SessionReaction<Self>
    {
        guard frame.time >= attempt.listenFrom else { return .effects([]) }
        let target = trial.tunableFrequency(atNormalizedValue: .centre, reference: settings.referencePitch)
        let cents = frame.frequency.map { $0.cents(from: target).rawValue }
        var effects: [Effect] = []
        if cents != nil {
            attempt.lastHeard = frame.time
            attempt.prompted = false
        } else if !attempt.prompted, frame.time - attempt.lastHeard >= rules.silencePrompt.seconds {
            attempt.prompted = true
            effects.append(.promptSilence)
        }
        if let held = attempt.steady.push(time: frame.time, cents: cents) { return commit(held) }
        return .effects(effects)
    }

    /// A pitch too far from the target to be sung at it is no answer: the singer goes on.
    private func commit(_ cents: Double) -> SessionReaction<Self> {
        guard let sung = SungPitch(centsFromTarget: Cents(cents)) else { return .effects([]) }
        return .answer(.voice(sung))
    }
}
