import Foundation

/// A cadence in a key, then one note of that key's octave above the tonic: which degree is it?
public struct ScaleDegreeTrial: Hashable, Sendable, Codable {
    public let discipline: Discipline
    public let tonic: MIDINote
    public let mode: ScaleMode
    public let degree: ScaleDegree
    /// The degrees the user may answer, lowest first: the chosen set the degree was drawn from.
    public let choices: [ScaleDegree]

    public init(
        _ discipline: Discipline = .scaleDegree, tonic: MIDINote, mode: ScaleMode, degree: ScaleDegree,
        choices: [ScaleDegree]
    ) {
        self.discipline = discipline
        self.tonic = tonic
        self.mode = mode
        self.degree = degree
        self.choices = choices
    }

    public var cadence: Cadence { Cadence(tonic: tonic, mode: mode) }

    /// The note asked about: its degree above the tonic, in the octave the cadence sits in.
    public var note: MIDINote { MIDINote(tonic.rawValue + degree.semitones)! }
}
