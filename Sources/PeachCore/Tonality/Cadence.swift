import Foundation

/// The cadence that sets a key before a question in it (a scale degree, a melody to play back): I–IV–V–I (minor: i–iv–V–i, the
/// dominant major with its raised leading tone, as common practice writes it), a bass under three
/// upper voices in close position that move by step or stay, so the tonic is heard, not a tune.
///
/// Voiced as a pianist plays it, whatever the question's octave: the bass in the octave from C2
/// (the left hand), the upper voices close around C4 (the right hand). Built on the question's own
/// tonic instead, a low key's cadence sat in C1–C2 and a high one's in C5–C6, where chords blur or
/// thin out and do not sound like a cadence.
public struct Cadence: Hashable, Sendable {
    public let tonic: MIDINote
    public let mode: ScaleMode

    public init(tonic: MIDINote, mode: ScaleMode) {
        self.tonic = tonic
        self.mode = mode
    }

    /// Where the bass's tonic lies: C2–B2.
    public static let bassOctave = 36...47
    /// Where the upper voices' tonic lies: G3–F♯4, so that the chords' notes stay around C4.
    public static let upperTonics = 55...66

    /// Semitones from the upper voices' tonic: the bass (from the bass's tonic), then the upper
    /// voices lowest first.
    private var voicings: [[Int]] {
        let third = mode == .major ? 4 : 3
        let sixth = mode == .major ? 9 : 8
        let tonicChord = [0, 0, third, 7]
        return [tonicChord, [5, 0, 5, sixth], [7, -1, 2, 7], tonicChord]
    }

    /// Each chord's notes, bass first.
    public var chords: [[MIDINote]] {
        let pitchClass = tonic.rawValue % 12
        let bass = Self.bassOctave.first { $0 % 12 == pitchClass }!
        let upper = Self.upperTonics.first { $0 % 12 == pitchClass }!
        return voicings.map { chord in
            chord.enumerated().map { index, semitones in MIDINote((index == 0 ? bass : upper) + semitones)! }
        }
    }

    /// The scale degree each chord is built on (its root, the bass): 1, 4, 5, 1.
    public static let roots: [ScaleDegree] = [.one, .four, .five, .one]
}

/// How every cadence sounds, in the browser and in the terminal alike.
extension Cadence {
    /// Each chord: a brisk hymn tempo, long enough to hear the harmony move.
    public static let chordDuration = Duration.milliseconds(700)
    /// After the last chord: the tonic rings in the ear, then silence before the question.
    public static let restAfter = Duration.milliseconds(400)
    /// Four voices sound at once: each a quarter of a single note's power, so a chord is as loud as
    /// the note that follows it (10·log10 4).
    public static let voiceLevel = AmplitudeDB(-10 * log10(4.0))

    /// From the cadence's start to the question's first note.
    public static var duration: Duration { chordDuration * roots.count + restAfter }

    /// The chords as the API serves them, timed from the trial's start.
    public func fields(reference: ReferencePitch) -> [CadenceChord] {
        chords.enumerated().map { index, notes in
            CadenceChord(
                degree: Self.roots[index], startSeconds: (Self.chordDuration * index).seconds,
                durationSeconds: Self.chordDuration.seconds,
                notes: notes.map { NoteDTO($0, Frequency(note: $0, reference: reference)) },
                levelDB: Self.voiceLevel.rawValue)
        }
    }

    /// The chords as the terminal plays them, at the times and levels the browser is served.
    public func sounding(reference: ReferencePitch) -> [SoundingTones] {
        chords.enumerated().map { index, notes in
            SoundingTones(
                start: Self.chordDuration * index,
                tones: notes.map {
                    Tone(
                        frequency: Frequency(note: $0, reference: reference), duration: Self.chordDuration,
                        level: Self.voiceLevel)
                })
        }
    }
}
