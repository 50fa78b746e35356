import Foundation

public enum SessionState<Piece: SessionPiece>: Hashable, Sendable {
    case idle
    /// Waiting for the next trial from the chain.
    case preparing
    /// The trial sounds; answers are not open yet.
    case playing(Piece.Kind.Trial)
    case answering(Piece.Kind.Trial, Piece.Attempt)
    case showingFeedback(Piece.Feedback)

    /// The trial answers are open for.
    public var openTrial: Piece.Kind.Trial? {
        if case .answering(let trial, _) = self { trial } else { nil }
    }

    public var acceptsAnswer: Bool { openTrial != nil }
}

extension SessionState where Piece.Attempt == NoAttempt {
    public static func answering(_ trial: Piece.Kind.Trial) -> Self { .answering(trial, NoAttempt()) }
}

public enum SessionEvent<Piece: SessionPiece>: Hashable, Sendable {
    case start
    case trialReady(Piece.Kind.Trial)
    /// At `mark` on the clock the kind's input is stamped on (`SessionPiece.open`).
    case answersOpened(at: Double)
    case soundEnded(at: Date)
    case input(Piece.Input, at: Date)
    case answered(Piece.Kind.Answer, at: Date)
    case feedbackElapsed
    /// The user quitting: the unfinished trial is discarded.
    case stop
    case audioFailed
}

public enum SessionEffect<Piece: SessionPiece>: Hashable, Sendable {
    case chooseNext
    /// Play the sound; feed `.answersOpened` back when answers open, `.soundEnded` when it has ended.
    case play(Piece.Sound, answersOpenAt: Duration)
    case stopSound
    /// Sleep, then feed `then` back into the session.
    case wait(Duration, then: SessionEvent<Piece>)
    case record(Piece.Kind.Record)
    case showFeedback(Piece.Feedback)
    case piece(Piece.Effect)
}

/// The terminal's one training loop as a pure state machine, the loop `training-loop.js` runs in the
/// browser: preparing → the trial plays → answers open when the trial's timing says → an answer the
/// trial takes is stored and judged (silencing what still sounds) → feedback for the served
/// feedback time → the next trial. What differs between kinds is their `SessionPiece`. No clocks,
/// no audio, no database: every effect is returned for `TrainingSessionDriver` to perform, so every
/// transition is one unit test.
public struct TrainingSession<Piece: SessionPiece>: Sendable {
    public private(set) var state: SessionState<Piece> = .idle
    public let piece: Piece
    /// Whether the trial's sound still plays: an answer silences it, and only then.
    private var sounding = false

    public init(_ piece: Piece) { self.piece = piece }

    public mutating func handle(_ event: SessionEvent<Piece>) -> [SessionEffect<Piece>] {
        switch (state, event) {
        case (.idle, .stop), (.idle, .audioFailed):
            return []

        case (_, .stop), (_, .audioFailed):
            let closing = if case .answering(_, let attempt) = state { piece.closes(attempt) } else { [Piece.Effect]() }
            state = .idle
            sounding = false
            return [.stopSound] + closing.map(SessionEffect.piece)

        case (.idle, .start):
            state = .preparing
            return [.chooseNext]

        case (.preparing, .trialReady(let trial)):
            state = .playing(trial)
            sounding = true
            return [.play(piece.sound(trial), answersOpenAt: piece.answersOpen(trial))]

        case (.playing(let trial), .answersOpened(let mark)):
            let (attempt, effects) = piece.open(trial, at: mark)
            state = .answering(trial, attempt)
            return effects.map(SessionEffect.piece)

        case (.answering(let trial, let attempt), .soundEnded(let timestamp)):
            sounding = false
            guard let answer = piece.ended(attempt) else { return [] }
            return complete(trial, attempt, answer, at: timestamp)

        case (_, .soundEnded):
            sounding = false
            return []

        case (.answering(let trial, let attempt), .input(let input, let timestamp)):
            var attempt = attempt
            switch piece.receive(input, in: &attempt, of: trial) {
            case .effects(let effects):
                state = .answering(trial, attempt)
                return effects.map(SessionEffect.piece)
            case .answer(let answer):
                state = .answering(trial, attempt)
                return complete(trial, attempt, answer, at: timestamp)
            }

        case (.answering(let trial, let attempt), .answered(let answer, let timestamp)):
            return complete(trial, attempt, answer, at: timestamp)

        case (.showingFeedback, .feedbackElapsed):
            state = .preparing
            return [.chooseNext]

        default:
            // Early or late events (an answer before answers open, a second answer, input during
            // the feedback, a discarded trial's sound ending) change nothing.
            return []
        }
    }

    private mutating func complete(
        _ trial: Piece.Kind.Trial, _ attempt: Piece.Attempt, _ answer: Piece.Kind.Answer, at timestamp: Date
    ) -> [SessionEffect<Piece>] {
        guard let judged = piece.judge(trial, answer, at: timestamp) else { return [] }
        var effects: [SessionEffect<Piece>] = sounding ? [.stopSound] : []
        effects += piece.closes(attempt).map(SessionEffect.piece)
        if let record = judged.record { effects.append(.record(record)) }
        sounding = false
        state = .showingFeedback(judged.feedback)
        let feedbackTime = Piece.Kind.session(trial, settings: piece.settings).feedback
        return effects + [.showFeedback(judged.feedback), .wait(feedbackTime, then: .feedbackElapsed)]
    }
}
