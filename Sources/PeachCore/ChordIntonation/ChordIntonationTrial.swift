import Foundation

/// A triad as Which Voice hears it: root position, close voicing.
public enum Triad: String, Hashable, RecordEnumeration {
    case major, minor

    /// The third and the fifth above the root: a just major triad is 4:5:6 (the major third 5:4 and
    /// the fifth 3:2 above the root), a just minor one 10:12:15 (the minor third 6:5, the fifth 3:2).
    var intervals: (third: Interval, fifth: Interval) {
        switch self {
        case .major: (.M3, .P5)
        case .minor: (.m3, .P5)
        }
    }
}

/// One of a triad's three voices, lowest first: what Which Voice asks for.
public enum ChordVoice: String, Hashable, RecordEnumeration {
    case lowest, middle, highest
}

/// A sustained triad with one voice detuned: which is it? The voices are tuned from the root that
/// is actually played (`Interval.size(in:)`), so a just triad is pure from every root.
public struct ChordIntonationTrial: Hashable, Sendable, Codable {
    public let discipline: Discipline
    public let root: MIDINote
    public let triad: Triad
    public let tuningSystem: TuningSystem
    public let detunedVoice: ChordVoice
    /// Signed: positive means the detuned voice is sharp of where the tuning puts it.
    public let centOffset: Cents
    /// The trial's place in its measurement run (from 1), for a measurement's trial; nil for training.
    public let measurementTrial: Int?

    public init(
        _ discipline: Discipline = .chordIntonation, root: MIDINote, triad: Triad, tuningSystem: TuningSystem,
        detunedVoice: ChordVoice, centOffset: Cents, measurementTrial: Int? = nil
    ) {
        self.measurementTrial = measurementTrial
        self.discipline = discipline
        self.root = root
        self.triad = triad
        self.tuningSystem = tuningSystem
        self.detunedVoice = detunedVoice
        self.centOffset = centOffset
    }

    /// Each voice's distance from the root in the trial's tuning, before the detuning.
    public var tunedCents: [ChordVoice: Cents] {
        let (third, fifth) = triad.intervals
        return [.lowest: .zero, .middle: third.size(in: tuningSystem), .highest: fifth.size(in: tuningSystem)]
    }

    /// The three voices' frequencies, lowest first, the detuned one included.
    public func frequencies(reference: ReferencePitch) -> [ChordVoice: Frequency] {
        let tuned = tunedCents
        return Dictionary(
            uniqueKeysWithValues: ChordVoice.allCases.map { voice in
                let detune = voice == detunedVoice ? centOffset.rawValue : 0
                return (
                    voice, Frequency(note: root, offset: Cents(tuned[voice]!.rawValue + detune), reference: reference)
                )
            })
    }

    /// The MIDI note each voice is nearest to (its name on screen).
    public func notes() -> [ChordVoice: MIDINote] {
        let tuned = tunedCents
        return tuned.mapValues { MIDINote(root.rawValue + Int(($0.rawValue / 100).rounded()))! }
    }
}
