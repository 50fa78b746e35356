/// Draws a melody in a key: it starts on a note of the scale in the octave above the tonic, then
/// moves up or down by one of the allowed step sizes at a time, keeping every note in the note
/// range and the whole melody within `span` semitones.
public enum MelodyGenerator {
    /// - Parameters:
    ///   - steps: interval numbers a move may be (2: a second, 3: a third…), at least one.
    ///   - span: the most semitones from the melody's lowest note to its highest.
    public static func melody(
        in scale: DiatonicScale, length: Int, steps: [Int], span: Int, noteRange: NoteRange,
        using generator: inout some RandomNumberGenerator
    ) -> Melody {
        var indices = [Int.random(in: 0..<7, using: &generator)]
        while indices.count < length {
            let current = indices[indices.count - 1]
            let fits = { (index: Int) -> Bool in
                guard let note = scale.note(at: index), noteRange.contains(note) else { return false }
                let notes = (indices + [index]).compactMap(scale.note(at:)).map(\.rawValue)
                return notes.max()! - notes.min()! <= span
            }
            let moves = { (sizes: [Int]) in sizes.flatMap { [current + ($0 - 1), current - ($0 - 1)] }.filter(fits) }
            // A second always fits one way or the other once the span reaches a fifth; a step the
            // span has no room for left yields to it rather than ending the melody short.
            let candidates = moves(steps).isEmpty ? moves([2]) : moves(steps)
            indices.append(candidates.randomElement(using: &generator) ?? current)
        }
        return Melody(indices.map { scale.note(at: $0)! })
    }
}
