import Foundation

/// An answered scale-degree trial: the key (tonic and mode), the degree played and the degree the
/// user named. Exactly what is stored; scale degrees are always played in equal temperament.
public struct CompletedScaleDegree: Hashable, Sendable {
    public let tonicNote: MIDINote
    public let mode: ScaleMode
    public let degree: ScaleDegree
    public let answeredDegree: ScaleDegree
    public let timestamp: Date

    public init(tonicNote: MIDINote, mode: ScaleMode, degree: ScaleDegree, answeredDegree: ScaleDegree, timestamp: Date)
    {
        self.tonicNote = tonicNote
        self.mode = mode
        self.degree = degree
        self.answeredDegree = answeredDegree
        self.timestamp = timestamp
    }

    public init(_ trial: ScaleDegreeTrial, answer: ScaleDegree, timestamp: Date) {
        self.init(
            tonicNote: trial.tonic, mode: trial.mode, degree: trial.degree, answeredDegree: answer, timestamp: timestamp
        )
    }

    public var isCorrect: Bool { answeredDegree == degree }
}
