import Dispatch
import Foundation
import PeachAudio
import PeachServices

/// Each key of each instrument is rendered once, on its first request, and kept as the WAV file the
/// route sends: in memory, and on disk (when given a folder) for the next start of the server. A
/// session touches a few dozen keys, and a second request for one in flight waits for the same render.
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
    private let files: NoteSampleFiles?
    private var entries: [String: Task<Entry, any Error>] = [:]

    /// - Parameter directory: where rendered keys are kept across restarts; nil keeps them in memory only.
    init(sampler: any NoteSampler, directory: URL?) {
        self.sampler = sampler
        files = directory.flatMap { NoteSampleFiles(directory: $0, identity: sampler.identity) }
    }

    func entry(sound: String, key: Int) async throws -> Entry {
        let name = "\(sound)/\(key)"
        if let task = entries[name] { return try await task.value }
        let sampler = self.sampler
        let files = self.files
        let task = Task { () throws -> Entry in
            try await Self.blocking {
                if let kept = files?.read(sound: sound, key: key) { return kept }
                let sample: NoteSample?
                do {
                    sample = try sampler.sample(sound: sound, key: key)
                } catch {
                    throw Failure.unplayable(String(describing: error))
                }
                guard let sample else { throw Failure.noSamples }
                let entry = Entry(
                    wav: WAVFile(samples: sample.samples, sampleRate: Int(sample.sampleRate)).data,
                    frequencyHz: sample.frequency.hertz, loop: sample.loop)
                files?.write(entry, sound: sound, key: key)
                return entry
            }
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

    /// Runs `work` on a Dispatch thread: FluidSynth renders synchronously (and decodes a preset's
    /// samples on an instrument's first note, for up to half a second), which would hold one of the
    /// few threads Swift's own executor has (two on a two-core machine) and stall every other request.
    static func blocking<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global(qos: .userInitiated).async { continuation.resume(with: Result { try work() }) }
        }
    }
}
