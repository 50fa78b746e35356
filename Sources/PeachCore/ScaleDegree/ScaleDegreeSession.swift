import Foundation

public enum ScaleDegreeState: Hashable, Sendable {
    case idle
    /// Waiting for the next trial from the schedule.
    case preparing
    /// The cadence, then the note; answers open when the note begins.
    case playing(ScaleDegreeTrial)
    case awaitingAnswer(ScaleDegreeTrial)
    case showingFeedback(CompletedScaleDegree)

    public var acceptsAnswer: Bool {
        if case .awaitingAnswer = self { return true }
        return false
    }
}

public enum ScaleDegreeEvent: Hashable, Sendable {
    case start
    case trialReady(ScaleDegreeTrial)
    case answersOpened
    case answered(ScaleDegree, at: Date)
    case feedbackElapsed
    case stop
    case audioFailed
}

/// Tones that start together, at `start` from the trial's beginning: a chord of the cadence, or the note.
public struct SoundingTones: Hashable, Sendable {
    public let start: Duration
    public let tones: [Tone]
}

public enum ScaleDegreeEffect: Hashable, Sendable {
    case chooseNext
    /// The cadence's chords and then the note, each at its time, in order.
    case play([SoundingTones])
    case stopSound
    case wait(Duration, then: ScaleDegreeEvent)
    case record(CompletedScaleDegree)
    case showFeedback(CompletedScaleDegree)
}

/// Scale Degrees' loop as a pure state machine: preparing → the cadence and the note sound → answers
/// open as the note begins (the time the browser is served) → an answer the trial offers silences
/// the note, is stored and judged → feedback → next.
public struct ScaleDegreeSession: SessionReducer {
    public private(set) var state: ScaleDegreeState = .idle
    public var settings: TrainingSettings
    public var feedbackDuration: Duration

    public init(settings: TrainingSettings, feedbackDuration: Duration = SessionRules.feedbackDuration) {
        self.settings = settings
        self.feedbackDuration = feedbackDuration
    }

    public static var stopEvent: ScaleDegreeEvent { .stop }

    /// What the trial plays: the kind's times and levels (the ones the browser is served), the notes
    /// at the reference pitch.
    public func sounding(_ trial: ScaleDegreeTrial) -> [SoundingTones] {
        let reference = settings.referencePitch
        let chords = trial.cadence.chords.enumerated().map { index, notes in
            SoundingTones(start: ScaleDegreeKind.chordDuration * index, tones: notes.map {
                Tone(frequency: Frequency(note: $0, reference: reference), duration: ScaleDegreeKind.chordDuration, level: ScaleDegreeKind.voiceLevel)
            })
        }
        let note = Tone(frequency: Frequency(note: trial.note, reference: reference), duration: .seconds(settings.noteDurationSeconds))
        return chords + [SoundingTones(start: ScaleDegreeKind.noteStart, tones: [note])]
    }

    public mutating func handle(_ event: ScaleDegreeEvent) -> [ScaleDegreeEffect] {
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
            return [.play(sounding(trial)), .wait(ScaleDegreeKind.noteStart, then: .answersOpened)]

        case let (.playing(trial), .answersOpened):
            state = .awaitingAnswer(trial)
            return []

        case let (.awaitingAnswer(trial), .answered(degree, timestamp)):
            // A degree the trial did not offer (a key with no button) changes nothing.
            guard let completed = ScaleDegreeKind.judge(trial, degree, at: timestamp) else { return [] }
            state = .showingFeedback(completed)
            return [.stopSound, .record(completed), .showFeedback(completed), .wait(feedbackDuration, then: .feedbackElapsed)]

        case (.showingFeedback, .feedbackElapsed):
            state = .preparing
            return [.chooseNext]

        default:
            // An answer during the cadence, a second answer: nothing changes.
            return []
        }
    }
}
