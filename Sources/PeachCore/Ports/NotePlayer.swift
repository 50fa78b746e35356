/// Whatever turns a frequency into sound: Web Audio in the browser, ALSA in the terminal.
public protocol NotePlayer: Sendable {
    /// Starts a note that sounds until its handle is stopped.
    func play(_ frequency: Frequency, level: AmplitudeDB) async throws(AudioError) -> any PlaybackHandle
}

extension NotePlayer {
    /// One note for its duration (`peach play`): returns when the note has ended.
    public func play(_ tone: Tone, clock: any Clock<Duration>) async throws(AudioError) {
        let handle = try await play(tone.frequency, level: tone.level)
        do {
            try await clock.sleep(for: tone.duration)
        } catch {
            // Cancelled mid-note: still release the note so nothing keeps sounding.
        }
        await handle.stop()
    }
}
