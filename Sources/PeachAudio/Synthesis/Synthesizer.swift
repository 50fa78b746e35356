import PeachCore
import Synchronization

/// The voices that are sounding, mixed on demand. Commands (start, retune, release) may come from
/// any thread; `render` is called by whoever consumes the sound (an ALSA thread, an offline render).
/// A command takes effect at the first sample of the next rendered block.
public final class Synthesizer: Sendable {
    public let settings: SynthesisSettings
    public let timbre: Timbre
    /// When set, notes are this instrument's, resampled to their frequency; otherwise `timbre`'s.
    public let instrument: (any Instrument)?
    private let state: Mutex<State>

    private struct State {
        var voices: [Voice] = []
        /// Sample buffers played once as they are (a rhythm trial's clicks), each with how far it has sounded.
        var recordings: [(samples: [Float], position: Int)] = []
        var nextID = 0
        /// Counts every start, retune and release, so an output can tell when a change reached it.
        var changes = 0
        var failure: AudioError?
    }

    public init(
        settings: SynthesisSettings = SynthesisSettings(), timbre: Timbre = .sine, instrument: (any Instrument)? = nil
    ) {
        self.settings = settings
        self.timbre = timbre
        self.instrument = instrument
        var initial = State()
        initial.voices.reserveCapacity(16)
        state = Mutex(initial)
    }

    /// Starts a note with its attack ramp. Throws the output's failure once the sound has stopped for good.
    public func start(_ frequency: Frequency, level: AmplitudeDB) throws(AudioError) -> VoiceID {
        let result: Result<VoiceID, AudioError> = state.withLock { state in
            if let failure = state.failure { return .failure(failure) }
            let id = VoiceID(rawValue: state.nextID)
            state.nextID += 1
            state.changes += 1
            let source: (any NoteSource)?
            do throws(AudioError) {
                source = try instrument?.source(for: frequency)
            } catch {
                return .failure(error)
            }
            state.voices.append(
                Voice(id: id, frequency: frequency, level: level, timbre: timbre, source: source, settings: settings))
            return .success(id)
        }
        return try result.get()
    }

    /// Glides a sounding note to `frequency`; a note that has ended ignores it.
    public func retune(_ id: VoiceID, to frequency: Frequency) throws(AudioError) {
        let failure: AudioError? = state.withLock { state in
            if let failure = state.failure { return failure }
            guard let index = state.voices.firstIndex(where: { $0.id == id }) else { return nil }
            state.changes += 1
            state.voices[index].retune(to: frequency, settings: settings)
            return nil
        }
        if let failure { throw failure }
    }

    /// Starts the release ramp; releasing a note twice, or one that has ended, changes nothing.
    public func release(_ id: VoiceID) {
        state.withLock { state in
            guard let index = state.voices.firstIndex(where: { $0.id == id }), !state.voices[index].isReleasing else {
                return
            }
            state.changes += 1
            state.voices[index].release(settings: settings)
        }
    }

    /// Plays `samples` once, unchanged, from the first sample of the next rendered block: a whole
    /// rhythm pattern at once, so the spacing of its clicks is exact to the sample.
    public func play(_ samples: [Float]) throws(AudioError) {
        let failure: AudioError? = state.withLock { state in
            if let failure = state.failure { return failure }
            state.changes += 1
            state.recordings.append((samples, 0))
            return nil
        }
        if let failure { throw failure }
    }

    /// Silences every playing recording at once (the clicks end on their own within 50 ms anyway).
    public func stopRecordings() {
        state.withLock { state in
            guard !state.recordings.isEmpty else { return }
            state.changes += 1
            state.recordings.removeAll()
        }
    }

    /// Marks the sound as lost (the device went away); every later command throws `error`.
    public func fail(_ error: AudioError) {
        state.withLock { state in
            if state.failure == nil { state.failure = error }
            for voice in state.voices { voice.finish() }
            state.voices.removeAll()
        }
    }

    public var activeVoiceCount: Int { state.withLock { $0.voices.count + $0.recordings.count } }

    /// Overwrites `buffer` with the next samples of the mix and returns how many commands it reflects.
    @discardableResult
    public func render(into buffer: UnsafeMutableBufferPointer<Float>) -> Int {
        buffer.update(repeating: 0)
        return state.withLock { state in
            for index in state.voices.indices {
                state.voices[index].render(adding: buffer)
            }
            for voice in state.voices where voice.isFinished { voice.finish() }
            state.voices.removeAll { $0.isFinished }
            for index in state.recordings.indices {
                let (samples, position) = state.recordings[index]
                let count = min(buffer.count, samples.count - position)
                for frame in 0..<count { buffer[frame] += samples[position + frame] }
                state.recordings[index].position += count
            }
            state.recordings.removeAll { $0.position >= $0.samples.count }
            return state.changes
        }
    }

    /// Convenience for offline use: the next `count` samples as an array.
    public func render(count: Int) -> [Float] {
        var samples = [Float](repeating: 0, count: count)
        samples.withUnsafeMutableBufferPointer { buffer in _ = render(into: buffer) }
        return samples
    }
}
