import Foundation
import PeachAudio

/// Each key of each instrument is rendered once, on its first request, and kept as the WAV file the
/// route sends: a session touches a few dozen keys, and a second request for one in flight waits for
/// the same render.
actor NoteSampleCache {
    struct Entry: Sendable {
        let wav: Data
        let frequencyHz: Double
        let loop: Range<Int>?
    }

    enum Failure: Error {
        case noSamples
        case unplayable(String)
    }

    private let sampler: any NoteSampler
    private var entries: [String: Task<Entry, any Error>] = [:]

    init(sampler: any NoteSampler) { self.sampler = sampler }

    func entry(sound: String, key: Int) async throws -> Entry {
        let name = "\(sound)/\(key)"
        if let task = entries[name] { return try await task.value }
        let sampler = self.sampler
        // Off the actor and the server's event loops: FluidSynth renders synchronously (and loads
        // the preset on an instrument's first note).
        let task = Task.detached(priority: .userInitiated) { () throws -> Entry in
            let sample: NoteSample?
            do {
                sample = try sampler.sample(sound: sound, key: key)
            } catch {
                throw Failure.unplayable(String(describing: error))
            }
            guard let sample else { throw Failure.noSamples }
            return Entry(
                wav: WAVFile(samples: sample.samples, sampleRate: Int(sample.sampleRate)).data,
                frequencyHz: sample.frequency.hertz, loop: sample.loop)
        }
        entries[name] = task
        do {
            return try await task.value
        } catch {
            // A failure is not kept: the next request tries again (the SoundFont may be installed by then).
            entries[name] = nil
            throw error
        }
    }
}
