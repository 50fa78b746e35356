/// The tunable note for the session loop's driver (`PitchMatchingPiece.Effect`), on the NotePlayer
/// port: it owns the note's PlaybackHandle.
public actor HeldNote {
    private let player: any NotePlayer
    private var handle: (any PlaybackHandle)?
    /// A retune that arrived while the note was still starting; applied once it has started.
    private var pendingRetune: Frequency?
    /// Moved by every hold and release: a note whose start finds it moved was released meanwhile.
    private var turn = 0

    public init(_ player: any NotePlayer) { self.player = player }

    public func perform(_ effect: PitchMatchingPiece.Effect) async throws(AudioError) {
        switch effect {
        case .hold(let frequency):
            turn += 1
            let mine = turn
            pendingRetune = nil
            let started = try await player.play(frequency, level: .zero)
            guard mine == turn else {
                // Released while the note was starting: it has no owner any more.
                await started.stop()
                return
            }
            handle = started
            if let retune = pendingRetune {
                pendingRetune = nil
                try await started.adjustFrequency(retune)
            }
        case .retune(let frequency):
            guard let handle else {
                pendingRetune = frequency
                return
            }
            try await handle.adjustFrequency(frequency)
        case .release:
            turn += 1
            let released = handle
            handle = nil
            pendingRetune = nil
            await released?.stop()
        }
    }
}
