import Foundation

/// What a kind brings to the terminal's session loop (`TrainingSession`): what a trial plays, what
/// answering holds and hears besides the answer, and how an answer is judged. The loop itself —
/// preparing, playing, answers open, feedback — and its timing are every kind's, as the browser's
/// `training-loop.js` is: a kind that only plays and is answered by a key declares `sound` and
/// takes the defaults.
public protocol SessionPiece: Sendable {
    associatedtype Kind: TrainingKind
    /// What a trial plays, as the driver's `TrialPlayer` takes it.
    associatedtype Sound: Hashable & Sendable
    /// What answering holds until the answer (Sing It: the frames heard; Fill the Gap: the taps).
    associatedtype Attempt: Hashable & Sendable = NoAttempt
    /// What the kind hears while answers are open besides the answer (the slider, the microphone, taps).
    associatedtype Input: Hashable & Sendable = Never
    /// What the kind does while answers are open (a held note, the microphone's gate, a prompt).
    associatedtype Effect: Hashable & Sendable = Never
    /// What feedback shows: the record, or why there is none (Fill the Gap).
    associatedtype Feedback: Hashable & Sendable = Kind.Record

    /// What trials are played and timed with: the same settings the server serves a page with.
    var settings: TrainingSettings { get }

    func sound(_ trial: Kind.Trial) -> Sound
    /// From the sound's start: when answers open.
    func answersOpen(_ trial: Kind.Trial) -> Duration
    /// Answers open at `mark`, in seconds on the clock the kind's input is stamped on (the capture's,
    /// the taps'): what the attempt starts from, and what the kind does then.
    func open(_ trial: Kind.Trial, at mark: Double) -> (Attempt, [Effect])
    func receive(_ input: Input, in attempt: inout Attempt, of trial: Kind.Trial) -> SessionReaction<Self>
    /// The answer a trial gives when its sound ends (Fill the Gap: the taps so far); nil: answers
    /// stay open until one is given.
    func ended(_ attempt: Attempt) -> Kind.Answer?
    /// What the kind undoes when answers close, by an answer or a stop.
    func closes(_ attempt: Attempt) -> [Effect]
    /// The record to store (nil: none may be) and what feedback shows; nil when the trial does not
    /// take the answer (a degree it did not offer).
    func judge(_ trial: Kind.Trial, _ answer: Kind.Answer, at timestamp: Date) -> (
        record: Kind.Record?, feedback: Feedback
    )?
}

/// An attempt that holds nothing: the answer is all there is.
public struct NoAttempt: Hashable, Sendable {
    public init() {}
}

/// What the kind's input while answers are open comes to.
public enum SessionReaction<Piece: SessionPiece> {
    case effects([Piece.Effect])
    case answer(Piece.Kind.Answer)
}

extension SessionPiece {
    /// When the browser is served them (`TrialSession.answersOpenSeconds`).
    public func answersOpen(_ trial: Kind.Trial) -> Duration { Kind.session(trial, settings: settings).answersOpen }

    public func ended(_ attempt: Attempt) -> Kind.Answer? { nil }

    public func closes(_ attempt: Attempt) -> [Effect] { [] }
}

extension SessionPiece where Attempt == NoAttempt {
    public func open(_ trial: Kind.Trial, at mark: Double) -> (Attempt, [Effect]) { (NoAttempt(), []) }
}

extension SessionPiece where Input == Never {
    public func receive(_ input: Never, in attempt: inout Attempt, of trial: Kind.Trial) -> SessionReaction<Self> {}
}

extension SessionPiece where Feedback == Kind.Record {
    public func judge(_ trial: Kind.Trial, _ answer: Kind.Answer, at timestamp: Date) -> (
        record: Kind.Record?, feedback: Feedback
    )? {
        Kind.judge(trial, answer, at: timestamp).map { ($0, $0) }
    }
}
